import { describe, expect, it } from 'vitest';
import { NO_SUSPENSION, type DoctorWithLicense } from '@/contract/schemas';
import { roster as rosterBody, summaryOf } from '@/console/testing/wire-bodies';
import {
  billingOf,
  contractOf,
  plansOf,
  renewalOf,
  standingOf,
  standingRank,
  stateOf,
  type Standing,
  type LicenceSummary,
} from './centre.ts';

// A centre's state, from 4.7's summary and 4.6's doctors, read once for every screen.

const doctor = (id: string, type: 'USAGE' | 'BASIC', expiresAt: string): DoctorWithLicense => ({
  id,
  name: 'A',
  lastname: 'B',
  license: { type, isEnabled: true, currentUsage: 0, limit: null, expiresAt: new Date(expiresAt) },
});

describe('a centre’s contract', () => {
  it('reads seats with what is in use, and a centre with no contract yet', () => {
    const summary: LicenceSummary = {
      shape: 'partner-self',
      status: 'ACTIVE',
      suspension: NO_SUSPENSION,
      summary: [
        { type: 'BASIC', total: 10, used: 8, available: 2 },
        { type: 'ELITE', total: 3, used: 3, available: 0 },
      ],
    };
    expect(contractOf(summary, undefined)).toEqual({
      kind: 'seats',
      status: 'ACTIVE',
      seats: { BASIC: 10, ELITE: 3, TRIAL: 0 },
      used: { BASIC: 8, ELITE: 3, TRIAL: 0 },
    });
    expect(contractOf({ shape: 'no-contract' }, undefined)).toEqual({ kind: 'none' });
    expect(contractOf({ ...summary, status: { unknown: 'PAUSED' } }, undefined)).toEqual({
      kind: 'unknown-status',
      status: 'PAUSED',
    });
  });

  it('reads pay-per-use with its pending switch (2.11, plan ids 8 and 9) and the renewal it falls on', () => {
    const summary: LicenceSummary = {
      shape: 'pay-per-use',
      contractModel: 'USAGE',
      status: 'ACTIVE',
      suspension: NO_SUSPENSION,
      summary: [{ type: 'USAGE', total: null, used: 4, available: null }],
      scheduledSwitch: { quantity: { '8': 4, '9': 1 }, effectiveDate: new Date('2026-12-12T10:00:00Z') },
    };
    expect(contractOf(summary, undefined, 700)).toEqual({
      kind: 'usage',
      status: 'ACTIVE',
      holders: 4,
      includedConsultations: 700,
      scheduledSwitch: { on: new Date('2026-12-12T10:00:00Z'), seats: { BASIC: 4, ELITE: 1 } },
      renewsOn: new Date('2026-12-12T10:00:00Z'),
    });
  });

  it('takes the next renewal from the earliest usage licence expiry when no switch is pending', () => {
    const roster = {
      doctors: [
        doctor('a', 'USAGE', '2026-12-20T10:00:00Z'),
        doctor('b', 'USAGE', '2026-12-12T10:00:00Z'),
        doctor('c', 'BASIC', '2026-12-01T10:00:00Z'),
      ],
    };
    expect(renewalOf(null, roster)).toEqual(new Date('2026-12-12T10:00:00Z'));
    expect(renewalOf(null, { doctors: [] })).toBeNull();
  });
});

const SEATS = { type: 'BASIC', total: 10, used: 4, available: 6 };

/** The state of a centre whose 4.7 answer is `summary` (a wire body, or the console's reading). */
const state = (summary: object, billing = 'PARTNER_SELF') =>
  standingOf(
    stateOf(
      'shape' in summary ? (summary as LicenceSummary) : summaryOf(summary),
      rosterBody([], billing, billing === 'PARTNER_SELF' ? 'Red Salud Demo' : null),
    ),
  );

describe('a centre’s state in one word', () => {
  it('reads the self-billing flow’s status (3.1), and a centre with no contract yet (D5)', () => {
    expect(state({ summary: [SEATS], status: 'ACTIVE' })).toBe('active');
    expect(state({ summary: [SEATS], status: 'INACTIVE' })).toBe('cancelled');
    expect(state({ shape: 'no-contract' })).toBe('no-contract');
    expect(state({ summary: [SEATS], status: 'PAUSED' })).toEqual({ unknown: 'PAUSED' });
  });

  it('reads a processor-billed centre (no status) as active, or as holding no licence', () => {
    expect(state({ summary: [SEATS], scheduledDowngrade: null }, 'PROCESSOR')).toBe('active');
    expect(state({ summary: [], scheduledDowngrade: null }, 'PROCESSOR')).toBe('no-licences');
  });

  it('is suspended when either answer says so (2.8), before anything else', () => {
    const summary = summaryOf({
      summary: [SEATS],
      scheduledDowngrade: null,
      suspension: { suspended: true },
    });
    expect(standingOf(stateOf(summary, rosterBody([])))).toBe('suspended');
    const roster = { ...rosterBody([]), suspension: { suspended: true } };
    expect(standingOf(stateOf(summaryOf({ summary: [SEATS], scheduledDowngrade: null }), roster))).toBe(
      'suspended',
    );
  });

  it('ranks the states most urgent first', () => {
    const states: Standing[] = [
      'active',
      'no-licences',
      { unknown: 'X' },
      'cancelled',
      'suspended',
      'no-contract',
    ];
    expect(states.toSorted((a, b) => standingRank(a) - standingRank(b))).toEqual([
      'suspended',
      'cancelled',
      { unknown: 'X' },
      'no-contract',
      'no-licences',
      'active',
    ]);
  });
});

describe('who bills a centre, and its plans', () => {
  it('reads 2.9 in the terms the screens need, an unknown mode as it came', () => {
    expect(billingOf({ mode: 'PROCESSOR', managedBy: null })).toEqual({ mode: 'PROCESSOR' });
    expect(billingOf({ mode: 'PARTNER_SELF', managedBy: 'Red' })).toEqual({
      mode: 'PARTNER_SELF',
      managedBy: 'Red',
    });
    expect(billingOf({ mode: { unknown: 'RESELLER' }, managedBy: null })).toEqual({
      mode: 'other',
      value: 'RESELLER',
    });
  });

  it('lists the plans with their seats in use (2.10), USAGE without a total', () => {
    const summary = summaryOf({
      contractModel: 'USAGE',
      summary: [{ type: 'USAGE', total: null, used: 3, available: null }],
      status: 'ACTIVE',
      scheduledSwitch: null,
    });
    expect(plansOf(summary)).toEqual([{ plan: 'USAGE', used: 3, total: null }]);
    expect(plansOf({ shape: 'no-contract' })).toEqual([]);
  });
});
