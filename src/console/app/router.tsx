import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '@/console/routeTree.gen';

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // The first load shows the shell and a screen's loading state as soon as the session is known,
    // instead of a blank page until the screen's data arrives (docs/decisions/0017); later
    // navigations keep TanStack's defaults (loading state after 1 s, then at least 0.5 s), so a fast
    // answer never flickers.
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    // Loaders read through the query cache, so the router need not cache on its own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
  const stop = router.subscribe('onResolved', () => {
    stop();
    router.options.defaultPendingMs = 1000;
    router.options.defaultPendingMinMs = 500;
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
