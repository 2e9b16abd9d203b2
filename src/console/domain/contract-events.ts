import { meaningOfStatus, type ApiErrorMeaning } from '@/contract/api-error-value';
import type { ContractEvent, ContractEventAttempt } from '@/proxy-api/console';

// A contract event's answers, read one way (spec 4.8, §7; D8; docs/decisions/0016): the answer the
// Contract tab explains when it arrives and the attempt the event log shows later are the same
// answer, so they are read by the same function and said in the same words, with the same status.

/** What came back for one sending of an event. */
export interface Answer {
  /** The HTTP status the console received; undefined when none came (the network, a timeout). */
  status: number | undefined;
  /** The proxy's problem code, when the proxy answered for itself (upstream_timeout, …). */
  code?: string | undefined;
  /** D8's `applied` on a 200. */
  applied?: boolean | undefined;
  /** What the failure means (spec §7, the console's one vocabulary); from the status when not given. */
  meaning?: ApiErrorMeaning | undefined;
}

/** Why no answer about the event came back: it may or may not have been applied. */
export type Unanswered = 'timeout' | 'unreachable' | 'lost' | 'unreadable' | 'busy' | 'signed-out';

export type Outcome =
  | { kind: 'applied'; status: number }
  /** D8: a repeated event id changes nothing. */
  | { kind: 'already-applied'; status: number }
  /** The same event may be sent again, and the service applies it at most once (D8). */
  | { kind: 'unanswered'; why: Unanswered; status: number | undefined }
  /** The service (or the proxy, `byProxy`) answered and refused: sending it again cannot help. */
  | { kind: 'refused'; status: number | undefined; byProxy: boolean };

const UNANSWERED: Partial<Record<ApiErrorMeaning, Unanswered>> = {
  unauthenticated: 'signed-out',
  'upstream-timeout': 'timeout',
  timeout: 'timeout',
  'upstream-unavailable': 'unreachable',
  'server-error': 'unreachable',
  'network-error': 'lost',
  aborted: 'lost',
  'unexpected-response': 'unreadable',
  // 429: not now; the event was not applied, and the same one may be sent later.
  'rate-limited': 'busy',
};

export function outcomeOf(answer: Answer): Outcome {
  const { status, code } = answer;
  if (status !== undefined && status >= 200 && status < 300 && answer.meaning === undefined)
    return answer.applied === false ? { kind: 'already-applied', status } : { kind: 'applied', status };
  const meaning = answer.meaning ?? (status === undefined ? 'network-error' : meaningOfStatus(status));
  // The proxy's 408: the request's body did not reach it in time, so neither did it the service.
  const why = code === 'request_timeout' ? 'timeout' : UNANSWERED[meaning];
  if (why) return { kind: 'unanswered', why, status };
  return { kind: 'refused', status, byProxy: code !== undefined };
}

/** Whether an answer settles the action: nothing more can come of sending the same event again. */
export const isSettled = (outcome: Outcome) => outcome.kind !== 'unanswered';

/** One attempt of the log, read like an answer. */
export const attemptOutcome = (attempt: ContractEventAttempt): Outcome =>
  outcomeOf({ status: attempt.status, code: attempt.code, applied: attempt.applied });

const wasApplied = (event: ContractEvent) =>
  event.attempts.some((attempt) => {
    const { kind } = attemptOutcome(attempt);
    return kind === 'applied' || kind === 'already-applied';
  });

/** What an event did to its centre's contract (spec 6): an update after a cancellation reactivates it. */
export type EventKind = 'created' | 'updated' | 'reactivated' | 'cancelled' | 'other';

const KIND_OF_TYPE: Partial<Record<string, EventKind>> = {
  'checkout.session.completed': 'created',
  'customer.subscription.updated': 'updated',
  'customer.subscription.deleted': 'cancelled',
};

/**
 * Each event's kind, by its id, for a log read newest first. An update is a reactivation when the
 * centre's latest applied event before it was a cancellation (D8: updating an INACTIVE contract
 * reactivates it); where the log does not hold the cancellation, it stays an update.
 */
export function eventKindsOf(events: readonly ContractEvent[]): ReadonlyMap<string, EventKind> {
  const kinds = new Map<string, EventKind>();
  const cancelled = new Map<number | null, boolean>();
  for (const event of events.toReversed()) {
    let kind = KIND_OF_TYPE[event.type] ?? 'other';
    if (kind === 'updated' && cancelled.get(event.centreId) === true) kind = 'reactivated';
    kinds.set(event.eventId, kind);
    if (kind !== 'other' && wasApplied(event)) cancelled.set(event.centreId, kind === 'cancelled');
  }
  return kinds;
}

/**
 * 2.14's included consultations are sent, never read back (4.7 has no such field): the newest
 * event for the centre that the service accepted (a 200, applied then or before, D8) with a USAGE
 * item, in a log read newest first.
 */
export function includedConsultationsOf(events: readonly ContractEvent[], centreId: number): number | null {
  for (const event of events) {
    if (event.centreId !== centreId || !wasApplied(event)) continue;
    const usage = event.items?.find((item) => item.planType === 'USAGE');
    if (usage?.includedConsultations !== undefined) return usage.includedConsultations;
  }
  return null;
}
