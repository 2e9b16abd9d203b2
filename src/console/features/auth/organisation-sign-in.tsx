import { Alert, Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { PEOPLE_PATHS, type SignInProblem } from '@/proxy-api/console';

/** Why an organisation sign-in did not complete (`?signIn=`): nothing was signed in. */
function SignInProblemAlert({ problem, id }: { problem: SignInProblem; id: string }) {
  const { t } = useI18n();
  return (
    <Alert color="red" title={t('login.problem.title')} role="alert" id={id}>
      {t(`login.problem.${problem}`)}
    </Alert>
  );
}

/**
 * "Sign in with your organisation" (docs/decisions/0023): a plain navigation to the proxy, which
 * sends the browser to the organisation's provider (authorization code with PKCE) and back. After
 * a sign-in that did not complete, why sits right above the button, which keeps its own label: a
 * "Retry" read as if the same attempt could pass, where an uninvited e-mail fails the same way.
 */
export function OrganisationSignIn({
  problem,
  returnTo,
  onLeave,
}: {
  /** Why the last organisation sign-in did not complete (`?signIn=`). */
  problem: SignInProblem | undefined;
  /** The console path to come back to (the proxy keeps only a same-origin path). */
  returnTo: string;
  /** Just before the tab leaves for the provider (the re-login keeps the page's drafts). */
  onLeave?: () => void;
}) {
  const { t } = useI18n();
  const problemId = useId();
  const titleId = useId();
  const start = `${PEOPLE_PATHS.organisationStart}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Text size="sm" fw={500} id={titleId}>
        {t('login.organisation.title')}
      </Text>
      {problem ? <SignInProblemAlert problem={problem} id={problemId} /> : null}
      <Button
        component="a"
        href={start}
        fullWidth
        aria-describedby={problem ? problemId : undefined}
        onClick={onLeave}
      >
        {t('login.organisation')}
      </Button>
    </Stack>
  );
}
