import { Alert, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';
import { ROW_FIELDS, type RowField } from '../doctor-row.ts';
import { FIELD_LABELS } from '../doctor-row-fields.tsx';
import { missingFields, type CsvFile } from './read-doctors-csv.ts';

export interface ColumnMappingProps {
  file: CsvFile;
  mapping: readonly (RowField | null)[];
  onChange: (mapping: (RowField | null)[]) => void;
  onContinue: () => void;
  onCancel: () => void;
}

/**
 * The manual step for the columns whose header names no field we know: each column gets a field
 * or is left out; a field is taken by one column at most. Required fields without a column are
 * named before going on (their rows will need them in the preview).
 */
export function ColumnMapping({ file, mapping, onChange, onContinue, onCancel }: ColumnMappingProps) {
  const { t } = useI18n();
  const missing = missingFields(mapping);
  const example = file.rows[0] ?? [];
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('mapping.title')}
      </Title>
      <Text size="sm">{t('mapping.intro', { name: file.name })}</Text>
      <Table.ScrollContainer minWidth={0}>
        <Table aria-label={t('mapping.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mapping.column')}</Table.Th>
              <Table.Th>{t('mapping.example')}</Table.Th>
              <Table.Th>{t('mapping.field')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {file.headers.map((header, column) => (
              // The file's columns are fixed while this step is open: their position is their identity.
              // oxlint-disable-next-line react/no-array-index-key
              <Table.Tr key={column}>
                <Table.Td>{header || t('mapping.unnamed', { n: column + 1 })}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" span>
                    {example[column] ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={t('mapping.fieldOf', { column: header || String(column + 1) })}
                    value={mapping[column] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      const field = (ROW_FIELDS as readonly string[]).includes(value)
                        ? (value as RowField)
                        : null;
                      // A field is taken by one column: choosing it here frees it elsewhere.
                      onChange(
                        mapping.map((current, index) =>
                          index === column ? field : current === field ? null : current,
                        ),
                      );
                    }}
                    data={[
                      { value: '', label: t('mapping.ignore') },
                      ...ROW_FIELDS.map((field) => ({ value: field, label: t(FIELD_LABELS[field]) })),
                    ]}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {missing.length > 0 ? (
        <Alert color="orange">
          {t('mapping.missing', { fields: missing.map((field) => t(FIELD_LABELS[field])).join(', ') })}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button onClick={onContinue}>{t('mapping.continue')}</Button>
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
