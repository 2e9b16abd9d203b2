import { describe, expect, it } from 'vitest';
import { partnerWebhookRequestSchema } from '@/contract/operations/send-partner-webhook';
import type { Contract } from '@/console/domain/centre';
import { rulesFor } from '@/console/domain/contract-actions';
import { contractFormSchema, defaultsFor, eventFor, itemsOf, newEventId } from './actions.ts';

// The form's schema and defaults, and the events it sends (the refusals themselves are the
// domain's, domain/contract-actions.test.ts).

const active: Contract = {
  kind: 'seats',
  status: 'ACTIVE',
  seats: { BASIC: 10, ELITE: 3, TRIAL: 0 },
  used: { BASIC: 8, ELITE: 3, TRIAL: 0 },
};

describe('the contract form', () => {
  it('carries each refusal through the form’s schema onto its field', () => {
    const result = contractFormSchema(rulesFor('change-seats', active)).safeParse({
      model: 'seats',
      BASIC: 7,
      ELITE: 3,
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['BASIC']);
    // The rule names it; the words and numbers come from the domain's refusal, not the message.
    expect(issue?.message).toBe('below-assigned');
    expect(
      contractFormSchema(rulesFor('change-seats', active)).safeParse({ model: 'seats', BASIC: 9, ELITE: 3 })
        .success,
    ).toBe(true);
  });

  it('opens on the contract as it is, TRIAL only where the contract has it', () => {
    const withTrial: Contract = { ...active, seats: { ...active.seats, TRIAL: 5 } };
    expect(defaultsFor('change-seats', withTrial)).toEqual({ model: 'seats', BASIC: 10, ELITE: 3, TRIAL: 5 });
    expect(defaultsFor('change-seats', active)).toEqual({ model: 'seats', BASIC: 10, ELITE: 3, TRIAL: 0 });
  });

  it('sends D8’s new full state, a single USAGE item, or nothing for a cancellation, in a valid envelope', () => {
    const change = itemsOf(
      'change-seats',
      { model: 'seats', BASIC: 12, ELITE: 0 },
      rulesFor('change-seats', active),
    );
    expect(change).toEqual([
      { planType: 'BASIC', quantity: 12 },
      { planType: 'ELITE', quantity: 0 },
    ]);
    const usage = itemsOf(
      'to-usage',
      { model: 'usage', includedConsultations: 300 },
      rulesFor('to-usage', active),
    );
    expect(usage).toEqual([{ planType: 'USAGE', includedConsultations: 300 }]);
    const created = new Date('2026-11-22T10:00:00Z');
    const ids = new Set([newEventId(), newEventId()]);
    expect(ids.size).toBe(2);
    for (const [action, items] of [
      ['change-seats', change],
      ['to-usage', usage],
      ['cancel', undefined],
    ] as const) {
      const event = eventFor(action, 101, items, created, 'evt_1');
      expect(partnerWebhookRequestSchema.safeParse(event).success).toBe(true);
    }
    expect(eventFor('cancel', 101, undefined, created, 'evt_1')).toEqual({
      id: 'evt_1',
      type: 'customer.subscription.deleted',
      created: '2026-11-22T10:00:00.000Z',
      data: { providerId: 101 },
    });
  });
});
