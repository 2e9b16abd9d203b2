import { useEffect, useRef, type RefObject } from 'react';
import { z } from 'zod/mini';
import { useRestoredDraft, useSignInDraft } from '@/console/lib/sign-in-drafts';
import type { DoctorRowInput } from './doctor-row.ts';
import type { RegistrationRun } from './registration-run.ts';

// The typed rows across an organisation's re-login, which takes the tab to the identity provider
// and back (decision 0006, lib/sign-in-drafts.ts): the rows not registered yet come back, and the
// ones that were on their way when the session ended go once the person is back, as the re-login
// dialog promises. A registered row is not kept: it is never sent again (D4).

const text = z.string();
const draftSchema = z.object({
  rows: z.array(
    z.object({
      name: text,
      lastname: text,
      email: text,
      doctorId: text,
      doctorSpeciality: text,
      lang: text,
      keywords: z.array(text),
    }),
  ),
  /** The rows (indexes into `rows`) that were waiting or in flight: they go on return. */
  pending: z.array(z.number()),
});
export type RowsDraft = z.infer<typeof draftSchema>;

const parse = (value: unknown) => {
  const parsed = draftSchema.safeParse(value);
  return parsed.success && parsed.data.rows.length > 0 ? parsed.data : undefined;
};

const draftKey = (target: number) => `register.rows:${target}`;

/** The rows kept for this target by a re-login, once. */
export const useRestoredRows = (target: number) => useRestoredDraft(draftKey(target), parse);

const isEmpty = (row: DoctorRowInput) =>
  row.keywords.length === 0 &&
  [row.name, row.lastname, row.email, row.doctorId, row.doctorSpeciality].every((v) => v.trim() === '');

/**
 * Keeps the rows when the tab leaves to sign in again, and resumes the pending ones of a restored
 * draft through the form's own submit (so they are checked as any send): the answer tells that
 * submit, once, the keys of the rows it is to send.
 */
export function useKeptRows<Request>(options: {
  target: number;
  restored: RowsDraft | undefined;
  rows: () => DoctorRowInput[];
  keys: RefObject<string[]>;
  run: RegistrationRun<Request>;
  formRef: RefObject<HTMLFormElement | null>;
}): () => string[] | undefined {
  const { target, restored, rows, keys, run, formRef } = options;
  const resuming = useRef<string[] | undefined>(undefined);
  useSignInDraft(draftKey(target), () => {
    const values = rows();
    const kept = keys.current.flatMap((key, index) => {
      const row = values[index];
      const state = run.status(key)?.state;
      return row && state !== 'registered'
        ? [{ row, going: state === 'waiting' || state === 'sending' }]
        : [];
    });
    // The rows held by the ended session stay unsent here: the page leaves without the browser's
    // "leave this page?" (they go from the draft on return, not from this page).
    run.cancel();
    if (kept.every(({ row, going }) => !going && isEmpty(row))) return undefined;
    return {
      rows: kept.map(({ row }) => row),
      pending: kept.flatMap(({ going }, index) => (going ? [index] : [])),
    } satisfies RowsDraft;
  });
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !restored || restored.pending.length === 0) return;
    resumed.current = true;
    resuming.current = restored.pending.flatMap((index) => keys.current[index] ?? []);
    formRef.current?.requestSubmit();
  }, [restored, keys, formRef]);
  return () => {
    const pending = resuming.current;
    resuming.current = undefined;
    return pending;
  };
}
