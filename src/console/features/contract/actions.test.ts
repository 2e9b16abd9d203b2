import { describe, expect, it } from 'vitest';
import { partnerWebhookRequestSchema } from '@/contract/operations/send-partner-webhook';
import {
  contractFormSchema,
  defaultsFor,
  eventFor,
  itemsOf,
  newEventId,
  refusalFromMessage,
  refusalsOf,
  rulesFor,
} from './actions.ts';
import type { ContractNow } from './contract-state.ts';

// The form's refusals (D8: the service would answer 400 or 422) and the events it sends.

const active: ContractNow = {
  kind: 'seats',
  status: 'ACTIVE',
  seats: { BASIC: 10, ELITE: 3, TRIAL: 0 },
  used: { BASIC: 8, ELITE: 3, TRIAL: 0 },
};

describe('the contract form', () => {
  it('refuses seats below the licences already assigned, naming how many are', () => {
    const rules = rulesFor('change-seats', active);
    expect(refusalsOf({ model: 'seats', BASIC: 7, ELITE: 2 }, rules)).toEqual([
      { field: 'BASIC', rule: 'below-assigned', assigned: 8 },
      { field: 'ELITE', rule: 'below-assigned', assigned: 3 },
    ]);
    expect(refusalsOf({ model: 'seats', BASIC: 8, ELITE: 3 }, rules)).toEqual([]);
    // The same floor when reactivating: the licences stay assigned while cancelled (spec 3.2).
    expect(
      refusalsOf(
        { model: 'seats', BASIC: 5, ELITE: 3 },
        rulesFor('reactivate', { ...active, status: 'INACTIVE' }),
      ),
    ).toEqual([{ field: 'BASIC', rule: 'below-assigned', assigned: 8 }]);
  });

  it('refuses an empty or fractional quantity, a negative one, too many, and a contract of no seat', () => {
    const rules = rulesFor('create', { kind: 'none' });
    expect(refusalsOf({ model: 'seats', BASIC: Number.NaN, ELITE: 1.5 }, rules)).toEqual([
      { field: 'BASIC', rule: 'whole-number' },
      { field: 'ELITE', rule: 'whole-number' },
    ]);
    expect(refusalsOf({ model: 'seats', BASIC: -1, ELITE: 0 }, rules)).toEqual([
      { field: 'BASIC', rule: 'whole-number' },
    ]);
    expect(refusalsOf({ model: 'seats', BASIC: 100_001, ELITE: 0 }, rules)).toEqual([
      { field: 'BASIC', rule: 'too-many', max: 100_000 },
    ]);
    expect(refusalsOf({ model: 'seats', BASIC: 0, ELITE: 0 }, rules)).toEqual([
      { field: 'BASIC', rule: 'no-seats' },
    ]);
  });

  it('refuses a pay-per-use contract without at least one included consultation', () => {
    const rules = rulesFor('create', { kind: 'none' });
    expect(refusalsOf({ model: 'usage', includedConsultations: 0 }, rules)).toEqual([
      { field: 'includedConsultations', rule: 'at-least-one' },
    ]);
    expect(refusalsOf({ model: 'usage', includedConsultations: Number.NaN }, rules)).toEqual([
      { field: 'includedConsultations', rule: 'whole-number' },
    ]);
    // Seat fields the pay-per-use form does not show are not judged.
    expect(refusalsOf({ model: 'usage', includedConsultations: 300, BASIC: Number.NaN }, rules)).toEqual([]);
  });

  it('carries each refusal through the form’s schema onto its field', () => {
    const result = contractFormSchema(rulesFor('change-seats', active)).safeParse({
      model: 'seats',
      BASIC: 7,
      ELITE: 3,
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['BASIC']);
    expect(refusalFromMessage(issue?.message)).toEqual({
      field: 'BASIC',
      rule: 'below-assigned',
      assigned: 8,
    });
    expect(
      contractFormSchema(rulesFor('change-seats', active)).safeParse({ model: 'seats', BASIC: 9, ELITE: 3 })
        .success,
    ).toBe(true);
  });

  it('keeps TRIAL only where the contract has it, and asks a switch for BASIC and ELITE alone (2.11)', () => {
    expect(rulesFor('change-seats', active).plans).toEqual(['BASIC', 'ELITE']);
    const withTrial: ContractNow = { ...active, seats: { ...active.seats, TRIAL: 5 } };
    expect(rulesFor('change-seats', withTrial).plans).toEqual(['BASIC', 'ELITE', 'TRIAL']);
    expect(defaultsFor('change-seats', withTrial)).toEqual({ model: 'seats', BASIC: 10, ELITE: 3, TRIAL: 5 });
    expect(
      rulesFor('to-seats', {
        kind: 'usage',
        status: 'ACTIVE',
        holders: 2,
        includedConsultations: 1,
        scheduledSwitch: null,
        renewsOn: null,
      }).plans,
    ).toEqual(['BASIC', 'ELITE']);
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
