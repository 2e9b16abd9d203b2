import { Button, Group, Text } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';

/** When the data on screen was fetched (the oldest part of it), and a way to fetch it again. */
export function LastUpdated({
  updatedAt,
  refreshing,
  onRefresh,
}: {
  /** Epoch milliseconds; undefined while nothing has arrived. */
  updatedAt: number | undefined;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t, formatDateTime, formatUtc } = useI18n();
  return (
    <Group gap="sm" justify="flex-end" wrap="wrap">
      {updatedAt ? (
        // D10: local time, the UTC instant on hover.
        <Text size="sm" c="dimmed" title={t('time.utc', { utc: formatUtc(new Date(updatedAt)) })}>
          {t('licences.updated', { time: formatDateTime(new Date(updatedAt)) })}
        </Text>
      ) : null}
      <Button variant="default" size="xs" onClick={onRefresh} loading={refreshing}>
        {t('licences.refresh')}
      </Button>
    </Group>
  );
}
