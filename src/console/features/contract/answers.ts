import type { Contract } from '@/console/domain/centre';
import type { Action } from '@/console/domain/contract-actions';
import { isSettled as outcomeSettled, outcomeOf, type Outcome } from '@/console/domain/contract-events';
import type { SeatPlan } from '@/console/domain/plans';
import { isApiError } from '@/contract/api-error-value';
import type { PartnerWebhookRequest } from '@/contract/operations/send-partner-webhook';
import type { WebhookResult } from '@/contract/schemas';

// The service's answer to a partner-webhook event, as the Contract tab explains it (spec 4.8, §7;
// D3, D8). Its outcome is the domain's one reading (domain/contract-events.ts), the same the event
// log shows for the attempt; what is particular to the webhook (which of D8's cases refused it) is
// decided here.

/** D8's 422 cases: the event does not fit the centre's state. */
export type Unfit =
  | { case: 'create-while-active' }
  | { case: 'no-contract' }
  | { case: 'already-cancelled' }
  | { case: 'below-assigned'; plan: SeatPlan; assigned: number; asked: number }
  | { case: 'usage-while-cancelled' }
  | { case: 'other' };

export type Answer = { outcome: Outcome } & (
  | { kind: 'applied'; status: string | undefined }
  /** D8: a repeated event id changes nothing. */
  | { kind: 'already-applied'; status: string | undefined }
  /** D3: not a parent enabled for self-billing, or the centre is not its child. */
  | { kind: 'forbidden' }
  | { kind: 'unknown-centre' }
  /** Spec 4.8: the centre is not billed by its parent (PARTNER_SELF). */
  | { kind: 'not-self-billed' }
  | { kind: 'unfit'; unfit: Unfit; serverMessage: string | undefined }
  /** No answer about the event: it may or may not have been applied; the same event may be sent again. */
  | { kind: 'unanswered'; error: unknown }
  /** Refused for a reason described by the console's one mapping (a 400, the proxy's own refusal). */
  | { kind: 'refused'; error: unknown }
);

/** Whether an answer settles the action: the service answered, so sending it again cannot help. */
export const isSettled = (answer: Answer): boolean => outcomeSettled(answer.outcome);

/** `fresh` is the centre's contract read again after the refusal, when it could be. */
export function answerOf(
  result: { ok: true; value: WebhookResult } | { ok: false; error: unknown },
  action: Action,
  request: PartnerWebhookRequest,
  fresh: Contract | undefined,
): Answer {
  if (result.ok) {
    const outcome = outcomeOf({ status: 200, applied: result.value.applied });
    const { status } = result.value;
    const contractStatus = typeof status === 'string' ? status : status?.unknown;
    return outcome.kind === 'already-applied'
      ? { outcome, kind: 'already-applied', status: contractStatus }
      : { outcome, kind: 'applied', status: contractStatus };
  }
  const { error } = result;
  // Not an answer at all (the screen's own failure): nothing says the event did not leave.
  if (!isApiError(error))
    return { outcome: { kind: 'unanswered', why: 'lost', status: undefined }, kind: 'unanswered', error };
  const outcome = outcomeOf({ status: error.status, code: error.code, meaning: error.meaning });
  if (outcome.kind !== 'refused') return { outcome, kind: 'unanswered', error };
  // The proxy's own refusals (a problem code) are not the service's answer about the event.
  if (!outcome.byProxy)
    switch (error.meaning) {
      case 'forbidden':
        return { outcome, kind: 'forbidden' };
      case 'not-found':
        return { outcome, kind: 'unknown-centre' };
      case 'state-conflict':
        return { outcome, kind: 'not-self-billed' };
      case 'unprocessable':
        return {
          outcome,
          kind: 'unfit',
          unfit: unfitOf(action, request, fresh),
          serverMessage: error.serverMessage,
        };
      default:
        break;
    }
  return { outcome, kind: 'refused', error };
}

/** Which of D8's 422 cases applies, judged against the contract as it is now. */
export function unfitOf(action: Action, request: PartnerWebhookRequest, fresh: Contract | undefined): Unfit {
  if (!fresh || fresh.kind === 'processor' || fresh.kind === 'unknown-status') return { case: 'other' };
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
