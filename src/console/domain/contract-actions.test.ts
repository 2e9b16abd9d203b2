import { describe, expect, it } from 'vitest';
import type { Contract } from './centre.ts';
import { actionsFor, contractAvailability, refusalsOf, rulesFor } from './contract-actions.ts';

// Who may act on a contract, which actions its state allows, and what the service would refuse in
// an action's quantities (D8: 400 or 422).

const active: Contract = {
  kind: 'seats',
  status: 'ACTIVE',
  seats: { BASIC: 10, ELITE: 3, TRIAL: 0 },
  used: { BASIC: 8, ELITE: 3, TRIAL: 0 },
};
const usage = (status: 'ACTIVE' | 'INACTIVE'): Contract => ({
  kind: 'usage',
  status,
  holders: 2,
  includedConsultations: 1,
  scheduledSwitch: null,
  renewsOn: null,
});

describe('who may act on a centre’s contract', () => {
  it('a parent on a centre it bills; elsewhere, it says why not (D3)', () => {
    expect(contractAvailability(false, { mode: 'PARTNER_SELF', managedBy: 'Red Salud Demo' })).toEqual({
      kind: 'available',
    });
    expect(contractAvailability(false, { mode: 'PROCESSOR', managedBy: null })).toEqual({
      kind: 'processor',
    });
    expect(contractAvailability(true, { mode: 'PARTNER_SELF', managedBy: 'Red Salud Demo' })).toEqual({
      kind: 'own-centre',
    });
    expect(contractAvailability(false, { mode: { unknown: 'RESELLER' }, managedBy: null })).toEqual({
      kind: 'other-billing',
      mode: 'RESELLER',
    });
    expect(contractAvailability(false, undefined)).toEqual({ kind: 'unknown' });
  });

  it('offers only the actions the contract’s state allows (D8’s 422 cases are never offered)', () => {
    expect(actionsFor({ kind: 'none' })).toEqual(['create']);
    expect(actionsFor(active)).toEqual(['change-seats', 'to-usage', 'cancel']);
    expect(actionsFor({ ...active, status: 'INACTIVE' })).toEqual(['reactivate']);
    expect(actionsFor(usage('ACTIVE'))).toEqual(['change-consultations', 'to-seats', 'cancel']);
    expect(actionsFor(usage('INACTIVE'))).toEqual(['reactivate']);
    expect(actionsFor({ kind: 'processor' })).toEqual([]);
    expect(actionsFor({ kind: 'unknown-status', status: 'PAUSED' })).toEqual([]);
  });
});

describe('what the service would refuse in an action', () => {
  it('seats below the licences already assigned, naming how many are', () => {
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

  it('an empty or fractional quantity, a negative one, too many, and a contract of no seat', () => {
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

  it('a pay-per-use contract without at least one included consultation', () => {
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

  it('keeps TRIAL only where the contract has it, and asks a switch for BASIC and ELITE alone (2.11)', () => {
    expect(rulesFor('change-seats', active).plans).toEqual(['BASIC', 'ELITE']);
    const withTrial: Contract = { ...active, seats: { ...active.seats, TRIAL: 5 } };
    expect(rulesFor('change-seats', withTrial).plans).toEqual(['BASIC', 'ELITE', 'TRIAL']);
    expect(rulesFor('to-seats', usage('ACTIVE')).plans).toEqual(['BASIC', 'ELITE']);
  });
});
