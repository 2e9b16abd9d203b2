import { Group, Loader, Paper, Text } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';

/**
 * The list's first load: a quiet panel where the table will be. A Loader and not Mantine's
 * Skeleton: the entry's pending components hold Skeleton, and sharing it with this chunk split the
 * entry's chunks (decision 0015, measured on the login route's budget).
 */
export function TemplatesLoading() {
  const { t } = useI18n();
  return (
    <Paper withBorder p="xl" aria-busy="true">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      </Group>
    </Paper>
  );
}
