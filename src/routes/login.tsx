import { createFileRoute, redirect, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { authKeys, sessionQueryOptions } from '@/features/auth/api';
import { LoginScreen } from '@/features/auth/login-screen';

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
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  const { queryClient } = Route.useRouteContext();
  const router = useRouter();
  return (
    <LoginScreen
      onLoggedIn={(session) => {
        queryClient.setQueryData(authKeys.session(), session);
        if (target) router.history.push(target);
        else void router.navigate({ to: '/centres' });
      }}
    />
  );
}
