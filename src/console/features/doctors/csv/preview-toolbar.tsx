import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';
import type { CsvFile } from './read-doctors-csv.ts';

export type Filter = 'all' | 'problems' | 'failed';

/** Above the preview: what the file holds, which rows are shown, and the way to register them. */
export function PreviewToolbar({
  file,
  counts,
  filter,
  onFilter,
  running,
  onRemap,
  onRegister,
}: {
  file: CsvFile;
  counts: { rows: number; ready: number; toFix: number; failed: number; sendable: number };
  filter: Filter;
  onFilter: (filter: Filter) => void;
  running: boolean;
  onRemap: () => void;
  onRegister: () => void;
}) {
  const { t, formatNumber } = useI18n();
  return (
    <>
      <Text size="sm">
        {t('preview.summary', {
          name: file.name,
          rows: formatNumber(counts.rows),
          ready: formatNumber(counts.ready),
          problems: formatNumber(counts.toFix),
          encoding: file.encoding.toUpperCase(),
          separator: t(`preview.separator.${separatorName(file.delimiter)}`),
        })}
      </Text>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={filter}
          onChange={(value) => onFilter(value === 'problems' || value === 'failed' ? value : 'all')}
          aria-label={t('preview.filter')}
          data={[
            { value: 'all', label: t('preview.filter.all', { count: counts.rows }) },
            { value: 'problems', label: t('preview.filter.problems', { count: counts.toFix }) },
            { value: 'failed', label: t('preview.filter.failed', { count: counts.failed }) },
          ]}
        />
        <Group gap="sm">
          <Button variant="default" onClick={onRemap} disabled={running}>
            {t('preview.remap')}
          </Button>
          <Button onClick={onRegister} disabled={running || counts.sendable === 0}>
            {t('preview.register', { count: counts.sendable })}
          </Button>
        </Group>
      </Group>
    </>
  );
}

function separatorName(delimiter: string): 'comma' | 'semicolon' | 'tab' | 'other' {
  return delimiter === ',' ? 'comma' : delimiter === ';' ? 'semicolon' : delimiter === '\t' ? 'tab' : 'other';
}
