import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { environmentsQueryOptions, sessionQueryOptions } from '@/console/api/session';
import { LoginScreen } from '@/console/features/auth/login-screen';
import { withFallback } from '@/console/lib/search-params';

// `redirect` is user input: only a same-origin path is kept, so a link cannot send anyone elsewhere.
const loginSearchSchema = z.object({
  redirect: withFallback(z.string().check(z.regex(/^\/(?![/\\])/), z.maxLength(2000)), ''),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
    if (session) throw redirect({ to: '/' });
  },
  // The environments come with the route, so the form renders complete. A failure is the root's
  // error component (with a retry, or the offline panel).
  loader: ({ context }) => context.queryClient.ensureQueryData(environmentsQueryOptions()),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  const router = useRouter();
  const environments = Route.useLoaderData();
  return (
    <LoginScreen
      environments={environments}
      onLoggedIn={() => {
        if (target) router.history.push(target);
        else void router.navigate({ to: '/' });
      }}
    />
  );
}
