import { Alert, Button, Stack, Text } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';
import { PEOPLE_PATHS, type SignInProblem } from '@/proxy-api/console';

/** Why an organisation sign-in did not complete (`?signIn=`): nothing was signed in. */
export function SignInProblemAlert({ problem }: { problem: SignInProblem }) {
  const { t } = useI18n();
  return (
    <Alert color="red" title={t('login.problem.title')} role="alert">
      {t(`login.problem.${problem}`)}
    </Alert>
  );
}

/**
 * "Sign in with your organisation" (docs/decisions/0023): a plain navigation to the proxy, which
 * sends the browser to the organisation's provider (authorization code with PKCE) and back. After
 * a sign-in that did not complete it reads Retry, and starts it again.
 */
export function OrganisationSignIn({
  retry,
  returnTo,
}: {
  retry: boolean;
  /** The console path to come back to (the proxy keeps only a same-origin path). */
  returnTo: string;
}) {
  const { t } = useI18n();
  const start = `${PEOPLE_PATHS.organisationStart}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('login.organisation.title')}
      </Text>
      <Button component="a" href={start} fullWidth>
        {retry ? t('common.retry') : t('login.organisation')}
      </Button>
    </Stack>
  );
}
