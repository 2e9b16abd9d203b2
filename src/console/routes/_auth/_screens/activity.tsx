import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { activityQueryOptions } from '@/console/api/activity';
import { offers } from '@/console/app/navigation';
import { RouteError } from '@/console/components/route-error';
import { ActivityScreen } from '@/console/features/activity/activity-screen';
import {
  ACTIVITY_SEARCH_DEFAULTS,
  activityQueryOf,
  activitySearchSchema,
} from '@/console/features/activity/search';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { loadArea } from '@/console/lib/i18n';
import { useSearchChange } from '@/console/lib/use-search-change';
import { CentreFilter } from '@/console/features/activity/load-centre-filter';

// The provider's activity log (docs/decisions/0022): its filters in the URL. The first page starts
// loading with the screen's code; the screen shows it loading, and keeps a filter's entries on
// screen while the next filter's load.
export const Route = createFileRoute('/_auth/_screens/activity')({
  validateSearch: activitySearchSchema,
  search: { middlewares: [stripSearchParams(ACTIVITY_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // Started, not awaited; what is already in the cache (the page the proxy rendered,
    // docs/decisions/0028) is not asked for twice: the screen's own query reads it again when stale.
    context.queryClient.ensureInfiniteQueryData(activityQueryOptions(activityQueryOf(deps))).catch(() => {});
    // Never the whole child list (issue 24, docs/decisions/0024): the screen names the centres its
    // entries show one by one, and its centre filter searches the proxy's index as it is typed.
    // The outcomes of contract events are said in the contract area's words, as on its tab.
    // The centre filter's chunk too, so that it hydrates with the screen (lib/lazy-component.ts).
    await Promise.all([loadArea('activity'), loadArea('contract'), CentreFilter.preload()]);
  },
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  // The error component stays with the route tree, so that offline it needs no file and the shell
  // stays around the offline panel (vite.config.ts).
  codeSplitGroupings: [['loader'], ['component']],
  component: ActivityRoute,
});

function ActivityRoute() {
  const { session, environment } = Route.useRouteContext();
  return (
    <ActivityScreen
      providerId={session.providerId}
      listOffered={offers(environment.operations, ['listChildCenters'])}
      search={Route.useSearch()}
      onSearchChange={useSearchChange(Route.useNavigate())}
    />
  );
}
