import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import {
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NativeSelect,
  Text,
  Title,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { isLanguage, LANGUAGES, useI18n } from '@/console/lib/i18n';

export type EnvironmentKind = 'demo' | 'development' | 'qa' | 'production';

// Production is red so that nobody mistakes it for a test environment.
const environmentColour: Record<EnvironmentKind, string> = {
  production: 'red',
  qa: 'indigo',
  development: 'gray',
  demo: 'grape',
};

export interface ShellProps {
  environment: { label: string; kind: EnvironmentKind };
  providerId: number;
  clientId: string;
  onLogout: () => void;
  /** The navigation entries (only screens that exist: no placeholders). */
  nav: ReactNode;
  /** Opens the Ctrl/Cmd+K palette. */
  onSearch: () => void;
  children: ReactNode;
}

export function Shell({ environment, providerId, clientId, onLogout, nav, onSearch, children }: ShellProps) {
  const { t, language, setLanguage } = useI18n();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header px="sm">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.menu')} />
            <Title order={2} size="h4" visibleFrom="xs">
              {t('app.name')}
            </Title>
            <Badge
              color={environmentColour[environment.kind]}
              variant="filled"
              title={t('shell.environment', { name: environment.label })}
            >
              {environment.label}
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" size="xs" onClick={onSearch} aria-keyshortcuts="Control+K Meta+K">
              {t('shell.search')}
            </Button>
            <NativeSelect
              size="xs"
              aria-label={t('shell.language')}
              value={language}
              onChange={(event) => {
                const next = event.currentTarget.value;
                if (isLanguage(next)) setLanguage(next);
              }}
              data={LANGUAGES.map((code) => ({ value: code, label: t(`language.${code}`) }))}
            />
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
              aria-label={scheme === 'dark' ? t('shell.colorScheme.light') : t('shell.colorScheme.dark')}
            >
              <span aria-hidden="true">{scheme === 'dark' ? '☀' : '☾'}</span>
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('shell.nav.main')}>
        <AppShell.Section grow component="nav" aria-label={t('shell.nav.main')}>
          {/* Following a link closes the mobile navigation. */}
          <div onClickCapture={close}>{nav}</div>
        </AppShell.Section>
        <AppShell.Section>
          <Text size="xs" c="dimmed" mb="xs" style={{ wordBreak: 'break-all' }}>
            {t('shell.provider', { providerId: String(providerId), clientId })}
          </Text>
          <Button variant="default" fullWidth onClick={onLogout}>
            {t('shell.logout')}
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main">{children}</AppShell.Main>
    </AppShell>
  );
}
