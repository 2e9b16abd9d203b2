import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '@/console/components/route-error';
import { registerSearchSchema } from '@/console/features/doctors/doctors-rules';
import { RegisterWorkspace } from '@/console/features/doctors/load-register-workspace';
import { RegisterScreen } from '@/console/features/doctors/register-screen';
import { loadArea } from '@/console/lib/i18n';
import { useSearchChange } from '@/console/lib/use-search-change';

// Doctor registration (4.2): in every environment, and the home of the development one (D3).
export const Route = createFileRoute('/_auth/_screens/doctors/register')({
  validateSearch: registerSearchSchema,
  // The workspace's chunk beside the words, so that the screen renders (and hydrates) it at once.
  loader: () => Promise.all([loadArea('doctors'), RegisterWorkspace.preload()]),
  errorComponent: RouteError,
  component: RegisterRoute,
});

function RegisterRoute() {
  const { session, environment } = Route.useRouteContext();
  return (
    <RegisterScreen
      providerId={session.providerId}
      canListCentres={environment.operations.includes('listChildCenters')}
      search={Route.useSearch()}
      onSearchChange={useSearchChange(Route.useNavigate())}
    />
  );
}
