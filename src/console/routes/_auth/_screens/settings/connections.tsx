import { createFileRoute } from '@tanstack/react-router';
import { connectionsQueryOptions } from '@/console/api/connections';
import { environmentsQueryOptions } from '@/console/api/session';
import { RouteError } from '@/console/components/route-error';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { ConnectionsScreen } from '@/console/features/connections/connections-screen';
import { loadArea } from '@/console/lib/i18n';
import { AddConnectionForm } from '@/console/features/connections/load-add-connection-form';

// The connections an admin manages (docs/decisions/0023): an admin's (app/navigation.ts).
export const Route = createFileRoute('/_auth/_screens/settings/connections')({
  loader: ({ context }) =>
    Promise.all([
      loadArea('people'),
      // The section on the alert messages that did not go out speaks the alerts' words.
      loadArea('alerts'),
      AddConnectionForm.preload(),
      context.queryClient.ensureQueryData(connectionsQueryOptions()),
      context.queryClient.ensureQueryData(environmentsQueryOptions()),
    ]),
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  // The error component stays with the route tree, so that offline it needs no file and the shell
  // stays around the offline panel (vite.config.ts).
  codeSplitGroupings: [['loader'], ['component']],
  component: ConnectionsScreen,
});
