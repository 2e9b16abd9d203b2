import { describe, expect, it } from 'vitest';
import type { Contract } from '@/console/domain/centre';
import { actionsFor, type Action } from '@/console/domain/contract-actions';
import type { ContractForm } from './actions.ts';
import { previewOf } from './preview.ts';

// The preview over every action the states allow (spec 3.2, D8): the numbers, when they apply,
// and what else happens.

const renewal = new Date('2026-12-12T10:00:00Z');
const seats = (status: 'ACTIVE' | 'INACTIVE', trial = 0): Contract => ({
  kind: 'seats',
  status,
  seats: { BASIC: 10, ELITE: 3, TRIAL: trial },
  used: { BASIC: 8, ELITE: 3, TRIAL: trial > 0 ? 2 : 0 },
});
const usage = (
  status: 'ACTIVE' | 'INACTIVE',
  options: Partial<Extract<Contract, { kind: 'usage' }>> = {},
): Contract => ({
  kind: 'usage',
  status,
  holders: 4,
  includedConsultations: 300,
  scheduledSwitch: null,
  renewsOn: renewal,
  ...options,
});

describe('the contract preview', () => {
  it('offers each state exactly the actions D8 lets it take', () => {
    expect(actionsFor({ kind: 'none' })).toEqual(['create']);
    expect(actionsFor(seats('ACTIVE'))).toEqual(['change-seats', 'to-usage', 'cancel']);
    expect(actionsFor(usage('ACTIVE'))).toEqual(['change-consultations', 'to-seats', 'cancel']);
    expect(actionsFor(seats('INACTIVE'))).toEqual(['reactivate']);
    expect(actionsFor(usage('INACTIVE'))).toEqual(['reactivate']);
    expect(actionsFor({ kind: 'processor' })).toEqual([]);
  });

  it('creates a seat contract at once', () => {
    expect(previewOf({ kind: 'none' }, 'create', { model: 'seats', BASIC: 5, ELITE: 0 })).toEqual({
      type: 'checkout.session.completed',
      status: { from: 'none', to: 'ACTIVE' },
      model: { from: 'none', to: 'seats' },
      seats: [
        { plan: 'BASIC', from: 0, to: 5 },
        { plan: 'ELITE', from: 0, to: 0 },
      ],
      consultations: null,
      when: { kind: 'now' },
      notes: [],
    });
  });

  it('creates a pay-per-use contract with its included consultations at once', () => {
    expect(
      previewOf({ kind: 'none' }, 'create', { model: 'usage', includedConsultations: 300 }),
    ).toMatchObject({
      type: 'checkout.session.completed',
      status: { from: 'none', to: 'ACTIVE' },
      model: { from: 'none', to: 'usage' },
      seats: [],
      consultations: { from: null, to: 300 },
      when: { kind: 'now' },
    });
  });

  it('changes seats at once, plan by plan, dropping a plan set to 0', () => {
    const preview = previewOf(seats('ACTIVE', 5), 'change-seats', {
      model: 'seats',
      BASIC: 12,
      ELITE: 3,
      TRIAL: 2,
    });
    expect(preview?.seats).toEqual([
      { plan: 'BASIC', from: 10, to: 12 },
      { plan: 'ELITE', from: 3, to: 3 },
      { plan: 'TRIAL', from: 5, to: 2 },
    ]);
    expect(preview).toMatchObject({
      type: 'customer.subscription.updated',
      when: { kind: 'now' },
      notes: [],
    });
    const dropped = previewOf(seats('ACTIVE'), 'change-seats', { model: 'seats', BASIC: 8, ELITE: 3 });
    expect(dropped?.seats[0]).toEqual({ plan: 'BASIC', from: 10, to: 8 });
  });

  it('moves seats to pay-per-use at once, ending the seat licences in use', () => {
    expect(
      previewOf(seats('ACTIVE'), 'to-usage', { model: 'usage', includedConsultations: 500 }),
    ).toMatchObject({
      type: 'customer.subscription.updated',
      model: { from: 'seats', to: 'usage' },
      consultations: { from: null, to: 500 },
      when: { kind: 'now' },
      notes: [{ kind: 'seat-licences-end', count: 11 }],
    });
  });

  it('changes included consultations at once, dropping a pending switch (D8: the new full state)', () => {
    const pending = usage('ACTIVE', { scheduledSwitch: { on: renewal, seats: { BASIC: 4, ELITE: 1 } } });
    expect(
      previewOf(pending, 'change-consultations', { model: 'usage', includedConsultations: 400 }),
    ).toMatchObject({
      model: { from: 'usage', to: 'usage' },
      consultations: { from: 300, to: 400 },
      when: { kind: 'now' },
      notes: [{ kind: 'switch-dropped', on: renewal }],
    });
    const unknown = usage('ACTIVE', { includedConsultations: null });
    expect(
      previewOf(unknown, 'change-consultations', { model: 'usage', includedConsultations: 400 })
        ?.consultations,
    ).toEqual({
      from: null,
      to: 400,
    });
  });

  it('switches pay-per-use to seats at the next renewal, with its date when known', () => {
    const preview = previewOf(usage('ACTIVE'), 'to-seats', { model: 'seats', BASIC: 4, ELITE: 1 });
    expect(preview).toMatchObject({
      type: 'customer.subscription.updated',
      status: { from: 'ACTIVE', to: 'ACTIVE' },
      model: { from: 'usage', to: 'seats' },
      seats: [
        { plan: 'BASIC', from: 0, to: 4 },
        { plan: 'ELITE', from: 0, to: 1 },
      ],
      when: { kind: 'renewal', on: renewal },
      notes: [{ kind: 'usage-until-renewal' }],
    });
    const undated = previewOf(usage('ACTIVE', { renewsOn: null }), 'to-seats', {
      model: 'seats',
      BASIC: 4,
      ELITE: 0,
    });
    expect(undated?.when).toEqual({ kind: 'renewal', on: null });
  });

  it('cancels at once: every licence in use off, data kept, reactivation possible', () => {
    for (const [now, inUse] of [
      [seats('ACTIVE'), 11],
      [usage('ACTIVE'), 4],
    ] as const)
      expect(previewOf(now, 'cancel', { model: 'seats' })).toEqual({
        type: 'customer.subscription.deleted',
        status: { from: 'ACTIVE', to: 'INACTIVE' },
        model: { from: now.kind, to: now.kind },
        seats: [],
        consultations: null,
        when: { kind: 'now' },
        notes: [
          { kind: 'licences-off', count: inUse },
          { kind: 'data-kept' },
          { kind: 'reactivation-possible' },
        ],
      });
  });

  it('reactivates seats at once with the new quantities, licences back on', () => {
    expect(previewOf(seats('INACTIVE'), 'reactivate', { model: 'seats', BASIC: 9, ELITE: 3 })).toMatchObject({
      type: 'customer.subscription.updated',
      status: { from: 'INACTIVE', to: 'ACTIVE' },
      seats: [
        { plan: 'BASIC', from: 10, to: 9 },
        { plan: 'ELITE', from: 3, to: 3 },
      ],
      when: { kind: 'now' },
      notes: [{ kind: 'licences-on' }],
    });
  });

  it('reactivates a cancelled pay-per-use centre at once, its seats at the renewal (D8: no USAGE item)', () => {
    expect(previewOf(usage('INACTIVE'), 'reactivate', { model: 'seats', BASIC: 2, ELITE: 0 })).toMatchObject({
      status: { from: 'INACTIVE', to: 'ACTIVE' },
      model: { from: 'usage', to: 'seats' },
      when: { kind: 'renewal', on: renewal },
      notes: [{ kind: 'licences-on' }, { kind: 'usage-until-renewal' }],
    });
  });

  it('has no preview while the form has a refusal, nor for a contract the console cannot act on', () => {
    const cases: [Contract, Action, ContractForm][] = [
      [seats('ACTIVE'), 'change-seats', { model: 'seats', BASIC: 7, ELITE: 3 }],
      [seats('ACTIVE'), 'change-seats', { model: 'seats', BASIC: Number.NaN, ELITE: 3 }],
      [{ kind: 'none' }, 'create', { model: 'seats', BASIC: 0, ELITE: 0 }],
      [usage('ACTIVE'), 'change-consultations', { model: 'usage', includedConsultations: 0 }],
      [{ kind: 'processor' }, 'cancel', { model: 'seats' }],
    ];
    for (const [now, action, form] of cases) expect(previewOf(now, action, form)).toBeUndefined();
  });
});
