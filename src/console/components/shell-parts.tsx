import { AppShell, Badge, Burger, Button, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '@/console/lib/i18n';
import type { ShellProps } from './shell.tsx';
import { ConnectionSection } from './shell-connection.tsx';
import { ColourSchemeToggle, LanguageSelect } from './shell-controls.tsx';

type Connection = NonNullable<ShellProps['person']>['connection'];

/** The shell's header: the menu toggle, the name, the environment and the current connection. */
export function ShellHeader({
  opened,
  onToggle,
  connection,
  badge,
  onSearch,
}: {
  opened: boolean;
  onToggle: () => void;
  connection: Connection | undefined;
  badge: ReactNode;
  onSearch: ShellProps['onSearch'];
}) {
  const { t } = useI18n();
  return (
    <AppShell.Header px="sm">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Burger
            opened={opened}
            onClick={onToggle}
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
  );
}

/** The foot of the navigation: the person's connections, the provider, and signing out. */
export function ShellAccount({
  providerId,
  clientId,
  unverified,
  onLogout,
  person,
  onSwitch,
  switching,
  onSwitched,
}: Pick<ShellProps, 'clientId' | 'unverified' | 'onLogout' | 'person' | 'onSwitch'> & {
  providerId: number;
  switching: boolean;
  onSwitched: () => void;
}) {
  const { t } = useI18n();
  return (
    <AppShell.Section>
      <Stack gap="xs">
        {person?.person ? (
          <ConnectionSection
            person={person}
            onSwitch={onSwitch}
            switching={switching}
            onSwitched={onSwitched}
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
  );
}
