import { AppShell, Badge, Burger, Button, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { EnvironmentKind, Session } from '@/proxy-api/console';
import { useI18n } from '@/console/lib/i18n';
import { ConnectionSection } from './shell-connection.tsx';
import { ColourSchemeToggle, LanguageSelect } from './shell-controls.tsx';

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
      <AppShell.Header px="sm">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              // An icon drawn by its own lines: a quiet control, like a subtle button.
              variant="subtle"
              aria-label={t('shell.menu')}
            />
            <Title
              order={2}
              size="h4"
              visibleFrom={connection ? 'sm' : undefined}
              style={{ whiteSpace: 'nowrap' }}
            >
              {t('app.name')}
            </Title>
            {/* A phone's header names the connection instead: it must be on screen at all times. */}
            {connection ? (
              <Text hiddenFrom="sm" fw={600} truncate="end" title={connection.label}>
                {connection.label}
              </Text>
            ) : null}
            <Group visibleFrom="sm" gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {badge}
              {connection ? (
                <Text
                  size="sm"
                  fw={600}
                  truncate="end"
                  title={t('shell.connection.current', { connection: connection.label })}
                  data-testid="current-connection"
                >
                  {connection.label}
                </Text>
              ) : null}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {onSearch ? (
              <Button
                visibleFrom="sm"
                variant="default"
                size="xs"
                onClick={onSearch}
                aria-keyshortcuts="Control+K Meta+K"
                rightSection={<Kbd size="xs">{t('shell.search.hint')}</Kbd>}
              >
                {t('shell.search')}
              </Button>
            ) : null}
            <LanguageSelect visibleFrom="sm" />
            <ColourSchemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
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
          <AppShell.Section>
            <Stack gap="xs">
              {person?.person ? (
                <ConnectionSection
                  person={person}
                  onSwitch={onSwitch}
                  switching={switching}
                  onSwitched={close}
                />
              ) : null}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('shell.provider', { providerId: String(providerId), clientId: clientId ?? '' })}
              </Text>
              {unverified ? (
                <Badge
                  color="orange"
                  variant="light"
                  title={t('shell.unverified.detail', { providerId: String(providerId) })}
                >
                  {t('shell.unverified')}
                </Badge>
              ) : null}
              <Button variant="default" fullWidth onClick={onLogout}>
                {t('shell.logout')}
              </Button>
            </Stack>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
