import { Button, Text } from '@mantine/core';
import { VirtualTable, visuallyHidden } from '@/console/components/virtual-table';
import { useI18n } from '@/console/lib/i18n';
import { brokenRule, ROW_FIELDS, type DoctorRowInput, type RowField } from '../doctor-row.ts';
import { FIELD_LABELS } from '../doctor-row-fields.tsx';
import { ruleWords } from '../rule-words.ts';
import type { RegistrationRun } from '../registration-run.ts';
import { FailureReason, RowStatusBadge } from '../run-progress.tsx';
import classes from './preview-table.module.css';
import { serverFieldErrors, type RowCheck } from './row-checks.ts';

const ROW_HEIGHT = 64;

export interface PreviewTableProps<R> {
  rows: readonly DoctorRowInput[];
  checks: readonly RowCheck[];
  /** The indexes shown (all, or a filter of them), in order. */
  shown: readonly number[];
  keyOf: (index: number) => string;
  run: RegistrationRun<R>;
  onEdit: (index: number) => void;
}

/**
 * The imported rows (5,000 and more stay smooth: only those in view are in the document), each with
 * its state and its errors shown in the cell they belong to: the rule a field breaks, the doctor id
 * another row shares, what the service refused.
 */
export function PreviewTable<R>({ rows, checks, shown, keyOf, run, onEdit }: PreviewTableProps<R>) {
  const i18n = useI18n();
  const { t } = i18n;
  // Not memoised: a row's state comes from the run, which changes under the same rows.
  const cells = (index: number) => {
    const row = rows[index];
    const check = checks[index];
    if (!row || !check) return null;
    const key = keyOf(index);
    const status = run.status(key);
    const refused = serverFieldErrors(status);
    const problem = (field: RowField): string | undefined => {
      if (refused[field]) return refused[field];
      if (field === 'doctorId' && check.duplicateOf !== undefined)
        return t('preview.duplicateOf', { row: check.duplicateOf + 1 });
      return check.invalid.includes(field)
        ? ruleWords(field, brokenRule(field, row[field]), i18n)
        : undefined;
    };
    const invalid = check.invalid.length > 0 || check.duplicateOf !== undefined;
    return (
      <>
        <td className={classes.number}>{index + 1}</td>
        <td>
          <RowStatusBadge status={status} invalid={invalid} />
          <FailureReason status={status} />
        </td>
        {ROW_FIELDS.map((field) => {
          const error = problem(field);
          const value = field === 'keywords' ? row.keywords.join(', ') : row[field];
          return (
            <td key={field} className={error ? classes.error : undefined}>
              <Text size="sm" span className={classes.value}>
                {value}
              </Text>
              {error ? (
                <Text size="xs" className={classes.message}>
                  {error}
                </Text>
              ) : null}
            </td>
          );
        })}
        <td>
          <Button
            size="compact-xs"
            variant="light"
            disabled={!run.isEditable(key)}
            onClick={() => onEdit(index)}
            aria-label={t('preview.edit.label', { row: index + 1 })}
          >
            {t('preview.edit')}
          </Button>
        </td>
      </>
    );
  };
  return (
    <VirtualTable
      label={t('preview.table')}
      rows={shown}
      rowKey={keyOf}
      layout={classes.layout}
      estimateRowHeight={ROW_HEIGHT}
      focusable
      header={
        <>
          <th>{t('preview.column.row')}</th>
          <th>{t('preview.column.state')}</th>
          {ROW_FIELDS.map((field) => (
            <th key={field}>{t(FIELD_LABELS[field])}</th>
          ))}
          <th>
            <span className={visuallyHidden}>{t('preview.column.actions')}</span>
          </th>
        </>
      }
      cells={cells}
    />
  );
}
