import { describe, expect, it } from 'vitest';
import { ApiError } from '@/contract/api-error-value';
import type { Contract } from '@/console/domain/centre';
import type { Action } from '@/console/domain/contract-actions';
import type { PartnerWebhookRequest } from '@/contract/operations/send-partner-webhook';
import { answerOf, isSettled } from './answers.ts';

// Each answer of the partner webhook (spec §7, D3, D8) and what it means for a retry.

const request = (items?: PartnerWebhookRequest['data']['items']): PartnerWebhookRequest => ({
  id: 'evt_1',
  type: 'customer.subscription.updated',
  created: '2026-11-22T10:00:00Z',
  data: { providerId: 101, ...(items ? { items } : {}) },
});
const http = (status: number, extra: { code?: string; serverMessage?: string } = {}) => ({
  ok: false as const,
  error: new ApiError({ kind: 'http', status, ...extra }),
});
const seats = (status: 'ACTIVE' | 'INACTIVE'): Contract => ({
  kind: 'seats',
  status,
  seats: { BASIC: 10, ELITE: 3, TRIAL: 0 },
  used: { BASIC: 8, ELITE: 3, TRIAL: 0 },
});
const usage: Contract = {
  kind: 'usage',
  status: 'INACTIVE',
  holders: 0,
  includedConsultations: null,
  scheduledSwitch: null,
  renewsOn: null,
};

describe('the webhook’s answers', () => {
  it('tells an applied event from an already applied one (D8: a repeated id changes nothing)', () => {
    expect(
      answerOf(
        { ok: true, value: { eventId: 'evt_1', applied: true, status: 'ACTIVE' } },
        'cancel',
        request(),
        undefined,
      ),
    ).toEqual({
      outcome: { kind: 'applied', status: 200 },
      kind: 'applied',
      status: 'ACTIVE',
    });
    const again = answerOf(
      { ok: true, value: { eventId: 'evt_1', applied: false, status: 'INACTIVE' } },
      'cancel',
      request(),
      undefined,
    );
    expect(again).toEqual({
      outcome: { kind: 'already-applied', status: 200 },
      kind: 'already-applied',
      status: 'INACTIVE',
    });
    expect(isSettled(again)).toBe(true);
  });

  it('names 403, 404 and 409 from the service, and settles them', () => {
    for (const [status, kind] of [
      [403, 'forbidden'],
      [404, 'unknown-centre'],
      [409, 'not-self-billed'],
    ] as const) {
      const answer = answerOf(http(status), 'change-seats', request(), undefined);
      expect(answer).toEqual({ outcome: { kind: 'refused', status, byProxy: false }, kind });
      expect(isSettled(answer)).toBe(true);
    }
    // The proxy's own refusals (a problem code) are described by the one mapping, not as the service's word.
    const proxy = answerOf(http(403, { code: 'csrf' }), 'cancel', request(), undefined);
    expect(proxy).toMatchObject({ kind: 'refused' });
    expect(isSettled(proxy)).toBe(true);
  });

  it('says which of D8’s 422 cases it was, from the contract read again', () => {
    const unfit = (action: Action, sent: PartnerWebhookRequest, fresh: Contract | undefined) => {
      const answer = answerOf(http(422, { serverMessage: 'no' }), action, sent, fresh);
      return answer.kind === 'unfit' ? answer.unfit : answer;
    };
    expect(unfit('create', request([{ planType: 'BASIC', quantity: 1 }]), seats('ACTIVE'))).toEqual({
      case: 'create-while-active',
    });
    expect(unfit('change-seats', request([{ planType: 'BASIC', quantity: 9 }]), { kind: 'none' })).toEqual({
      case: 'no-contract',
    });
    expect(unfit('cancel', request(), { kind: 'none' })).toEqual({ case: 'no-contract' });
    expect(unfit('cancel', request(), seats('INACTIVE'))).toEqual({ case: 'already-cancelled' });
    expect(
      unfit(
        'change-seats',
        request([
          { planType: 'BASIC', quantity: 6 },
          { planType: 'ELITE', quantity: 3 },
        ]),
        seats('ACTIVE'),
      ),
    ).toEqual({ case: 'below-assigned', plan: 'BASIC', assigned: 8, asked: 6 });
    expect(unfit('to-usage', request([{ planType: 'USAGE', includedConsultations: 300 }]), usage)).toEqual({
      case: 'usage-while-cancelled',
    });
    expect(unfit('change-seats', request([{ planType: 'BASIC', quantity: 9 }]), seats('ACTIVE'))).toEqual({
      case: 'other',
    });
    expect(unfit('change-seats', request(), undefined)).toEqual({ case: 'other' });
    expect(
      answerOf(http(422, { serverMessage: 'no' }), 'cancel', request(), seats('INACTIVE')),
    ).toMatchObject({ serverMessage: 'no' });
  });

  it('leaves an action open for a retry with the same id when no answer came back', () => {
    for (const outcome of [
      http(504, { code: 'upstream_timeout' }),
      http(502, { code: 'upstream_unavailable' }),
      { ok: false as const, error: new ApiError({ kind: 'network' }) },
      { ok: false as const, error: new ApiError({ kind: 'timeout' }) },
    ]) {
      const answer = answerOf(outcome, 'cancel', request(), undefined);
      expect(answer.kind).toBe('unanswered');
      expect(isSettled(answer)).toBe(false);
    }
    const signedOut = answerOf(http(401, { code: 'session_expired' }), 'cancel', request(), undefined);
    expect(signedOut.outcome).toEqual({ kind: 'unanswered', why: 'signed-out', status: 401 });
    expect(isSettled(signedOut)).toBe(false);
    expect(isSettled(answerOf(http(429), 'cancel', request(), undefined))).toBe(false);
    expect(isSettled(answerOf(http(400), 'cancel', request(), undefined))).toBe(true);
  });
});
