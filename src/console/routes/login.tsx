import { createFileRoute, redirect, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { authKeys, environmentsQueryOptions, sessionQueryOptions } from '@/console/features/auth/api';
import { LoginScreen } from '@/console/features/auth/login-screen';

// Only same-origin paths: `redirect` is user input and must not send anyone elsewhere.
function parseLoginSearch(search: { redirect?: unknown } & SearchSchemaInput): { redirect?: string } {
  const target = search.redirect;
  return typeof target === 'string' && /^\/(?![/\\])/.test(target) ? { redirect: target } : {};
}

export const Route = createFileRoute('/login')({
  validateSearch: parseLoginSearch,
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
    if (session) throw redirect({ to: '/centres' });
  },
  // The environments come with the route, so the form renders complete (and needs no query hooks).
  // A failure is shown inside the screen (with a retry), not by an error component: that would add
  // its own chunk to the login screen's first load.
  loader: async ({ context }) => {
    try {
      return {
        environments: await context.queryClient.ensureQueryData(environmentsQueryOptions()),
        failed: false,
      };
    } catch {
      return { environments: [], failed: true };
    }
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  const { queryClient } = Route.useRouteContext();
  const router = useRouter();
  const { environments, failed } = Route.useLoaderData();
  return (
    <LoginScreen
      environments={environments}
      failed={failed}
      onRetry={() => void router.invalidate()}
      onLoggedIn={(session) => {
        queryClient.setQueryData(authKeys.session(), session);
        if (target) router.history.push(target);
        else void router.navigate({ to: '/centres' });
      }}
    />
  );
}
