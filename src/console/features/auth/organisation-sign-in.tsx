import { Alert, Button, Stack } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';
import { PEOPLE_PATHS, type SignInProblem } from '@/contract/console-wire';

/**
 * "Sign in with your organisation" (docs/decisions/0022): a plain navigation to the proxy, which
 * sends the browser to the organisation's provider (authorization code with PKCE) and back. A
 * sign-in that did not complete lands here with its reason, and Retry starts it again.
 */
export function OrganisationSignIn({
  problem,
  returnTo,
}: {
  problem: SignInProblem | undefined;
  /** The console path to come back to (the proxy keeps only a same-origin path). */
  returnTo: string;
}) {
  const { t } = useI18n();
  const start = `${PEOPLE_PATHS.organisationStart}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  return (
    <Stack gap="sm">
      {problem ? (
        <Alert color="red" title={t('login.problem.title')} role="alert">
          {t(`login.problem.${problem}`)}
        </Alert>
      ) : null}
      <Button component="a" href={start} size="md" fullWidth>
        {problem ? t('common.retry') : t('login.organisation')}
      </Button>
    </Stack>
  );
}
