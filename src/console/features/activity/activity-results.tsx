import { Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { EmptyState, ErrorPanel, NoResults } from '@/console/components/feedback';
import { useI18n } from '@/console/lib/i18n';
import type { ActivityEntry, ActivityPage } from '@/proxy-api/activity';
import classes from './activity.module.css';
import { ActivityLineItem } from './activity-line.tsx';
import { activityLines } from './entry-lines.ts';

/** How long a read may take before the screen says it is slow. */
const SLOW_MS = 3_000;

/** True once `active` has lasted `ms`. */
export function useSlow(active: boolean, ms = SLOW_MS): boolean {
  const [slow, setSlow] = useState(false);
  // A new wait starts unhurried (state adjusted while rendering, not in an effect).
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    setSlow(false);
  }
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setSlow(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && slow;
}

interface ResultsProps {
  log: UseInfiniteQueryResult<InfiniteData<ActivityPage, unknown>>;
  entries: readonly ActivityEntry[];
  centreName: (id: number) => string;
  filtered: boolean;
  onClear: () => void;
  /** The CSV export of the same filters, above the entries it would hold. */
  exportButton: ReactNode;
}

/** The log's lines under the filters: loading, slow, failed, empty, or the lines and "load more". */
export function ActivityResults({ log, entries, centreName, filtered, onClear, exportButton }: ResultsProps) {
  const { t } = useI18n();
  const lines = useMemo(() => activityLines(entries), [entries]);
  const loading = log.isFetching && (log.isPlaceholderData || log.isPending);
  const slow = useSlow(loading || log.isFetchingNextPage);
  const slowNote = slow ? (
    <Text size="sm" c="dimmed" aria-live="polite">
      {t('activity.slow')}
    </Text>
  ) : null;
  if (log.isPending)
    return (
      <Stack gap="xs" aria-busy="true">
        <VisuallyHidden>{t('activity.loading')}</VisuallyHidden>
        {slowNote}
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={72} radius="sm" />
        ))}
      </Stack>
    );
  if (log.isError && !log.isFetchNextPageError)
    return <ErrorPanel error={log.error} onRetry={() => void log.refetch()} />;
  if (entries.length === 0)
    return filtered ? (
      <NoResults message={t('activity.noResults')} onClear={onClear} />
    ) : (
      <EmptyState title={t('activity.empty.title')} body={t('activity.empty.body')} />
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('activity.shown', { count: entries.length })}
        </Text>
        {exportButton}
      </Group>
      {slowNote}
      <ol
        className={`${classes.lines} ${loading ? classes.stale : ''}`}
        aria-label={t('activity.list')}
        aria-busy={loading}
      >
        {lines.map((line) => (
          <ActivityLineItem key={line.key} line={line} centreName={centreName} linkCentre />
        ))}
      </ol>
      {log.isFetchNextPageError ? (
        <ErrorPanel error={log.error} onRetry={() => void log.fetchNextPage()} />
      ) : log.hasNextPage ? (
        <Group>
          <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            {t('activity.more')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('activity.end')}
        </Text>
      )}
    </Stack>
  );
}
