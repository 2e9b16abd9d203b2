import { Alert, Button, Group, Loader, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useErrorText } from '@/console/components/feedback';
import { useI18n, type I18n } from '@/console/lib/i18n';
import type { Progress as RunCounts, RegistrationRun, RowStatus } from './registration-run.ts';
import classes from './badges.module.css';
import { ToneBadge } from './tone-badge.tsx';

/** Registered / failed / left, the rate and the time left, with pause and cancel; then a summary. */
export function RunProgress<R>({
  run,
  onRetryFailed,
  onDownload,
}: {
  run: RegistrationRun<R>;
  onRetryFailed: () => void;
  onDownload: () => void;
}) {
  const { t, formatNumber } = useI18n();
  const progress = run.progress();
  if (progress.total === 0) return null;
  const share = (count: number) => (count / progress.total) * 100;
  const counts = t('run.counts', {
    registered: formatNumber(progress.registered),
    failed: formatNumber(progress.failed),
    toFix: formatNumber(progress.toFix),
    left: formatNumber(progress.left),
  });
  if (!progress.running)
    return (
      <Alert
        color={progress.failed + progress.toFix > 0 ? 'orange' : 'teal'}
        title={t('run.done.title', { total: progress.total })}
        classNames={{ title: classes.label }}
        aria-live="polite"
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('run.done.body', { registered: progress.registered, failed: progress.failed })}
            {progress.toFix > 0 ? ` ${toFixWords(progress, t)}` : ''}
            {progress.notSent > 0 ? ` ${t('run.done.notSent', { count: progress.notSent })}` : ''}
          </Text>
          <Group gap="sm">
            {progress.failed > 0 ? (
              <Button onClick={onRetryFailed}>{t('run.retryFailed', { count: progress.failed })}</Button>
            ) : null}
            <Button variant="default" onClick={onDownload}>
              {t('run.download')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  return (
    <Paper withBorder p="md" component="section" aria-label={t('run.title')}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} aria-live="polite">
            {counts}
          </Text>
          <Text size="sm" c="dimmed">
            {progress.paused
              ? t('run.paused')
              : progress.signedOut
                ? t('run.signedOut')
                : progress.ratePerSecond === undefined
                  ? t('run.starting')
                  : t('run.rate', {
                      rate: formatNumber(Math.round(progress.ratePerSecond * 10) / 10),
                      seconds: Math.max(1, Math.round(progress.remainingSeconds ?? 0)),
                    })}
          </Text>
        </Group>
        <Progress.Root size="lg">
          <Progress.Section
            value={share(progress.registered)}
            color="teal"
            aria-label={t('run.bar.registered')}
          />
          <Progress.Section value={share(progress.failed)} color="red" aria-label={t('run.bar.failed')} />
          <Progress.Section value={share(progress.toFix)} color="orange" aria-label={t('run.bar.toFix')} />
        </Progress.Root>
        <Group gap="sm">
          {progress.paused ? (
            <Button variant="default" onClick={() => run.resume()}>
              {t('run.resume')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => run.pause()}>
              {t('run.pause')}
            </Button>
          )}
          <Button variant="default" color="red" onClick={() => run.cancel()}>
            {t('run.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The rows to fix, in words: not sent (a broken rule), refused by the service, or both. */
function toFixWords({ toFix, refused }: RunCounts, t: I18n['t']): string {
  if (refused === 0) return t('run.done.toFix.notSent', { count: toFix });
  if (refused === toFix) return t('run.done.toFix.refused', { count: toFix });
  return t('run.done.toFix.both', { count: toFix, notSent: toFix - refused, refused });
}

/** One row's state: waiting, sending, registered with the service's id, or failed and why. */
export function RowStatusBadge({ status, invalid }: { status: RowStatus | undefined; invalid?: boolean }) {
  const { t } = useI18n();
  if (!status) return invalid ? <ToneBadge tone="red">{t('row.state.invalid')}</ToneBadge> : null;
  switch (status.state) {
    case 'waiting':
      return <ToneBadge tone="gray">{t('row.state.waiting')}</ToneBadge>;
    case 'sending':
      return (
        <ToneBadge tone="blue" leftSection={<Loader size={10} color="blue" />}>
          {t('row.state.sending')}
        </ToneBadge>
      );
    case 'registered':
      return (
        <ToneBadge tone="teal" style={{ textTransform: 'none' }}>
          {t('row.state.registered', { id: status.serviceId })}
        </ToneBadge>
      );
    default:
      if (status.kind === 'invalid') return <ToneBadge tone="orange">{t('row.state.invalid')}</ToneBadge>;
      if (status.kind === 'refused') return <ToneBadge tone="orange">{t('row.state.refused')}</ToneBadge>;
      return <ToneBadge tone="red">{t('row.state.failed')}</ToneBadge>;
  }
}

/** Why a row failed, in words: the rule it breaks, or what the service said (describeError). */
export function FailureReason({ status }: { status: RowStatus | undefined }) {
  const { t } = useI18n();
  if (status?.state !== 'failed') return null;
  if (status.kind === 'invalid')
    return (
      <Text size="xs" className={classes.error}>
        {t('row.failed.invalid')}
      </Text>
    );
  return <ServerReason error={status.error} />;
}

function ServerReason({ error }: { error: unknown }) {
  const { message, serverMessage } = useErrorText(error);
  return (
    <Text size="xs" className={classes.error}>
      {serverMessage ? `${message} ${serverMessage}` : message}
    </Text>
  );
}

/** Asked when the page is left in the app while rows are on their way. */
export function LeaveWhileSending({
  blocker,
}: {
  blocker: {
    status: 'blocked' | 'idle';
    proceed?: (() => void) | undefined;
    reset?: (() => void) | undefined;
  };
}): ReactNode {
  const { t } = useI18n();
  if (blocker.status !== 'blocked') return null;
  return (
    // Above the re-login dialog (z-index 1000): logging out from it while rows wait asks here.
    <Modal opened onClose={() => blocker.reset?.()} title={t('run.leave.title')} centered zIndex={1100}>
      <Stack gap="md">
        <Text size="sm">{t('run.leave.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.proceed?.()}>
            {t('run.leave.leave')}
          </Button>
          <Button onClick={() => blocker.reset?.()}>{t('run.leave.stay')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
