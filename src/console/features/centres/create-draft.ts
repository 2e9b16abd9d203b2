import { useCallback, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { isSessionEnded } from '@/console/lib/error-message';
import { useRestoredDraft, useSignInDraft } from '@/console/lib/sign-in-drafts';

// Create centre's form across an organisation's re-login, which takes the tab to the identity
// provider and back (decision 0006, lib/sign-in-drafts.ts): what was typed comes back in the
// dialog, and a create the ended session refused goes once the person is back. The proxy refused
// it before the service saw it, and the draft is given once: no centre is created twice.

const draftSchema = z.object({
  values: z.object({ name: z.string(), country: z.string(), city: z.string() }),
  /** The dialog was open. */
  opened: z.boolean(),
  /** The last press on Create met the ended session: it goes on return. */
  pending: z.boolean(),
});
export type CreateDraft = z.infer<typeof draftSchema>;

const parse = (value: unknown) => {
  const parsed = draftSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** One draft per provider signed in: another's centres are another list. */
export const createDraftKey = (providerId: number) => `centres.create:${providerId}`;

export const useRestoredCreate = (providerId: number) => useRestoredDraft(createDraftKey(providerId), parse);

/**
 * The dialog's side: keeps what was typed when the tab leaves, says whether a restored create is to
 * go again (`resume`, until `resumed`), and `creating` wraps the create so that a refusal for the
 * ended session is the one that goes again.
 */
export function useCreateDraft(
  key: string,
  restored: CreateDraft | undefined,
  values: () => CreateDraft['values'],
  opened: boolean,
) {
  const [resume, setResume] = useState(restored?.pending ?? false);
  const ended = useRef(false);
  useSignInDraft(key, () => {
    const typed = values();
    const some = Object.values(typed).some((value) => value.trim() !== '');
    return some || ended.current
      ? ({ values: typed, opened, pending: ended.current } satisfies CreateDraft)
      : undefined;
  });
  const resumed = useCallback(() => setResume(false), []);
  const creating = async <T>(create: () => Promise<T>): Promise<T> => {
    ended.current = false;
    try {
      return await create();
    } catch (error) {
      ended.current = isSessionEnded(error);
      throw error;
    }
  };
  return { resume, resumed, creating };
}
