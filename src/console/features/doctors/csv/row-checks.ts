import { formPathOf } from '@/console/lib/form-kit';
import { isApiError } from '@/contract/api-error-value';
import {
  duplicateIds,
  invalidFields,
  ROW_FIELDS,
  type DoctorRowInput,
  type RowField,
} from '../doctor-row.ts';
import type { RowStatus } from '../registration-run.ts';

// The preview's per-row checks: the rule each field breaks (the row schema), the doctor id two
// rows share, and the fields the service refused (D2), each shown in place.

export interface RowCheck {
  invalid: RowField[];
  /** Another row (index) with the same doctor id. */
  duplicateOf: number | undefined;
}

const cache = new WeakMap<DoctorRowInput, RowField[]>();

/** `invalidFields`, once per row object: editing one row of 10,000 re-checks that row alone. */
function invalidOf(row: DoctorRowInput): RowField[] {
  let found = cache.get(row);
  if (!found) {
    found = invalidFields(row);
    cache.set(row, found);
  }
  return found;
}

export function checkRows(rows: readonly DoctorRowInput[]): RowCheck[] {
  const duplicates = duplicateIds(rows.map((row) => row.doctorId));
  return rows.map((row, index) => ({ invalid: invalidOf(row), duplicateOf: duplicates.get(index) }));
}

export const isReady = (check: RowCheck | undefined): boolean =>
  check !== undefined && check.invalid.length === 0 && check.duplicateOf === undefined;

/** The fields of a one-doctor request the service named in its D2 errors, with its words. */
export function serverFieldErrors(status: RowStatus | undefined): Partial<Record<RowField, string>> {
  if (status?.state !== 'failed' || status.kind !== 'failed' || !isApiError(status.error)) return {};
  const found: Partial<Record<RowField, string>> = {};
  for (const error of status.error.fieldErrors) {
    // `doctors[0].doctorDictionary` is the keywords field of the form.
    const field = formPathOf(error.field)
      .replace(/^doctors\.0\./, '')
      .replace('doctorDictionary', 'keywords');
    if ((ROW_FIELDS as readonly string[]).includes(field)) found[field as RowField] = error.message;
  }
  return found;
}
