import { Button, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { ROW_FIELDS, type DoctorRowInput, type RowField } from '../doctor-row.ts';
import { FIELD_LABELS, RULE_MESSAGES } from '../doctor-row-fields.tsx';
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
 * The imported rows, virtualised (@tanstack/react-virtual: 5,000 and more stay smooth, only the
 * rows in view are in the document), each with its state and its errors shown in the cell they
 * belong to: the rule a field breaks, the doctor id another row shares, what the service refused.
 */
export function PreviewTable<R>({ rows, checks, shown, keyOf, run, onEdit }: PreviewTableProps<R>) {
  const { t } = useI18n();
  const scrollerRef = useRef<HTMLElement>(null);
  // oxlint-disable-next-line react/incompatible-library -- the virtualiser is meant to re-render
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    measureElement: (element) => element.getBoundingClientRect().height || ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 1000, height: 600 },
  });
  return (
    <section
      ref={scrollerRef}
      className={classes.scroller}
      aria-label={t('preview.table')}
      // A region that scrolls is reached by keyboard even while its buttons are disabled (during a
      // run): axe scrollable-region-focusable, WCAG 2.1.1.
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className={classes.table} aria-label={t('preview.table')} aria-rowcount={shown.length + 1}>
        <thead className={classes.head}>
          <tr className={classes.row} aria-rowindex={1}>
            <th className={classes.cell}>{t('preview.column.row')}</th>
            <th className={classes.cell}>{t('preview.column.state')}</th>
            {ROW_FIELDS.map((field) => (
              <th key={field} className={classes.cell}>
                {t(FIELD_LABELS[field])}
              </th>
            ))}
            <th className={classes.cell}>
              <span className={classes.hidden}>{t('preview.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const index = shown[item.index];
            const row = index === undefined ? undefined : rows[index];
            const check = index === undefined ? undefined : checks[index];
            if (index === undefined || !row || !check) return null;
            const key = keyOf(index);
            const status = run.status(key);
            const refused = serverFieldErrors(status);
            const problem = (field: RowField): string | undefined => {
              if (refused[field]) return refused[field];
              if (field === 'doctorId' && check.duplicateOf !== undefined)
                return t('preview.duplicateOf', { row: check.duplicateOf + 1 });
              return check.invalid.includes(field) ? t(RULE_MESSAGES[field]) : undefined;
            };
            const invalid = check.invalid.length > 0 || check.duplicateOf !== undefined;
            return (
              <tr
                key={key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={classes.row}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <td className={`${classes.cell} ${classes.number}`}>{index + 1}</td>
                <td className={classes.cell}>
                  <RowStatusBadge status={status} invalid={invalid} />
                  <FailureReason status={status} />
                </td>
                {ROW_FIELDS.map((field) => {
                  const error = problem(field);
                  const value = field === 'keywords' ? row.keywords.join(', ') : row[field];
                  return (
                    <td key={field} className={`${classes.cell} ${error ? classes.error : ''}`}>
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
                <td className={classes.cell}>
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
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
