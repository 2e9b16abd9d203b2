import { Button, Group, Text } from '@mantine/core';
import { LocalTime } from '@/console/components/local-time';
import { useI18n } from '@/console/lib/i18n';
import { RichMessage } from './rich-message.tsx';

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
  const { t } = useI18n();
  return (
    <Group gap="sm" justify="flex-end" wrap="wrap">
      {updatedAt ? (
        <Text size="sm" c="dimmed">
          <RichMessage id="licences.updated" values={{ time: <LocalTime value={new Date(updatedAt)} /> }} />
        </Text>
      ) : null}
      <Button variant="default" size="xs" onClick={onRefresh} loading={refreshing}>
        {t('licences.refresh')}
      </Button>
    </Group>
  );
}
