import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { Environment, Session, SignedOutKind, SignInOptions, SignInProblem } from '@/proxy-api/console';
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
  signedOut,
  returnTo = '',
  onLoggedIn,
}: {
  environments: Environment[];
  /** Which ways to sign in the proxy offers (docs/decisions/0023). */
  options?: SignInOptions;
  /** Why an organisation sign-in did not complete (`?signIn=`). */
  problem?: SignInProblem | undefined;
  /** How a person's sign-out went (`?signedOut=`). */
  signedOut?: SignedOutKind | undefined;
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
            {t('login.intro')}
          </Text>
          {options.clientCredentials ? (
            <LoginForm environments={environments} onSuccess={onLoggedIn} />
          ) : null}
          {/* Below the form, beside the demo buttons: the page prerendered at build time cannot know
              whether the proxy offers it, so nothing above the form may appear late and move it. */}
          {options.organisation ? (
            <OrganisationSignIn problem={problem} signedOut={signedOut} returnTo={returnTo} />
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
