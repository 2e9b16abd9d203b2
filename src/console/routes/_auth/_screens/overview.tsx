import type { QueryClient } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { serviceClockQueryOptions } from '@/console/api/service-clock';
import { watchedCentresQueryOptions } from '@/console/api/watch';
import { rethrowOrOpenOwnCentre } from '@/console/app/own-centre';
import { RouteError } from '@/console/components/route-error';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { OverviewScreen } from '@/console/features/overview/overview-screen';
import { OVERVIEW_SEARCH_DEFAULTS, overviewSearchSchema } from '@/console/features/overview/search';
import { loadArea } from '@/console/lib/i18n';
import { useSearchChange } from '@/console/lib/use-search-change';

/** A read started ahead of the loader: its failure is the loader's to show. */
const ignore = () => {};

// The overview across a parent's centres (a parent's home); each centre's licence data is loaded
// by the screen, progressively, into the same cache the Licences tab reads.
export const Route = createFileRoute('/_auth/_screens/overview')({
  validateSearch: overviewSearchSchema,
  search: { middlewares: [stripSearchParams(OVERVIEW_SEARCH_DEFAULTS)] },
  // The loader's reads start here, before the route's chunks (about 20 on a click) queue ahead of
  // them on the browser's six connections (docs/decisions/0025). Not awaited: the loader awaits
  // the same reads, and shows their failure.
  beforeLoad: ({ context: { queryClient, session, environment } }) => {
    loadArea('licences').catch(ignore);
    queryClient.ensureQueryData(serviceClockQueryOptions(environment.kind)).catch(ignore);
    if (session.connection === undefined) return;
    // Through a module of its own: watch.ts itself is imported by the screens, so loading it here
    // would split nothing (the build's INEFFECTIVE_DYNAMIC_IMPORT), and importing it would put it in
    // the entry with the route tree.
    import('@/console/api/watch-prefetch')
      .then((watch) => watch.prefetchWatchedCentres(queryClient))
      .catch(ignore);
  },
  loader: ({ context }) =>
    Promise.all([
      // The state and billing words are the licences area's.
      loadArea('licences'),
      context.queryClient.ensureQueryData(serviceClockQueryOptions(context.environment.kind)),
      centresOf(context.queryClient, context.session.providerId, context.session.connection !== undefined),
    ]),
  // The centres' skeleton: already in the entry, where pending components ship.
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  // The loader travels in its own chunk, not with the entry (the login entry's budget, 0006); the
  // error component stays with the route tree, so that offline it needs no file (vite.config.ts).
  codeSplitGroupings: [['loader'], ['component']],
  component: OverviewRoute,
});

/**
 * docs/decisions/0025: a stored connection's centres, as the watcher keeps them, are enough for the
 * first paint; the child list (which adds centres not read yet, and their country and city) follows.
 * Without snapshots (a client-credential session, or before the first refresh), the child list.
 */
async function centresOf(queryClient: QueryClient, providerId: number, hasConnection: boolean) {
  const list = childCentersQueryOptions(providerId);
  const watched = hasConnection ? await queryClient.ensureQueryData(watchedCentresQueryOptions()) : null;
  if (watched && watched.centres.length > 0) void queryClient.prefetchQuery(list);
  // The screens' guard left this check to here (routes/_auth/_screens.tsx): a centre's own login
  // (403, D3) opens its own page.
  else
    await queryClient
      .ensureQueryData(list)
      .catch((error: unknown) => rethrowOrOpenOwnCentre(error, providerId));
}

function OverviewRoute() {
  const { session, environment } = Route.useRouteContext();
  return (
    <OverviewScreen
      providerId={session.providerId}
      environment={environment.kind}
      hasConnection={session.connection !== undefined}
      search={Route.useSearch()}
      onSearchChange={useSearchChange(Route.useNavigate())}
    />
  );
}
