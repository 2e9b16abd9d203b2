import '@mantine/core/styles/NavLink.css';
import { NavLink } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { createFileRoute, Link, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { Shell } from '@/console/components/shell';
import { environmentsQueryOptions, logout, sessionQueryOptions } from '@/console/features/auth/api';
import { useI18n } from '@/console/lib/i18n';
import { useSessionExpired } from '@/console/lib/session-expiry';

// Lazy: the palette (and @mantine/spotlight) loads on first Ctrl/Cmd+K, not with the entry.
const CentreSpotlight = lazy(() => import('@/console/features/centres/centre-spotlight'));
// Lazy too: the re-login dialog (a modal and the whole login form) loads when a session ends.
const ReloginDialog = lazy(() =>
  import('@/console/features/auth/relogin-dialog').then((module) => ({ default: module.ReloginDialog })),
);

// The login guard, once, in a pathless layout (TanStack Router's `_auth.tsx` pattern).
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    const environments = await context.queryClient.ensureQueryData(environmentsQueryOptions());
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
  const { t } = useI18n();
  const router = useRouter();
  const [openRequest, setOpenRequest] = useState(0);
  const expired = useSessionExpired();
  const openPalette = () => setOpenRequest((count) => count + 1);
  // Before the palette is loaded, the shortcut loads it; afterwards the palette handles it itself.
  useHotkeys(openRequest === 0 ? [['mod+K', openPalette]] : []);
  return (
    <Shell
      environment={environment}
      providerId={session.providerId}
      clientId={session.clientId}
      onSearch={openPalette}
      onLogout={async () => {
        await logout();
        // Nothing of this session stays in the browser's memory (issue 5).
        queryClient.clear();
        await router.navigate({ to: '/login' });
      }}
      nav={
        <NavLink
          label={t('shell.nav.centres')}
          renderRoot={(props) => <Link to="/centres" activeOptions={{ includeSearch: false }} {...props} />}
        />
      }
    >
      <Outlet />
      {expired ? (
        <Suspense fallback={null}>
          <ReloginDialog session={session} />
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
