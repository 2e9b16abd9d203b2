import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';
import type { Environment, Session } from './api.ts';
import { LoginForm } from './login-form.tsx';

export function LoginScreen({
  environments,
  failed,
  onRetry,
  onLoggedIn,
}: {
  environments: Environment[];
  failed: boolean;
  onRetry: () => void;
  onLoggedIn: (session: Session) => void;
}) {
  const { t } = useI18n();
  return (
    <Container size={440} py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('login.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('login.intro')}
          </Text>
          {failed ? (
            <Alert color="red" role="alert" title={t('login.environments.error')}>
              <Button variant="light" color="red" onClick={onRetry}>
                {t('common.retry')}
              </Button>
            </Alert>
          ) : (
            <LoginForm environments={environments} onSuccess={onLoggedIn} />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
