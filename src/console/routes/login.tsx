import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { z } from 'zod/mini';
import {
  environmentsQueryOptions,
  sessionQueryOptions,
  signInOptionsQueryOptions,
} from '@/console/api/session';
import { LoginScreen } from '@/console/features/auth/login-screen';
import { loadArea } from '@/console/lib/i18n';
import { withFallback } from '@/console/lib/search-params';
import { SIGN_IN_PROBLEMS, SIGNED_OUT_KINDS } from '@/proxy-api/console';

// `redirect` is user input: only a same-origin path is kept, so a link cannot send anyone elsewhere.
const loginSearchSchema = z.object({
  redirect: withFallback(z.string().check(z.regex(/^\/(?![/\\])/), z.maxLength(2000)), ''),
  // Where a failed organisation sign-in lands (docs/decisions/0023): what happened, with Retry.
  // oxlint-disable-next-line promise/valid-params -- zod/mini's catch, not a promise's
  signIn: z.catch(z.optional(z.enum(SIGN_IN_PROBLEMS)), undefined),
  // Where a person's sign-out lands (RP-Initiated Logout 1.0): signed out of the provider too, or not.
  // oxlint-disable-next-line promise/valid-params -- zod/mini's catch, not a promise's
  signedOut: z.catch(z.optional(z.enum(SIGNED_OUT_KINDS)), undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
    if (session) throw redirect({ to: '/' });
  },
  // The environments come with the route, so the form renders complete. A failure is the root's
  // error component (with a retry, or the offline panel).
  loaderDeps: ({ search }) => ({ problem: search.signIn, signedOut: search.signedOut }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(environmentsQueryOptions()),
      // A proxy that predates organisation sign-in offers client credentials only.
      context.queryClient
        .ensureQueryData(signInOptionsQueryOptions())
        .catch(() => ({ organisation: false, clientCredentials: true })),
      // Why a sign-in did not complete, or how a sign-out went, is said in the shell's words, kept
      // out of the entry.
      deps.problem || deps.signedOut ? loadArea('shell') : undefined,
    ]),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target, signIn: problem, signedOut } = Route.useSearch();
  const router = useRouter();
  const [environments, options] = Route.useLoaderData();
  return (
    <LoginScreen
      environments={environments}
      options={options}
      problem={problem}
      signedOut={signedOut}
      returnTo={target}
      onLoggedIn={() => {
        if (target) router.history.push(target);
        else void router.navigate({ to: '/' });
      }}
    />
  );
}
