import { doctorRowSchema, requestOf, type DoctorRowInput } from '../doctor-row.ts';
import type { Prepared, RegistrationRun, RowStatus } from '../registration-run.ts';
import type { RowRequest } from '../use-registration-run.ts';
import { isReady, type RowCheck } from './row-checks.ts';

// What the import can do with each row, from its checks and its state in the run (D4): send it,
// ask for a fix (it breaks a rule, or the service refused it as it is), or retry it (its send
// failed in passing). The buttons count what they would send, and send only what may succeed.

export const failedInPassing = (status: RowStatus | undefined): boolean =>
  status?.state === 'failed' && status.kind === 'failed';

export function importRows(
  rows: readonly DoctorRowInput[],
  checks: readonly RowCheck[],
  run: RegistrationRun<RowRequest>,
  keyOf: (index: number) => string,
  target: number,
) {
  const prepare = (index: number): Prepared<RowRequest> => {
    const row = rows[index];
    // D4: a row that breaks a rule, or shares its doctor id with another, is not sent.
    if (!row || !isReady(checks[index])) return { ok: false };
    const key = keyOf(index);
    return { ok: true, request: { key, request: requestOf(target, doctorRowSchema.parse(row)) } };
  };
  // Only a refused row's request is built to compare it with the one refused: 10,000 rows are
  // counted at every answer.
  const mayGo = (index: number): boolean => {
    if (!isReady(checks[index])) return false;
    const status = run.status(keyOf(index));
    if (status?.state === 'failed' && status.kind === 'refused')
      return run.mayGo(keyOf(index), prepare(index));
    return run.mayGo(keyOf(index), { ok: false });
  };
  /** Breaks a rule, or was refused and has not changed since. */
  const toFix = (index: number): boolean => {
    if (!isReady(checks[index])) return true;
    const status = run.status(keyOf(index));
    return status?.state === 'failed' && status.kind === 'refused' && !mayGo(index);
  };
  const indexes = rows.map((_, index) => index);
  return {
    prepare,
    toFix,
    /** What "Register" sends (D4: a registered row never goes again, a refused one once changed). */
    sendable: indexes.filter(mayGo).length,
    toFixCount: indexes.filter(toFix).length,
    /** What "Retry" sends: the rows whose send failed in passing. */
    failedIndexes: () => indexes.filter((index) => failedInPassing(run.status(keyOf(index)))),
  };
}
