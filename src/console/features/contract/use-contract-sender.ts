import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refetchAfterContractEvent, useSendPartnerWebhook } from '@/console/api/send-partner-webhook';
import type { Contract } from '@/console/domain/centre';
import type { Action } from '@/console/domain/contract-actions';
import { means } from '@/console/lib/error-message';
import type { PartnerWebhookRequest } from '@/contract/operations/send-partner-webhook';
import { eventFor, newEventId } from './actions.ts';
import { answerOf, isSettled, type Answer } from './answers.ts';
import { crossTab } from './cross-tab.ts';
import {
  clearPending,
  readPending,
  scopeKey,
  writePending,
  type PendingAction,
  type Scope,
} from './pending-action.ts';

export interface ShownAnswer {
  answer: Answer;
  action: Action;
  request: PartnerWebhookRequest;
}

export interface ContractSender {
  /** This tab's action still waiting for an answer from the service (kept across reloads). */
  pending: PendingAction | undefined;
  /** A request is on its way now. */
  sending: boolean;
  /** Another tab of this browser has an action for this centre waiting: this one sends nothing. */
  elsewhere: boolean;
  /** The last answer, to explain. */
  shown: ShownAnswer | undefined;
  /** How many actions were applied here: a form opens anew after each. */
  applied: number;
  /** Sends a new event for the user's action on the centre (a fresh id, D8). */
  send(action: Action, items: PartnerWebhookRequest['data']['items']): void;
  /** Sends the pending event again, with its own id (D8: applied at most once). */
  retry(): void;
  /** Forgets the pending action without an answer. */
  discard(): void;
}

/**
 * Whether another tab holds the centre's cross-tab lock (docs/decisions/0016), kept up to date as
 * tabs claim and release it; a release that settled an action refetches the centre's contract.
 */
function useElsewhere(key: string, centreId: number) {
  const queryClient = useQueryClient();
  const [elsewhere, setElsewhere] = useState(false);
  useEffect(() => {
    let live = true;
    const check = async () => {
      const other = await crossTab.heldElsewhere(key);
      if (live) setElsewhere(other);
    };
    // An action found pending on load (a reload) is this tab's to retry, unless another tab
    // (a duplicate of this one, which copies session storage) already holds it.
    const reclaim = async () => {
      const mine = await crossTab.claim(key);
      if (live) setElsewhere(!mine);
    };
    void (readPending(key) ? reclaim() : check());
    const unsubscribe = crossTab.subscribe((message) => {
      if (message.key !== key) return;
      void check();
      if (message.state === 'released' && message.settled)
        void refetchAfterContractEvent(queryClient, centreId);
    });
    // A closed tab lets go of its lock without a word: look again when this tab comes back.
    const onReturn = () => void check();
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      live = false;
      unsubscribe();
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [key, queryClient, centreId]);
  return [elsewhere, setElsewhere] as const;
}

/**
 * Exactly once (docs/decisions/0016): one event id per user action, kept in session storage from
 * before it is sent until the service answers; a retry sends the same event; the centre's
 * cross-tab lock is held all that time, so another tab cannot send a second event meanwhile.
 * `freshState` reads the contract again after a 422, to say which of D8's cases it was.
 */
export function useContractSender(
  scope: Scope,
  freshState: () => Promise<Contract | undefined>,
): ContractSender {
  const key = scopeKey(scope);
  const mutation = useSendPartnerWebhook();
  const [pending, setPending] = useState(() => readPending(key));
  const [elsewhere, setElsewhere] = useElsewhere(key, scope.centreId);
  const [shown, setShown] = useState<ShownAnswer | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState(0);
  // A double click sends once: the ref answers before React re-renders.
  const inFlight = useRef(false);

  const attempt = async (record: PendingAction) => {
    setShown(undefined);
    const outcome = await mutation.mutateAsync(record.request).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    // D8's 422: which case it was is judged against the contract read again.
    const refused = !outcome.ok && means(outcome.error, 'unprocessable');
    const answer = answerOf(outcome, record.action, record.request, refused ? await freshState() : undefined);
    if (isSettled(answer)) {
      clearPending(key);
      setPending(undefined);
      crossTab.release(key, true);
    }
    if (answer.kind === 'applied') setApplied((count) => count + 1);
    setShown({ answer, action: record.action, request: record.request });
  };

  const guarded = (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    void work().finally(() => {
      inFlight.current = false;
      setBusy(false);
    });
  };

  return {
    pending,
    sending: busy || mutation.isPending,
    elsewhere,
    shown,
    applied,
    send(action, items) {
      if (pending) return;
      guarded(async () => {
        const request = eventFor(action, scope.centreId, items, new Date(), newEventId());
        if (!(await crossTab.claim(key))) {
          setElsewhere(true);
          return;
        }
        const record: PendingAction = { action, request, since: new Date().toISOString() };
        // Kept before it leaves: whatever happens next, a retry sends this very event.
        writePending(key, record);
        setPending(record);
        await attempt(record);
      });
    },
    retry() {
      if (!pending) return;
      guarded(async () => {
        if (!(await crossTab.claim(key))) {
          setElsewhere(true);
          return;
        }
        await attempt(pending);
      });
    },
    discard() {
      clearPending(key);
      setPending(undefined);
      setShown(undefined);
      crossTab.release(key, false);
    },
  };
}
