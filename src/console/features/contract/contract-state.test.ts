import { describe, expect, it } from 'vitest';
import type { LicenceSummary } from '@/console/api/get-licenses';
import type { ContractEvent } from '@/contract/console-wire';
import { NO_SUSPENSION, type DoctorWithLicense } from '@/contract/schemas';
import { contractAvailability } from './availability.ts';
import { contractNowOf, includedConsultationsOf, renewalOf } from './contract-state.ts';

// The contract as the tab reasons about it, from 4.7, 4.6 and the contract-event log.

const doctor = (id: string, type: 'USAGE' | 'BASIC', expiresAt: string): DoctorWithLicense => ({
  id,
  name: 'A',
  lastname: 'B',
  license: { type, isEnabled: true, currentUsage: 0, limit: null, expiresAt: new Date(expiresAt) },
});

const event = (
  id: string,
  centreId: number,
  status: number,
  items: ContractEvent['items'],
): ContractEvent => ({
  eventId: id,
  type: 'customer.subscription.updated',
  centreId,
  items,
  attempts: [{ at: '2026-11-22T10:00:00.000Z', clientId: 'c', status }],
});

describe('the contract now', () => {
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
    expect(contractNowOf(summary, undefined, [], 101)).toEqual({
      kind: 'seats',
      status: 'ACTIVE',
      seats: { BASIC: 10, ELITE: 3, TRIAL: 0 },
      used: { BASIC: 8, ELITE: 3, TRIAL: 0 },
    });
    expect(contractNowOf({ shape: 'no-contract' }, undefined, [], 105)).toEqual({ kind: 'none' });
    expect(contractNowOf({ ...summary, status: { unknown: 'PAUSED' } }, undefined, [], 101)).toEqual({
      kind: 'not-actionable',
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
    expect(contractNowOf(summary, undefined, [], 102)).toEqual({
      kind: 'usage',
      status: 'ACTIVE',
      holders: 4,
      includedConsultations: null,
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

  it('knows the included consultations from the newest accepted event with a USAGE item for the centre', () => {
    const events = [
      event('e4', 106, 504, [{ planType: 'USAGE', includedConsultations: 900 }]),
      event('e3', 107, 200, [{ planType: 'USAGE', includedConsultations: 700 }]),
      event('e2', 106, 200, [{ planType: 'USAGE', includedConsultations: 400 }]),
      event('e1', 106, 200, [{ planType: 'USAGE', includedConsultations: 300 }]),
    ];
    expect(includedConsultationsOf(events, 106)).toBe(400);
    expect(includedConsultationsOf(events, 108)).toBeNull();
  });

  it('offers actions to a parent on a centre it bills, and says why not elsewhere (D3)', () => {
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
});
