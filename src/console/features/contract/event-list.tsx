import { Badge, Button, Code, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { AnchorLink } from '@/console/components/links';
import { LocalTime } from '@/console/components/local-time';
import { attemptOutcome, type EventKind } from '@/console/domain/contract-events';
import { useI18n } from '@/console/lib/i18n';
import type { ContractEvent } from '@/proxy-api/console';
import classes from './contract.module.css';
import { eventKindWords, itemsWords, outcomeWords, shortEventId } from '@/console/lib/outcome-words';

const TONE_COLOUR = { ok: 'cyan', bad: 'red', unknown: 'gray' } as const;

/**
 * Contract events, newest first, each with every attempt and its result (docs/decisions/0016).
 * `kinds`: what each event did, read over the whole log (domain/contract-events.ts), of which these
 * may be one page. `centreName`: where the list spans several centres, each event links to its
 * centre's tab.
 */
export function EventList({
  events,
  kinds,
  centreName,
}: {
  events: readonly ContractEvent[];
  kinds: ReadonlyMap<string, EventKind>;
  centreName?: (centreId: number) => string;
}) {
  const { t } = useI18n();
  return (
    <ol className={classes.events}>
      {events.map((event) => {
        const first = event.attempts[0];
        const last = event.attempts.at(-1);
        const result = last ? outcomeWords(t, attemptOutcome(last)) : undefined;
        const items = itemsWords(t, event.items);
        return (
          <li key={event.eventId}>
            <Paper withBorder p="sm">
              <Stack gap={4}>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{eventKindWords(t, kinds.get(event.eventId), event.type)}</Text>
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
                <Group gap={6} wrap="wrap">
                  <Text size="xs" c="dimmed">
                    {first ? <LocalTime value={new Date(first.at)} /> : null} ·
                  </Text>
                  <EventId id={event.eventId} />
                </Group>
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
                      {attempt.person ? (attempt.person.name ?? attempt.person.email) : attempt.clientId}
                      {' · '}
                      {outcomeWords(t, attemptOutcome(attempt)).words}
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

/** An event id, shortened where it is long, and copied whole (support looks it up in the log). */
function EventId({ id }: { id: string }) {
  const { t } = useI18n();
  const short = shortEventId(id);
  return (
    <Group gap={4} wrap="nowrap">
      <Code title={id}>{short}</Code>
      <CopyButton value={id}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={copy}
            aria-label={t('contract.event.copyId', { id: short })}
          >
            {copied ? t('common.copied') : t('common.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
