import { describeError } from '@/console/lib/error-message';
import type { I18n } from '@/console/lib/i18n';
import { ROW_FIELDS, type DoctorRowInput } from './doctor-row.ts';
import { downloadText } from '@/console/lib/download';
import { resultsCsv, type RowOutcome } from './csv/results-csv.ts';
import { FIELD_LABELS } from './doctor-row-fields.tsx';
import type { RowStatus } from './registration-run.ts';

/** A row's outcome in words, for the results file. */
export function outcomeOf(status: RowStatus | undefined, t: I18n['t']): RowOutcome {
  if (!status) return { result: t('results.notSent'), serviceId: '', error: '' };
  switch (status.state) {
    case 'registered':
      return { result: t('results.registered'), serviceId: status.serviceId, error: '' };
    case 'failed': {
      // Not sent or refused: fixed, the row may go; failed in passing: sent again, it may pass.
      if (status.kind === 'invalid')
        return { result: t('results.invalid'), serviceId: '', error: t('row.failed.invalid') };
      const described = describeError(status.error);
      const words = [t(described.key), described.serverMessage].filter(Boolean).join(' ');
      const result = status.kind === 'refused' ? t('results.refused') : t('results.failed');
      return { result, serviceId: '', error: words };
    }
    default:
      return { result: t('results.notSent'), serviceId: '', error: '' };
  }
}

export const outcomeHeaders = (t: I18n['t']) =>
  [t('results.column.result'), t('results.column.serviceId'), t('results.column.error')] as const;

/** The typed rows and their outcomes as a CSV download (the form's own columns). */
export async function rowsResultsCsv(
  rows: readonly DoctorRowInput[],
  statuses: readonly (RowStatus | undefined)[],
  t: I18n['t'],
): Promise<void> {
  const text = await resultsCsv({
    headers: ROW_FIELDS.map((field) => t(FIELD_LABELS[field])),
    cells: [],
    mapping: ROW_FIELDS,
    rows,
    outcomes: statuses.map((status) => outcomeOf(status, t)),
    outcomeHeaders: outcomeHeaders(t),
    delimiter: ',',
  });
  downloadText(text, 'doctors-results.csv');
}
