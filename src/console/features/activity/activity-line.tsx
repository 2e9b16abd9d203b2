import { Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { AnchorLink } from '@/console/components/links';
import { LocalTime } from '@/console/components/local-time';
import { useI18n } from '@/console/lib/i18n';
import { itemsWords, outcomeWords, shortEventId, type Tone } from '@/console/lib/outcome-words';
import classes from './activity.module.css';
import type { ActivityLine } from './entry-lines.ts';
import { actorWords, lineWords, refusalsOf } from './entry-words.ts';

// The event log's colours (features/contract), whose contrast the theme keeps AA in both schemes.
const TONE_COLOUR: Record<Tone, string> = { ok: 'cyan', bad: 'red', unknown: 'gray' };

interface LineProps {
  line: ActivityLine;
  centreName: (id: number) => string;
  /** The centre's name links to its page, except on that page itself. */
  linkCentre: boolean;
}

/** A sign-in or sign-out: about the login, not about a centre to open. */
const isSession = (line: ActivityLine) => line.kind === 'entry' && line.action.startsWith('auth.');

/** One line of the activity log: the sentence, its result, when and where, and its details. */
export const ActivityLineItem = memo(function ActivityLineItem({ line, centreName, linkCentre }: LineProps) {
  const { t } = useI18n();
  const words = lineWords(t, line, centreName);
  const items = line.kind === 'contract' ? itemsWords(t, line.items) : '';
  return (
    <li>
      <Paper withBorder p="sm">
        <Stack gap={6}>
          <div className={classes.line}>
            <Text className={classes.sentence}>
              {words.sentence}
              <VisuallyHidden> — </VisuallyHidden>
            </Text>
            <Badge variant="light" color={TONE_COLOUR[words.result.tone]} w="fit-content">
              {words.result.words}
            </Badge>
          </div>
          <Group gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              <LocalTime value={new Date(line.at)} />
            </Text>
            {linkCentre && line.centreId !== null && !isSession(line) ? (
              <AnchorLink to="/centres/$centreId" params={{ centreId: line.centreId }} size="xs">
                {centreName(line.centreId)}
              </AnchorLink>
            ) : null}
            {items ? (
              <Text size="xs" c="dimmed">
                {items}
              </Text>
            ) : null}
          </Group>
          <LineDetails line={line} />
        </Stack>
      </Paper>
    </li>
  );
});

/** A contract event's attempts, or a registration run's doctors, behind a disclosure. */
function LineDetails({ line }: { line: ActivityLine }) {
  const { t } = useI18n();
  if (line.kind === 'contract')
    return (
      <details className={classes.details}>
        <summary>
          {t('contract.event.attempts', { count: line.attempts.length })} · {shortEventId(line.eventId)}
        </summary>
        <ol>
          {line.attempts.map((attempt) => (
            <li key={`${attempt.at}-${attempt.requestId ?? ''}`}>
              <LocalTime value={new Date(attempt.at)} />
              {` · ${actorWords(t, attempt.actor)} · ${outcomeWords(t, attempt.outcome).words}`}
            </li>
          ))}
        </ol>
      </details>
    );
  if (line.kind === 'doctors')
    return (
      <details className={classes.details}>
        <summary>{t('activity.details.doctors', { count: line.doctors.length })}</summary>
        <ol>
          {line.doctors.map((doctor) => (
            <li key={doctor.doctorId}>
              {`${doctor.name || doctor.doctorId} (${doctor.doctorId}): `}
              {doctor.registered
                ? t('activity.doctor.registered')
                : t('activity.doctor.refused', { reasons: refusalsOf(t, [doctor]) })}
            </li>
          ))}
        </ol>
      </details>
    );
  return null;
}
