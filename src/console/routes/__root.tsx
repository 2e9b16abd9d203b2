import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { RouteError } from '@/console/components/route-error';
import { PageNotFound } from '@/console/components/page-not-found';

export interface RouterContext {
  queryClient: QueryClient;
}

// The shell lives in the authenticated layout (`_auth.tsx`); the login screen stands alone. A path
// no route knows is caught by the layout's splat route (`_auth/$.tsx`, inside the shell); this
// not-found is for what is thrown outside it.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
  notFoundComponent: PageNotFound,
});
