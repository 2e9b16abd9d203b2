import { Button, Group, Progress, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '@/console/lib/i18n';
import classes from './last-updated.module.css';

/**
 * When the data on screen was fetched (the oldest part of it), and a way to fetch it again
 * (docs/decisions/0014). A `progress` takes the time's place while a load is under way; its line
 * keeps room for two lines on a phone, so that nothing below moves when one gives way to the other.
 */
export function LastUpdated({
  updatedAt,
  refreshing,
  onRefresh,
  progress,
  asOf = false,
}: {
  /** Epoch milliseconds; undefined while nothing has arrived. */
  updatedAt: number | undefined;
  refreshing: boolean;
  onRefresh: () => void;
  progress?: ReactNode;
  /** The watcher's snapshots (docs/decisions/0025): "As of 10:02", the time they were read. */
  asOf?: boolean;
}) {
  const { t, formatDateTime, formatUtc } = useI18n();
  return (
    <Group gap="sm" justify="flex-end" wrap="nowrap">
      <div className={classes.updated}>
        {progress ??
          (updatedAt ? (
            // D10: local time, the UTC instant on hover.
            <Text size="sm" c="dimmed" title={t('time.utc', { utc: formatUtc(new Date(updatedAt)) })}>
              {t(asOf ? 'overview.asOf' : 'licences.updated', { time: formatDateTime(new Date(updatedAt)) })}
            </Text>
          ) : null)}
      </div>
      <Button variant="default" size="xs" onClick={onRefresh} loading={refreshing}>
        {t('licences.refresh')}
      </Button>
    </Group>
  );
}

/** A load's progress, for `LastUpdated`'s place: its words, and a bar named by them. */
export function LoadProgress({ words, value }: { words: string; value: number }) {
  return (
    <>
      {/* The bar carries the same words for assistive technology. */}
      <Text size="sm" aria-hidden="true">
        {words}
      </Text>
      <Progress className={classes.loadBar} size="sm" value={value} aria-label={words} />
    </>
  );
}
