import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { Environment, Session, SignInOptions, SignInProblem } from '@/contract/console-wire';
import { usePageTitle } from '@/console/lib/page-title';
import { useI18n } from '@/console/lib/i18n';
import { LoginForm } from './login-form.tsx';
import { OrganisationSignIn } from './organisation-sign-in.tsx';

/** What a proxy that predates organisation sign-in offers. */
const CREDENTIALS_ONLY: SignInOptions = { organisation: false, clientCredentials: true };

export function LoginScreen({
  environments,
  options = CREDENTIALS_ONLY,
  problem,
  returnTo = '',
  onLoggedIn,
}: {
  environments: Environment[];
  /** Which ways to sign in the proxy offers (docs/decisions/0022). */
  options?: SignInOptions;
  /** Why an organisation sign-in did not complete (`?signIn=`). */
  problem?: SignInProblem | undefined;
  returnTo?: string;
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
            {options.organisation ? t('login.intro.organisation') : t('login.intro')}
          </Text>
          {options.organisation ? <OrganisationSignIn problem={problem} returnTo={returnTo} /> : null}
          {options.organisation && options.clientCredentials ? (
            <Text size="sm" fw={500} ta="center" c="dimmed">
              {t('login.orCredentials')}
            </Text>
          ) : null}
          {options.clientCredentials ? (
            <LoginForm environments={environments} onSuccess={onLoggedIn} />
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
