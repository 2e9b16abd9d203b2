import { describe, expect, it, vi } from 'vitest';
import { applyServerFieldErrors, formPathOf } from './form-kit.ts';

/** A one-doctor request's paths (`doctors.0.x`) moved onto row `row` of the form (D4). */
const toRow = (row: number) => (path: string) => path.replace(/^doctors\.0\./, `doctors.${row}.`);

describe('server field errors (D2)', () => {
  it('turn the request’s bracketed paths into the form’s dotted ones', () => {
    expect(formPathOf('doctors[3].email')).toBe('doctors.3.email');
    expect(formPathOf('name')).toBe('name');
    expect(formPathOf('doctors[0].lang')).toBe('doctors.0.lang');
  });

  it('move a one-doctor request’s errors onto the row it was sent for (D4)', () => {
    expect(formPathOf('doctors[0].email', toRow(7))).toBe('doctors.7.email');
  });

  it('set each matching field with the server’s words, focus the first, and answer the rest', () => {
    const setError = vi.fn<(...args: unknown[]) => void>();
    const fields = new Set(['doctors.2.email', 'doctors.2.lang']);
    const rest = applyServerFieldErrors(
      setError,
      [
        { field: 'doctors[2].email', message: 'not an e-mail address' },
        { field: 'doctors[2].lang', message: 'unknown language' },
        { field: 'healthProviderId', message: 'no such provider' },
      ],
      (path) => fields.has(path),
    );
    expect(setError.mock.calls).toEqual([
      ['doctors.2.email', { type: 'server', message: 'not an e-mail address' }, { shouldFocus: true }],
      ['doctors.2.lang', { type: 'server', message: 'unknown language' }, { shouldFocus: false }],
    ]);
    expect(rest).toEqual([{ field: 'healthProviderId', message: 'no such provider' }]);
  });
});
