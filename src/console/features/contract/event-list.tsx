import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { AnchorLink } from '@/console/components/links';
import { LocalTime } from '@/console/components/local-time';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import type { ContractEvent, ContractEventAttempt, ContractEventItem } from '@/contract/console-wire';
import classes from './contract.module.css';

const TYPE_NAME: Partial<Record<string, MessageKey>> = {
  'checkout.session.completed': 'contract.event.created',
  'customer.subscription.updated': 'contract.event.updated',
  'customer.subscription.deleted': 'contract.event.deleted',
};

type T = ReturnType<typeof useI18n>['t'];

/** What the event asked for (D8 items), in words. */
function itemsText(t: T, items: readonly ContractEventItem[] | undefined): string | undefined {
  if (!items || items.length === 0) return undefined;
  return items
    .map((item) =>
      item.planType === 'USAGE'
        ? t('contract.event.item.usage', { count: item.includedConsultations ?? 0 })
        : t('contract.event.item.seats', { plan: item.planType, count: item.quantity ?? 0 }),
    )
    .join(', ');
}

/** One attempt's result (the console wire's attempt): applied, already applied, refused, no answer. */
export function attemptResult(
  t: T,
  attempt: ContractEventAttempt,
): { words: string; tone: 'ok' | 'bad' | 'unknown' } {
  if (attempt.status === 200)
    return attempt.applied === false
      ? { words: t('contract.attempt.alreadyApplied'), tone: 'ok' }
      : { words: t('contract.attempt.applied'), tone: 'ok' };
  if (attempt.code === 'upstream_timeout') return { words: t('contract.attempt.timeout'), tone: 'unknown' };
  if (attempt.status >= 500)
    return { words: t('contract.attempt.unreachable', { status: attempt.status }), tone: 'unknown' };
  if (attempt.status === 401) return { words: t('contract.attempt.signedOut'), tone: 'unknown' };
  return { words: t('contract.attempt.refused', { status: attempt.status }), tone: 'bad' };
}

const TONE_COLOUR = { ok: 'cyan', bad: 'red', unknown: 'gray' } as const;

/**
 * Contract events, newest first, each with every attempt and its result (docs/decisions/0016).
 * `centreName`: where the list spans several centres, each event links to its centre's tab.
 */
export function EventList({
  events,
  centreName,
}: {
  events: readonly ContractEvent[];
  centreName?: (centreId: number) => string;
}) {
  const { t } = useI18n();
  return (
    <ol className={classes.events}>
      {events.map((event) => {
        const first = event.attempts[0];
        const last = event.attempts.at(-1);
        const result = last ? attemptResult(t, last) : undefined;
        const typeKey = TYPE_NAME[event.type];
        const items = itemsText(t, event.items);
        return (
          <li key={event.eventId}>
            <Paper withBorder p="sm">
              <Stack gap={4}>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>
                      {typeKey ? t(typeKey) : t('contract.event.other', { type: event.type })}
                    </Text>
                    {centreName && event.centreId !== null ? (
                      <AnchorLink
                        to="/centres/$centreId/contract"
                        params={{ centreId: event.centreId }}
                        size="sm"
                      >
                        {centreName(event.centreId)}
                      </AnchorLink>
                    ) : null}
                  </Group>
                  {result ? (
                    <Badge variant="light" color={TONE_COLOUR[result.tone]}>
                      {result.words}
                    </Badge>
                  ) : null}
                </Group>
                {items ? <Text size="sm">{items}</Text> : null}
                <Text size="xs" c="dimmed">
                  {first ? <LocalTime value={new Date(first.at)} /> : null} · <Code>{event.eventId}</Code>
                </Text>
                <Text size="sm" id={`${event.eventId}-attempts`}>
                  {t('contract.event.attempts', { count: event.attempts.length })}
                </Text>
                <ol className={classes.attempts} aria-labelledby={`${event.eventId}-attempts`}>
                  {event.attempts.map((attempt, index) => (
                    // Attempts only ever append: a position names one attempt for good.
                    // oxlint-disable-next-line react/no-array-index-key
                    <li key={index}>
                      <LocalTime value={new Date(attempt.at)} />
                      {' · '}
                      {attempt.clientId}
                      {' · '}
                      {attemptResult(t, attempt).words}
                      {attempt.message ? ` (${attempt.message})` : ''}
                    </li>
                  ))}
                </ol>
              </Stack>
            </Paper>
          </li>
        );
      })}
    </ol>
  );
}
