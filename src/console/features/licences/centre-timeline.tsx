import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { centreTimelineQueryOptions } from '@/console/api/watch-timeline';
import { ErrorPanel } from '@/console/components/feedback';
import { LocalTime } from '@/console/components/local-time';
import { useI18n } from '@/console/lib/i18n';
import classes from './licences.module.css';
import { changeWords, timelineLines } from './timeline-words.ts';

// A centre's history as the watcher saw it (issue 26 item 2, docs/decisions/0025): one line per
// changed aspect, newest first, older pages on demand. Only where the session works through a
// stored connection; a client-credential session has no watcher (the section is not shown).

export function CentreTimeline({ centreId }: { centreId: number }) {
  const { t } = useI18n();
  // The `before` of each page shown: the newest first, then each "show older".
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  return (
    <Stack gap="sm" component="section" aria-labelledby="centre-timeline">
      <Title order={2} size="h3" id="centre-timeline">
        {t('centre.timeline.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('centre.timeline.intro')}
      </Text>
      {pages.map((before, index) => (
        <TimelinePage
          key={before ?? 0}
          centreId={centreId}
          before={before}
          last={index === pages.length - 1}
          onMore={(next) => setPages((shown) => [...shown, next])}
        />
      ))}
    </Stack>
  );
}

function TimelinePage({
  centreId,
  before,
  last,
  onMore,
}: {
  centreId: number;
  before: number | undefined;
  last: boolean;
  onMore: (next: number) => void;
}) {
  const { t } = useI18n();
  const page = useQuery(centreTimelineQueryOptions(centreId, before));
  if (page.isPending)
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={16} width="40%" />
        <Skeleton height={16} width="55%" />
        <Skeleton height={16} width="35%" />
      </Stack>
    );
  if (page.isError) return <ErrorPanel error={page.error} onRetry={() => void page.refetch()} />;
  const { changes, next } = page.data;
  if (changes.length === 0 && before === undefined)
    return <Text size="sm">{t('centre.timeline.empty')}</Text>;
  return (
    <>
      <ol className={classes.timeline}>
        {timelineLines(changes).map((change) => (
          <li key={change.id} className={classes.change}>
            <Text size="sm" fw={500}>
              {changeWords(t, change)}
            </Text>
            <Text size="xs" c="dimmed">
              <LocalTime value={new Date(change.at)} />
            </Text>
          </li>
        ))}
      </ol>
      {last && next !== null ? (
        <Button variant="default" size="xs" onClick={() => onMore(next)} style={{ alignSelf: 'flex-start' }}>
          {t('centre.timeline.more')}
        </Button>
      ) : null}
    </>
  );
}
