import { isApiError, type ApiError } from '@/contract/api-error-value';
import type { PartnerWebhookRequest } from '@/contract/operations/send-partner-webhook';
import type { WebhookResult } from '@/contract/schemas';
import type { Action } from './actions.ts';
import type { ContractNow, SeatPlan } from './contract-state.ts';

// The service's answer to a partner-webhook event, as the Contract tab explains it (spec 4.8, §7;
// D3, D8). Only what is particular to the webhook is decided here: any other failure is described
// by the console's one mapping (lib/error-message.ts).

/** D8's 422 cases: the event does not fit the centre's state. */
export type Unfit =
  | { case: 'create-while-active' }
  | { case: 'no-contract' }
  | { case: 'already-cancelled' }
  | { case: 'below-assigned'; plan: SeatPlan; assigned: number; asked: number }
  | { case: 'usage-while-cancelled' }
  | { case: 'other' };

export type Answer =
  | { kind: 'applied'; status: string | undefined }
  /** D8: a repeated event id changes nothing. */
  | { kind: 'already-applied'; status: string | undefined }
  /** D3: not a parent enabled for self-billing, or the centre is not its child. */
  | { kind: 'forbidden' }
  | { kind: 'unknown-centre' }
  /** Spec 4.8: the centre is not billed by its parent (PARTNER_SELF). */
  | { kind: 'not-self-billed' }
  | { kind: 'unfit'; unfit: Unfit; serverMessage: string | undefined }
  /** No answer came back: it may or may not have been applied; the same event may be sent again. */
  | { kind: 'no-answer'; error: ApiError }
  /** The session ended: after signing in again, the same event may be sent again. */
  | { kind: 'signed-out'; error: ApiError }
  /** Anything else, described by lib/error-message.ts (400, 429, …). */
  | { kind: 'failed'; error: unknown; settled: boolean };

/**
 * Whether an answer settles the action: the service answered, so sending it again cannot help.
 * A timeout, an unreachable service, a 5xx, an ended session or a 429 leave it open for a retry with
 * the same id (D8).
 */
export function isSettled(answer: Answer): boolean {
  if (answer.kind === 'no-answer' || answer.kind === 'signed-out') return false;
  return answer.kind === 'failed' ? answer.settled : true;
}

/** `fresh` is the centre's contract read again after the refusal, when it could be. */
export function answerOf(
  outcome: { ok: true; value: WebhookResult } | { ok: false; error: unknown },
  action: Action,
  request: PartnerWebhookRequest,
  fresh: ContractNow | undefined,
): Answer {
  if (outcome.ok) {
    const status =
      typeof outcome.value.status === 'string' ? outcome.value.status : outcome.value.status?.unknown;
    return outcome.value.applied ? { kind: 'applied', status } : { kind: 'already-applied', status };
  }
  const error = outcome.error;
  if (!isApiError(error)) return { kind: 'failed', error, settled: false };
  if (error.status === undefined || error.status >= 500) return { kind: 'no-answer', error };
  if (error.status === 401) return { kind: 'signed-out', error };
  // The proxy's own refusals (a problem code) are not the service's answer about the event.
  if (error.code === undefined) {
    if (error.status === 403) return { kind: 'forbidden' };
    if (error.status === 404) return { kind: 'unknown-centre' };
    if (error.status === 409) return { kind: 'not-self-billed' };
    if (error.status === 422)
      return { kind: 'unfit', unfit: unfitOf(action, request, fresh), serverMessage: error.serverMessage };
  }
  return { kind: 'failed', error, settled: error.status !== 408 && error.status !== 429 };
}

/** Which of D8's 422 cases applies, judged against the contract as it is now. */
export function unfitOf(
  action: Action,
  request: PartnerWebhookRequest,
  fresh: ContractNow | undefined,
): Unfit {
  if (!fresh || fresh.kind === 'not-actionable') return { case: 'other' };
  if (action === 'create') return fresh.kind === 'none' ? { case: 'other' } : { case: 'create-while-active' };
  if (fresh.kind === 'none') return { case: 'no-contract' };
  if (action === 'cancel')
    return fresh.status === 'INACTIVE' ? { case: 'already-cancelled' } : { case: 'other' };
  const items = request.data.items ?? [];
  if (items.some((item) => item.planType === 'USAGE') && fresh.status === 'INACTIVE')
    return { case: 'usage-while-cancelled' };
  if (fresh.kind === 'seats')
    for (const item of items) {
      if (item.planType === 'USAGE') continue;
      const assigned = fresh.used[item.planType];
      if (item.quantity < assigned)
        return { case: 'below-assigned', plan: item.planType, assigned, asked: item.quantity };
    }
  return { case: 'other' };
}
