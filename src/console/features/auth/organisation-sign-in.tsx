import { Alert, Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { PEOPLE_PATHS, type SignedOutKind, type SignInProblem } from '@/proxy-api/console';

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
 * How the last sign-out went (`?signedOut=`, RP-Initiated Logout 1.0): out of the provider too, or
 * of the console only, when the provider's session may still sign the next person in.
 */
function SignedOutNotice({ kind, id }: { kind: SignedOutKind; id: string }) {
  const { t } = useI18n();
  const everywhere = kind === 'everywhere';
  return (
    <Alert
      color={everywhere ? 'green' : 'yellow'}
      title={t(everywhere ? 'login.signedOut.title' : 'login.signedOut.consoleTitle')}
      // The light scheme's green and yellow titles fall under WCAG AA contrast on their own
      // backgrounds (3.8:1 and 2.7:1, measured with axe): the title takes the text's colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      id={id}
    >
      {t(everywhere ? 'login.signedOut.everywhere' : 'login.signedOut.console')}
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
  signedOut,
  returnTo,
  onLeave,
}: {
  /** Why the last organisation sign-in did not complete (`?signIn=`). */
  problem: SignInProblem | undefined;
  /** How the last sign-out went (`?signedOut=`); a sign-in problem, being later, wins. */
  signedOut?: SignedOutKind | undefined;
  /** The console path to come back to (the proxy keeps only a same-origin path). */
  returnTo: string;
  /** Just before the tab leaves for the provider (the re-login keeps the page's drafts). */
  onLeave?: () => void;
}) {
  const { t } = useI18n();
  const problemId = useId();
  const notice = problem ? undefined : signedOut;
  const titleId = useId();
  const start = `${PEOPLE_PATHS.organisationStart}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Text size="sm" fw={500} id={titleId}>
        {t('login.organisation.title')}
      </Text>
      {problem ? <SignInProblemAlert problem={problem} id={problemId} /> : null}
      {notice ? <SignedOutNotice kind={notice} id={problemId} /> : null}
      <Button
        component="a"
        href={start}
        fullWidth
        aria-describedby={problem || notice ? problemId : undefined}
        onClick={onLeave}
      >
        {t('login.organisation')}
      </Button>
    </Stack>
  );
}
