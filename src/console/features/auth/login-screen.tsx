import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { Environment, Session } from '@/contract/console-wire';
import { usePageTitle } from '@/console/lib/page-title';
import { useI18n } from '@/console/lib/i18n';
import { LoginForm } from './login-form.tsx';

export function LoginScreen({
  environments,
  onLoggedIn,
}: {
  environments: Environment[];
  onLoggedIn: (session: Session) => void;
}) {
  const { t } = useI18n();
  usePageTitle(t('login.pageTitle'));
  return (
    <Container size={440} py="xl" px="md">
      <Paper withBorder p="lg" radius="md" component="main" id="main">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('login.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('login.intro')}
          </Text>
          <LoginForm environments={environments} onSuccess={onLoggedIn} />
        </Stack>
      </Paper>
    </Container>
  );
}
