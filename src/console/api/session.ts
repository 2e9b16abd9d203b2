import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sessionExpiry } from '@/console/lib/session-expiry';
import {
  demoLogin,
  getEnvironments,
  getSession,
  getSignInOptions,
  login,
  logout,
  type DemoLoginRequest,
  type LoginRequest,
  type Session,
} from '@/proxy-api/console';
import { unwrap } from '@/contract/result';
import { proxyClient } from './client.ts';

// The proxy's own surface (the console wire, src/proxy-api/console.ts): who is signed in, the
// environments it offers, sign-in and sign-out. Not upstream operations: the token of spec 4.1 never
// reaches the browser.

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
  environments: () => [...sessionKeys.all, 'environments'] as const,
  signInOptions: () => [...sessionKeys.all, 'sign-in-options'] as const,
};

/**
 * The session, or null when nobody is signed in; read by the login guard and the shell. The guard
 * reads both on every navigation and nothing observes them, so they are kept for the page's life
 * (not the five minutes of an unobserved query): after a while on one screen, a navigation while
 * offline would otherwise fetch them again, fail above the shell and take the whole frame with it.
 * A session that ends meanwhile is told by the next call's 401 (the re-login dialog, decision 0006).
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: async ({ signal }) => unwrap(await getSession(proxyClient, { signal })),
    staleTime: 60_000,
    gcTime: Infinity,
  });

export const environmentsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.environments(),
    queryFn: async ({ signal }) => unwrap(await getEnvironments(proxyClient, { signal })),
    staleTime: 5 * 60_000,
    gcTime: Infinity,
  });

/** Which ways to sign in the proxy offers: the organisation's, client credentials (docs/decisions/0023). */
export const signInOptionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.signInOptions(),
    queryFn: async ({ signal }) => unwrap(await getSignInOptions(proxyClient, { signal })),
    staleTime: 5 * 60_000,
  });

/** `POST /auth/login`; the new session goes straight into the cache the guard reads. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginRequest) => unwrap(await login(proxyClient, input)),
    // A refused sign-in is this form's answer, not an ended session (the re-login dialog's).
    meta: { handlesAuthErrors: true },
    onSuccess: (session) => signedIn(queryClient, session),
  });
}

/**
 * `POST /auth/demo-login` (D12): signs in as a demo login by name. The proxy holds the demo's
 * secrets, so that no built console carries one.
 */
export function useDemoSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DemoLoginRequest) => unwrap(await demoLogin(proxyClient, input)),
    meta: { handlesAuthErrors: true },
    onSuccess: (session) => signedIn(queryClient, session),
  });
}

/**
 * A new session: the guard reads it from the cache, and an ended one is over (decision 0006), also
 * when the user logged out from the re-login dialog instead of signing in there.
 */
function signedIn(queryClient: QueryClient, session: Session) {
  queryClient.setQueryData(sessionKeys.current(), session);
  sessionExpiry.resolve();
}

/**
 * `POST /auth/logout`: the session ends on the server; nothing of it stays in the page. A person
 * is also signed out of their organisation's provider: the answer says where (RP-initiated logout).
 */
export async function signOut(queryClient: { clear: () => void }): Promise<string | undefined> {
  // Whatever the answer, the page forgets the session: the server ends it on its own timer too.
  const result = await logout(proxyClient);
  queryClient.clear();
  return result.ok ? result.value?.signOutUrl : undefined;
}
