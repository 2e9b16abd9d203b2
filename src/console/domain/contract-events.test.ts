import { describe, expect, it } from 'vitest';
import type { ContractEvent } from '@/proxy-api/console';
import {
  attemptOutcome,
  eventKindsOf,
  includedConsultationsOf,
  isSettled,
  outcomeOf,
  type Outcome,
} from './contract-events.ts';

// One reading of an event's answer, for the tab that sends it and the log that keeps it.

type Attempt = { status: number; code?: string; applied?: boolean };
const event = (
  id: string,
  type: string,
  centreId: number,
  attempts: Attempt[],
  items?: ContractEvent['items'],
): ContractEvent => ({
  eventId: id,
  type,
  centreId,
  ...(items ? { items } : {}),
  attempts: attempts.map((attempt) => ({ at: '2026-11-22T10:00:00.000Z', clientId: 'c', ...attempt })),
});
const usage = (includedConsultations: number) => [{ planType: 'USAGE', includedConsultations }];
const UPDATED = 'customer.subscription.updated';
const DELETED = 'customer.subscription.deleted';
const CREATED = 'checkout.session.completed';

describe('an answer to a contract event', () => {
  it('is applied, or already applied (D8: a repeated id changes nothing), on a 200', () => {
    expect(outcomeOf({ status: 200, applied: true })).toEqual({ kind: 'applied', status: 200 });
    expect(outcomeOf({ status: 200, applied: false })).toEqual({ kind: 'already-applied', status: 200 });
  });

  it('leaves the event open for a retry when no answer about it came back, saying why', () => {
    const cases: [Parameters<typeof outcomeOf>[0], Outcome][] = [
      [
        { status: 504, code: 'upstream_timeout' },
        { kind: 'unanswered', why: 'timeout', status: 504 },
      ],
      [
        { status: 502, code: 'upstream_unavailable' },
        { kind: 'unanswered', why: 'unreachable', status: 502 },
      ],
      [{ status: 503 }, { kind: 'unanswered', why: 'unreachable', status: 503 }],
      [
        { status: 408, code: 'request_timeout' },
        { kind: 'unanswered', why: 'timeout', status: 408 },
      ],
      [
        { status: 401, code: 'session_expired' },
        { kind: 'unanswered', why: 'signed-out', status: 401 },
      ],
      [{ status: 429 }, { kind: 'unanswered', why: 'busy', status: 429 }],
      [{ status: undefined }, { kind: 'unanswered', why: 'lost', status: undefined }],
      [
        { status: 200, meaning: 'unexpected-response' },
        { kind: 'unanswered', why: 'unreadable', status: 200 },
      ],
    ];
    for (const [answer, outcome] of cases) {
      expect(outcomeOf(answer), JSON.stringify(answer)).toEqual(outcome);
      expect(isSettled(outcomeOf(answer))).toBe(false);
    }
  });

  it('is refused, and settled, when the service or the proxy answered no', () => {
    for (const status of [400, 403, 404, 409, 422]) {
      expect(outcomeOf({ status })).toEqual({ kind: 'refused', status, byProxy: false });
      expect(isSettled(outcomeOf({ status }))).toBe(true);
    }
    expect(outcomeOf({ status: 403, code: 'csrf' })).toEqual({ kind: 'refused', status: 403, byProxy: true });
  });

  it('reads a 429 the same way when it arrives and in the log: not applied, to be sent again', () => {
    const now = outcomeOf({ status: 429, meaning: 'rate-limited' });
    const logged = attemptOutcome({ at: '2026-11-22T10:00:00.000Z', clientId: 'c', status: 429 });
    expect(logged).toEqual(now);
    expect(isSettled(logged)).toBe(false);
  });
});

describe('what an event did', () => {
  it('calls an update after an applied cancellation of the same centre a reactivation (D8)', () => {
    // Newest first, as the log is read.
    const events = [
      event('e5', UPDATED, 101, [{ status: 200, applied: true }]),
      event('e4', UPDATED, 102, [{ status: 200, applied: true }]),
      event('e3', UPDATED, 101, [{ status: 422 }]),
      event('e2', DELETED, 101, [
        { status: 504, code: 'upstream_timeout' },
        { status: 200, applied: false },
      ]),
      event('e1', CREATED, 101, [{ status: 200, applied: true }]),
      event('e0', DELETED, 102, [{ status: 422 }]),
    ];
    expect(Object.fromEntries(eventKindsOf(events))).toEqual({
      e0: 'cancelled',
      e1: 'created',
      e2: 'cancelled',
      // Refused, but what it asked was a reactivation: the contract was cancelled.
      e3: 'reactivated',
      e4: 'updated',
      e5: 'reactivated',
    });
  });

  it('stays an update when the log does not hold the cancellation before it', () => {
    expect(eventKindsOf([event('e1', UPDATED, 104, [{ status: 200, applied: true }])]).get('e1')).toBe(
      'updated',
    );
  });

  it('knows the included consultations from the newest accepted event with a USAGE item', () => {
    const events = [
      event('e4', UPDATED, 106, [{ status: 504 }], usage(900)),
      event('e3', UPDATED, 107, [{ status: 200 }], usage(700)),
      event('e2', UPDATED, 106, [{ status: 200 }], usage(400)),
      event('e1', UPDATED, 106, [{ status: 200 }], usage(300)),
    ];
    expect(includedConsultationsOf(events, 106)).toBe(400);
    expect(includedConsultationsOf(events, 108)).toBeNull();
  });
});
