import { NavLink } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { createFileRoute, Link, Outlet, redirect, useMatchRoute, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useSwitchConnection } from '@/console/api/person-session';
import { environmentsQueryOptions, sessionQueryOptions, signOut } from '@/console/api/session';
import { alertLinkSearchSchema } from '@/console/app/alert-link-search';
import { navigationFor, type NavigationEntry } from '@/console/app/navigation';
import { useOwnCentreLogin } from '@/console/app/own-centre';
import { NotificationsHost } from '@/console/components/notifications-host';
import { Shell } from '@/console/components/shell';
import { UnreadBadge } from '@/console/features/alerts/unread-badge';
import { loadArea, useI18n } from '@/console/lib/i18n';
import { useSessionExpired } from '@/console/lib/session-expiry';
import { startTypeahead, stopTypeahead } from '@/console/lib/typeahead';

// Lazy: the palette (and @mantine/spotlight) loads on first Ctrl/Cmd+K, not with the entry; what
// is typed meanwhile waits for its input (lib/typeahead.ts).
const CentreSpotlight = lazy(() =>
  import('@/console/features/centres/centre-spotlight').catch((error: unknown) => {
    stopTypeahead();
    throw error;
  }),
);
// Lazy too: the re-login dialog (a modal and the login form) loads when a session ends.
const ReloginDialog = lazy(() =>
  import('@/console/features/auth/relogin-dialog').then((module) => ({ default: module.ReloginDialog })),
);

// The login guard, once, in a pathless layout (TanStack Router's `_auth.tsx` pattern).
export const Route = createFileRoute('/_auth')({
  validateSearch: alertLinkSearchSchema,
  beforeLoad: async ({ context, location, search }) => {
    // All at once: the environments never wait for the session (docs/decisions/0017), nor the
    // signed-in frame's words, which stay out of the login page's entry (lib/i18n AREAS).
    const environmentsLoad = context.queryClient.ensureQueryData(environmentsQueryOptions());
    const wordsLoad = loadArea('shell');
    // Handled now, awaited below: if the session's read fails first, their failure is not an
    // unhandled rejection (in the proxy's server render, docs/decisions/0028, that ends the process).
    environmentsLoad.catch(() => {});
    wordsLoad.catch(() => {});
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    const [environments] = await Promise.all([environmentsLoad, wordsLoad]);
    // An alert's link naming its connection (issue 47 item 4): followed in the browser only, where
    // the session lives (the proxy renders no such address, features/site/routes.ts).
    if (search.via !== undefined && typeof document !== 'undefined') {
      const { followAlertLink } = await import('@/console/app/follow-alert-link');
      throw await followAlertLink(context.queryClient, session, search.via, location);
    }
    // A session in an environment the proxy no longer lists offers nothing but a way out.
    const environment = environments.find((candidate) => candidate.id === session.environment) ?? {
      id: session.environment,
      label: session.environment,
      kind: 'production' as const,
      operations: [],
    };
    return { session, environment };
  },
  component: AuthLayout,
});

function AuthLayout() {
  const { session, environment, queryClient } = Route.useRouteContext();
  const router = useRouter();
  const [openRequest, setOpenRequest] = useState(0);
  const expired = useSessionExpired();
  const ownCentre = useOwnCentreLogin(session.providerId);
  // A centre's own login has no centres to search (D3).
  const canSearch = environment.operations.includes('listChildCenters') && !ownCentre;
  const openPalette = () => {
    startTypeahead();
    setOpenRequest((count) => count + 1);
  };
  // Before the palette is loaded, the shortcut loads it; afterwards the palette opens itself, and
  // here what is typed next is kept until its input has the focus.
  useHotkeys(canSearch ? [['mod+K', openRequest === 0 ? openPalette : startTypeahead]] : []);
  const logout = async () => {
    const signOutUrl = await signOut(queryClient);
    // A person goes where the proxy says (RP-Initiated Logout 1.0): their organisation's provider,
    // which signs them out too and sends them to /login?signedOut=everywhere, or /login?signedOut=console
    // when it cannot. A top-level navigation, as the sign-in's own redirects are.
    if (signOutUrl && /^(https?:\/\/|\/(?![/\\]))/.test(signOutUrl)) window.location.assign(signOutUrl);
    else await router.navigate({ to: '/login' });
  };
  const switcher = useSwitchConnection();
  const switchTo = (connectionId: string) =>
    switcher.mutate(connectionId, {
      // The first screen of the new connection: the old one's centres are not this one's.
      onSuccess: () => void router.navigate({ to: '/' }).then(() => router.invalidate()),
    });
  return (
    <Shell
      environment={environment}
      providerId={session.providerId}
      clientId={session.clientId}
      unverified={session.providerVerified === false}
      onSearch={canSearch ? openPalette : undefined}
      onLogout={() => void logout()}
      person={session.person ? session : undefined}
      onSwitch={switchTo}
      switching={switcher.isPending}
      nav={navigationFor(environment.operations, { ownCentre, rights: session }).map((entry) => (
        <NavEntry key={entry.to} entry={entry} />
      ))}
    >
      <Outlet />
      <NotificationsHost />
      {expired ? (
        <Suspense fallback={null}>
          <ReloginDialog session={session} onLogout={() => void logout()} />
        </Suspense>
      ) : null}
      {openRequest > 0 ? (
        <Suspense fallback={null}>
          <CentreSpotlight key={openRequest} providerId={session.providerId} />
        </Suspense>
      ) : null}
    </Shell>
  );
}

/** One navigation entry, marked active on its own page and on its child pages (a centre under Centres). */
function NavEntry({ entry }: { entry: NavigationEntry }) {
  const { t } = useI18n();
  const matchRoute = useMatchRoute();
  const active = Boolean(matchRoute({ to: entry.to, fuzzy: true }));
  return (
    <NavLink
      active={active}
      label={t(entry.label)}
      rightSection={entry.to === '/inbox' ? <UnreadBadge /> : undefined}
      renderRoot={(props) => <Link to={entry.to} aria-current={active ? 'page' : undefined} {...props} />}
    />
  );
}
