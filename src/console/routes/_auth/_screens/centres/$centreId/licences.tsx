import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { licenceSummaryQueryOptions } from '@/console/api/get-licenses';
import { everyDoctorWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { serviceClockQueryOptions } from '@/console/api/service-clock';
import { RouteError } from '@/console/components/route-error';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { LicencesScreen } from '@/console/features/licences/licences-screen';
import {
  LICENCES_SEARCH_DEFAULTS,
  licencesSearchSchema,
  renamedLicencesSearch,
} from '@/console/features/licences/search';
import { loadArea } from '@/console/lib/i18n';
import { useSearchChange } from '@/console/lib/use-search-change';

// A centre's Licences tab: the same query options as its screen and as the overview, so a centre
// opened from the overview draws from the cache at once.
export const Route = createFileRoute('/_auth/_screens/centres/$centreId/licences')({
  validateSearch: licencesSearchSchema,
  search: { middlewares: [stripSearchParams(LICENCES_SEARCH_DEFAULTS)] },
  // A saved link with the drawer's old parameter opens the drawer under its new name.
  beforeLoad: ({ search, params }) => {
    const renamed = renamedLicencesSearch(search);
    if (renamed)
      throw redirect({ to: '/centres/$centreId/licences', params, search: renamed, replace: true });
  },
  loader: ({ context, params }) =>
    Promise.all([
      loadArea('licences'),
      context.queryClient.ensureQueryData(licenceSummaryQueryOptions(params.centreId)),
      context.queryClient.ensureQueryData(everyDoctorWithLicensesQueryOptions(params.centreId)),
      context.queryClient.ensureQueryData(serviceClockQueryOptions(context.environment.kind)),
    ]),
  // The centres' skeleton: already in the entry, where pending components ship.
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  // The loader travels in its own chunk, not with the entry (the login entry's budget, 0006); the
  // error component stays with the route tree, so that offline it needs no file (vite.config.ts).
  codeSplitGroupings: [['loader'], ['component']],
  component: LicencesRoute,
});

function LicencesRoute() {
  const { centreId } = Route.useParams();
  const { environment, session } = Route.useRouteContext();
  return (
    <LicencesScreen
      centreId={centreId}
      environment={environment.kind}
      hasConnection={session.connection !== undefined}
      search={Route.useSearch()}
      onSearchChange={useSearchChange(Route.useNavigate())}
    />
  );
}
