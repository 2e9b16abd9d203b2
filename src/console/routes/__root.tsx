import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
}

// The shell lives in the authenticated layout (`_auth.tsx`); the login screen stands alone.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});
