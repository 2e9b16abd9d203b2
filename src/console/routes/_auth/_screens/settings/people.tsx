import { createFileRoute } from '@tanstack/react-router';
import { peopleQueryOptions } from '@/console/api/people';
import { RouteError } from '@/console/components/route-error';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { PeopleScreen } from '@/console/features/people/people-screen';
import { loadArea } from '@/console/lib/i18n';
import { InviteForm } from '@/console/features/people/load-invite-form';

// The people of the current connection (docs/decisions/0023): an admin's (app/navigation.ts).
export const Route = createFileRoute('/_auth/_screens/settings/people')({
  loader: ({ context }) =>
    Promise.all([
      loadArea('people'),
      InviteForm.preload(),
      context.queryClient.ensureQueryData(peopleQueryOptions()),
    ]),
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  // The error component stays with the route tree, so that offline it needs no file and the shell
  // stays around the offline panel (vite.config.ts).
  codeSplitGroupings: [['loader'], ['component']],
  component: PeopleRoute,
});

function PeopleRoute() {
  const { session } = Route.useRouteContext();
  return <PeopleScreen connection={session.connection?.label ?? ''} me={session.person?.email} />;
}
