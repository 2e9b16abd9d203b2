import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failedDeliveriesQueryOptions, useRetryDelivery } from '@/console/api/alerts';
import { ErrorPanel, useErrorText } from '@/console/components/feedback';
import { AnchorLink } from '@/console/components/links';
import { LocalTime } from '@/console/components/local-time';
import { PlainList } from '@/console/components/plain-list';
import { useI18n } from '@/console/lib/i18n';
import type { DeliveryRetryAnswer, FailedDelivery } from '@/proxy-api/alerts-console';

/**
 * The connection's alert messages that did not go out (issue 26: "an SMTP server that refuses:
 * retried with backoff, visible to admins"; docs/decisions/0027): each says what it was about, to
 * whom, why it failed and when it is tried again, and can be sent again alone once its cause is
 * fixed. On the Connections screen, where the webhook and the secrets are fixed.
 */
export function FailedDeliveries({ connectionLabel }: { connectionLabel: string | undefined }) {
  // Its words (the alerts' area) are loaded by the route (routes/…/settings/connections.tsx).
  const { t } = useI18n();
  const failed = useQuery(failedDeliveriesQueryOptions());
  // What the last "Send again" came to: a sent row leaves the list, so it is said above it.
  const [said, setSaid] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="failed-deliveries">
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4" id="failed-deliveries">
            {t('alerts.failed.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {connectionLabel
              ? t('alerts.failed.intro', { label: connectionLabel })
              : t('alerts.failed.introNoLabel')}
          </Text>
        </Stack>
        <Text size="sm" component="output" aria-live="polite">
          {said}
        </Text>
        {failed.isPending ? (
          // One line of text, the room of the usual answer ("every message went out"): the form
          // below stays where it is when the answer comes (it moved 102 px, CLS 0.018 at 4× CPU).
          <Skeleton visible width="60%" aria-busy>
            <Text size="sm">{t('common.loading')}</Text>
          </Skeleton>
        ) : failed.error ? (
          <ErrorPanel error={failed.error} onRetry={() => failed.refetch().then((result) => !result.error)} />
        ) : failed.data.length === 0 ? (
          <Text size="sm" component="output">
            {t('alerts.failed.none')}
          </Text>
        ) : (
          <PlainList label={t('alerts.failed.title')}>
            {failed.data.map((delivery) => (
              <FailedDeliveryRow key={delivery.id} delivery={delivery} onSent={setSaid} />
            ))}
          </PlainList>
        )}
      </Stack>
    </Paper>
  );
}

/** The words for what one "Send again" came to, naming the message. */
function sentWords(t: ReturnType<typeof useI18n>['t'], answer: DeliveryRetryAnswer, what: string): string {
  switch (answer.outcome) {
    case 'sent':
      return t('alerts.failed.sent', { what });
    case 'failed':
      return t('alerts.failed.failedAgain', { what, code: answer.delivery.lastErrorCode ?? '—' });
    case 'queued':
      return t('alerts.failed.queued', { what });
    case 'dropped':
      return answer.reason === 'empty'
        ? t('alerts.failed.droppedEmpty', { what })
        : t('alerts.failed.droppedNoChannel', { what });
  }
}

function FailedDeliveryRow({
  delivery,
  onSent,
}: {
  delivery: FailedDelivery;
  /** Says what the send came to, above the list (the row may have left it). */
  onSent: (words: string) => void;
}) {
  const { t } = useI18n();
  // A mutation per row: one row's sending or error never disables or hides another's.
  const retry = useRetryDelivery();
  const { message } = useErrorText(retry.error);
  const rule = t(`alerts.name.${delivery.rule}`);
  const to =
    delivery.channel === 'webhook'
      ? t('alerts.failed.toWebhook', { host: delivery.host ?? '?' })
      : delivery.to
        ? t('alerts.failed.toEmail', { email: delivery.to })
        : t('alerts.failed.toNobody');
  const given = delivery.status === 'failed';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      style={given ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {rule}
          </Text>
          <AnchorLink
            to="/centres/$centreId/licences"
            params={{ centreId: delivery.centreId }}
            fw={600}
            size="sm"
            c="var(--mantine-color-text)"
            style={{ overflowWrap: 'anywhere' }}
          >
            {delivery.centreName}
          </AnchorLink>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {to} · <LocalTime value={new Date(delivery.raisedAt)} />
          </Text>
          <Text size="xs" c={given ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {given
              ? t('alerts.failed.givenUp', {
                  attempts: delivery.attempts,
                  code: delivery.lastErrorCode ?? '—',
                })
              : t('alerts.failed.retrying', {
                  attempts: delivery.attempts,
                  code: delivery.lastErrorCode ?? '—',
                })}
            {!given && delivery.nextAt ? (
              <>
                {' '}
                {t('alerts.failed.next')} <LocalTime value={new Date(delivery.nextAt)} />
              </>
            ) : null}
          </Text>
          {retry.error ? (
            <Text size="xs" c="red" role="alert">
              {message}
            </Text>
          ) : null}
        </Stack>
        <Button
          size="xs"
          variant={given ? 'filled' : 'default'}
          loading={retry.isPending}
          aria-label={t('alerts.failed.retryFor', { rule, centre: delivery.centreName })}
          onClick={() => {
            const what = t('alerts.failed.about', { to, centre: delivery.centreName, rule });
            // Not `mutate`'s own callback: a sent row leaves the list (this row unmounts) first.
            // A refusal shows on the row (retry.error).
            retry.mutateAsync(delivery.id).then(
              (answer) => onSent(sentWords(t, answer, what)),
              () => undefined,
            );
          }}
        >
          {t('alerts.failed.retry')}
        </Button>
      </Group>
    </Paper>
  );
}
