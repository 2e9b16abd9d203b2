import { AppShell, Badge, Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { EnvironmentKind, Session } from '@/proxy-api/console';
import { useI18n } from '@/console/lib/i18n';
import { ShellAccount, ShellHeader } from './shell-parts.tsx';
import { LanguageSelect } from './shell-controls.tsx';

// Production is red so that nobody mistakes it for a test environment.
const environmentColour: Record<EnvironmentKind, string> = {
  production: 'red',
  qa: 'indigo',
  development: 'gray',
  demo: 'grape',
};

export interface ShellProps {
  /**
   * Who is signed in, and where. Absent only in the frame prerendered at build time
   * (app/prerender.tsx), which paints before the session is known: no badge, no identity.
   */
  environment?: { kind: EnvironmentKind } | undefined;
  providerId?: number | undefined;
  clientId?: string | undefined;
  /**
   * The environment could not confirm at sign-in that the provider id belongs to the credentials
   * (development lacks the operations that would tell, D3; the console wire's `providerVerified`).
   */
  unverified?: boolean | undefined;
  onLogout?: (() => void) | undefined;
  /**
   * A person signed in as themselves (docs/decisions/0023): who, the connection they work through
   * (always named on screen), their role, and the others they may switch to.
   */
  person?: Pick<Session, 'person' | 'connection' | 'role' | 'connections'> | undefined;
  /** Works through another of the person's connections. */
  onSwitch?: ((connectionId: string) => void) | undefined;
  /** A switch is on its way. */
  switching?: boolean | undefined;
  /** The navigation entries (navigationFor: only screens this environment offers). */
  nav: ReactNode;
  /** Opens the Ctrl/Cmd+K palette; absent where there are no centres to search (D3). */
  onSearch?: (() => void) | undefined;
  children: ReactNode;
}

/**
 * The frame of every signed-in screen. Below the `sm` breakpoint (a phone, a narrow laptop window)
 * the navigation hides behind its toggle, and the header's environment, search and language move
 * into it, so that nothing is clipped at 360 px in any language.
 */
export function Shell({
  environment,
  providerId,
  clientId,
  unverified,
  onLogout,
  person,
  onSwitch,
  switching = false,
  nav,
  onSearch,
  children,
}: ShellProps) {
  const { t } = useI18n();
  const [opened, { toggle, close }] = useDisclosure(false);
  const connection = person?.connection;
  const environmentName = environment ? t(`environment.${environment.kind}`) : '';
  const badge = environment ? (
    <Badge
      color={environmentColour[environment.kind]}
      variant="filled"
      title={t('shell.environment', { name: environmentName })}
      style={{ flexShrink: 0 }}
    >
      {environmentName}
    </Badge>
  ) : null;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <ShellHeader
        opened={opened}
        onToggle={toggle}
        connection={connection}
        badge={badge}
        onSearch={onSearch}
      />
      <AppShell.Navbar p="sm">
        {/* Below `sm`, what the header has no room for. */}
        <AppShell.Section hiddenFrom="sm" mb="sm">
          <Stack gap="xs" align="flex-start">
            {badge}
            {onSearch ? (
              <Button
                variant="default"
                fullWidth
                onClick={() => {
                  close();
                  onSearch();
                }}
              >
                {t('shell.search')}
              </Button>
            ) : null}
            <LanguageSelect label={t('shell.language')} />
          </Stack>
        </AppShell.Section>
        <AppShell.Section grow component="nav" aria-label={t('shell.nav.main')}>
          {/* Following a link closes the mobile navigation. */}
          <div onClickCapture={close}>{nav}</div>
        </AppShell.Section>
        {providerId === undefined ? null : (
          <ShellAccount
            providerId={providerId}
            clientId={clientId}
            unverified={unverified}
            onLogout={onLogout}
            person={person}
            onSwitch={onSwitch}
            switching={switching}
            onSwitched={close}
          />
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
