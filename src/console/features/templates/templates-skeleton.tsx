import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';

/**
 * The tab's loading state, shaped like its table: the route's pending component and the list's
 * first load. Its own module: pending components ship with the route tree.
 */
export function TemplatesSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useI18n();
  return (
    <Stack gap="xs" aria-busy="true">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      <Skeleton height={36} />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={40} />
      ))}
    </Stack>
  );
}
