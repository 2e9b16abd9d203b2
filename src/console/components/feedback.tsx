import { Alert, Button, EmptyState as MantineEmptyState, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { describeError, isSessionEnded } from '@/console/lib/error-message';
import type { EnvironmentKind } from '@/proxy-api/console';
import { useI18n } from '@/console/lib/i18n';

// The console's feedback states, one component each, so that every screen says "empty", "no
// results", "not found", "not here" and "offline" the same way.

/** The words for a failure (the one mapping, lib/error-message.ts), with a live 429 countdown. */
export function useErrorText(error: unknown): {
  message: string;
  serverMessage?: string;
  requestId?: string;
} {
  const { t } = useI18n();
  const described = describeError(error);
  // A 429 counts down its Retry-After; a new error starts its own count.
  const [countdown, setCountdown] = useState({ error, secondsLeft: described.retryAfterSeconds });
  if (countdown.error !== error) setCountdown({ error, secondsLeft: described.retryAfterSeconds });
  const { secondsLeft } = countdown;
  useEffect(() => {
    if (secondsLeft === undefined || secondsLeft <= 0) return;
    const timer = setTimeout(
      () => setCountdown((previous) => ({ ...previous, secondsLeft: secondsLeft - 1 })),
      1000,
    );
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  const message =
    described.key === 'error.rateLimited'
      ? secondsLeft !== undefined && secondsLeft > 0
        ? t('error.rateLimited', { seconds: secondsLeft })
        : t('error.rateLimitedUnknown')
      : t(described.key);
  // The server's own words only when they add something to ours (D2: its message when there is one).
  const serverMessage =
    described.serverMessage !== undefined && described.serverMessage !== message
      ? described.serverMessage
      : undefined;
  return { message, serverMessage, requestId: described.requestId };
}

/** A retry that may answer `false`: it tried, and it is still failing (the panel says so). */
export type Retry = () => void | boolean | Promise<void | boolean>;

/** A failure with a retry; an unreachable server gets the offline panel instead. */
export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: Retry | undefined }) {
  const { t } = useI18n();
  const { message, serverMessage, requestId } = useErrorText(error);
  if (describeError(error).offline) return <OfflinePanel onRetry={onRetry} />;
  return (
    <Alert color="red" title={t('error.title')} role="alert">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        {serverMessage ? <Text size="sm">{serverMessage}</Text> : null}
        {requestId ? (
          <Text size="xs" c="dimmed">
            {t('error.requestId', { requestId })}
          </Text>
        ) : null}
        {onRetry ? (
          <Button variant="light" color="red" onClick={() => void onRetry()} w="fit-content">
            {t('common.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** A form's general error: what no field shows. A 401 is left to the re-login dialog. */
export function FormErrorAlert({ error }: { error: unknown }) {
  const { message, serverMessage } = useErrorText(error);
  if (error === null || error === undefined || isSessionEnded(error)) return null;
  return (
    <Alert color="red" role="alert">
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        {serverMessage ? <Text size="sm">{serverMessage}</Text> : null}
      </Stack>
    </Alert>
  );
}

/** The console server cannot be reached: nothing is lost, and Retry tries again. */
export function OfflinePanel({ onRetry }: { onRetry?: Retry | undefined }) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'checking' | 'still-offline'>('idle');
  const retry = async () => {
    if (!onRetry) return;
    setState('checking');
    const recovered = await onRetry();
    setState(recovered === false ? 'still-offline' : 'idle');
  };
  return (
    <StatePanel
      announce="alert"
      title={t('offline.title')}
      body={state === 'still-offline' ? t('offline.still') : t('offline.body')}
      action={
        onRetry ? (
          <Button onClick={() => void retry()} loading={state === 'checking'} w="fit-content">
            {t('common.retry')}
          </Button>
        ) : null
      }
    />
  );
}

/** Something a link pointed at is not there: say what, and offer a way back. */
export function NotFoundPanel({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return <StatePanel announce="alert" title={title} body={body} action={action} />;
}

/** Nothing exists yet: say so and offer the action that creates the first one. */
export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return <StatePanel title={title} body={body} action={action} />;
}

/** Things exist, but none matches the search or filter: say which, and offer to clear it. */
export function NoResults({ message, onClear }: { message: string; onClear?: () => void }) {
  const { t } = useI18n();
  return (
    <StatePanel
      announce="status"
      body={message}
      action={
        onClear ? (
          <Button variant="default" onClick={onClear} w="fit-content">
            {t('common.clearFilters')}
          </Button>
        ) : null
      }
    />
  );
}

/** D3: this environment does not offer what the screen needs (development has only two operations). */
export function UnavailableHere({ environment }: { environment: EnvironmentKind }) {
  const { t } = useI18n();
  return (
    <StatePanel
      title={t('unavailable.title')}
      body={t('unavailable.body', { environment: t(`environment.${environment}`) })}
    />
  );
}

/** Mantine's EmptyState in a bordered panel: a title (a heading), a sentence and an action. */
function StatePanel({
  title,
  body,
  action,
  announce,
}: {
  title?: string | undefined;
  body?: string | undefined;
  action?: ReactNode;
  /** Read out when it appears: `alert` for a failure, `status` for a calm change. */
  announce?: 'alert' | 'status';
}) {
  return (
    <Paper withBorder p="xl" role={announce}>
      <MantineEmptyState align="left">
        {title ? <MantineEmptyState.Title order={2}>{title}</MantineEmptyState.Title> : null}
        {body ? <MantineEmptyState.Description>{body}</MantineEmptyState.Description> : null}
        {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
      </MantineEmptyState>
    </Paper>
  );
}
