import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldError } from '@/contract/api-error-value';

/**
 * D2 names a field as the request has it (`doctors[3].email`); react-hook-form names it with dots
 * (`doctors.3.email`). `rename` moves a request's field onto the form's own path, for example the
 * one-doctor request of row 7 (`doctors[0].email`, D4) onto `doctors.7.email`.
 */
export function formPathOf(wireField: string, rename: (path: string) => string = (path) => path): string {
  const dotted = wireField.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
  return rename(dotted);
}

/**
 * Puts the server's field errors (D2 `errors[]`) onto the form's fields, keeping the server's own
 * words. Answers the errors that match no field of the form, for the form's general alert.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  errors: readonly FieldError[],
  isField: (path: string) => boolean,
  rename?: (path: string) => string,
): FieldError[] {
  const unmatched: FieldError[] = [];
  let first = true;
  for (const error of errors) {
    const path = formPathOf(error.field, rename);
    if (!isField(path)) {
      unmatched.push(error);
      continue;
    }
    // The first field in error takes the focus, so that a keyboard user lands on it.
    setError(path as Path<T>, { type: 'server', message: error.message }, { shouldFocus: first });
    first = false;
  }
  return unmatched;
}

/**
 * The words under a field: the server's own (D2) for a server error, else the field's rule in the
 * UI language. Schemas carry no words; each field names the one message that explains its rule.
 */
export function fieldMessage(
  error: { type?: string | number; message?: string | undefined } | undefined,
  rule: string,
): string | undefined {
  if (!error) return undefined;
  return error.type === 'server' && error.message ? error.message : rule;
}
