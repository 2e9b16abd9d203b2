import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { authKeys, sessionQueryOptions } from '@/features/auth/api';
import { LoginScreen } from '@/features/auth/login-screen';

// Only same-origin paths: `redirect` is user input and must not send anyone elsewhere.
const loginSearchSchema = z.object({
  redirect: z.catch(z.optional(z.string().check(z.regex(/^\/(?!\/)/))), undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
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
