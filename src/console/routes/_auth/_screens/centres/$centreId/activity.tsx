import { createFileRoute } from '@tanstack/react-router';
import { recentActivityQueryOptions } from '@/console/api/activity';
import { offers } from '@/console/app/navigation';
import { RouteError } from '@/console/components/route-error';
import { CentreActivity, RECENT_ENTRIES } from '@/console/features/activity/centre-activity';
import { loadArea } from '@/console/lib/i18n';

// A centre's recent activity (docs/decisions/0022): its own entries, with a link to the rest.
export const Route = createFileRoute('/_auth/_screens/centres/$centreId/activity')({
  loader: ({ context, params }) =>
    Promise.all([
      loadArea('activity'),
      loadArea('contract'),
      context.queryClient.ensureQueryData(recentActivityQueryOptions(params.centreId, RECENT_ENTRIES)),
    ]),
  errorComponent: RouteError,
  // The error component stays with the route tree, so that offline it needs no file and the shell
  // stays around the offline panel (vite.config.ts).
  codeSplitGroupings: [['loader'], ['component']],
  component: CentreActivityRoute,
});

function CentreActivityRoute() {
  const { centreId } = Route.useParams();
  const { session, environment } = Route.useRouteContext();
  return (
    <CentreActivity
      providerId={session.providerId}
      centreId={centreId}
      listOffered={offers(environment.operations, ['listChildCenters'])}
    />
  );
}
