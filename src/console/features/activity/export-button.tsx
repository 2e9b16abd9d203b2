import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { fetchActivityCsvFile, type ActivityFilter } from '@/console/api/activity';
import { FormErrorAlert } from '@/console/components/feedback';
import { downloadBlob } from '@/console/lib/download';
import { useI18n } from '@/console/lib/i18n';

/**
 * The CSV export of the filters on screen: every entry they match, one row each, as the proxy
 * writes it (decision 0018). Fetched with the console's header (decision 0005; a bare link would
 * lack it, and the in-page demo's proxy answers fetches only), then saved by the browser.
 */
export function ExportButton({ filter }: { filter: ActivityFilter }) {
  const { t } = useI18n();
  const csv = useMutation({
    mutationFn: () => fetchActivityCsvFile(filter),
    onSuccess: ({ blob, filename }) => downloadBlob(blob, filename),
  });
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        onClick={() => csv.mutate()}
        loading={csv.isPending}
        title={t('activity.export.hint')}
      >
        {t('activity.export')}
      </Button>
      {csv.isError ? <FormErrorAlert error={csv.error} /> : null}
    </Stack>
  );
}
