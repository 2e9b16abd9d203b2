// The watcher's pure rules: a centre's state from the service's answers (read through the
// contract's own schemas, as the refresh reads them) and what changed between two states.
import { describe, expect, test } from 'vitest';
import { licensesResponseSchema } from '../../../contract/operations/get-licenses.ts';
import { doctorsWithLicensesPageSchema } from '../../../contract/operations/list-doctors-with-licenses.ts';
import { changesBetween, listedChange } from './changes.ts';
import { needsRoster, stateOf, type Roster, type Summary } from '../../../proxy-api/centre-state.ts';

const summary = (wire: unknown): Summary => {
  const parsed = licensesResponseSchema.parse(wire);
  if (parsed.shape === 'licenses') throw new Error('a summary');
  return parsed;
};
const roster = (doctors: unknown[], mode = 'PROCESSOR', suspended?: boolean): Roster =>
  doctorsWithLicensesPageSchema.parse({
    doctors,
    billing: { mode, managedBy: null },
    ...(suspended === undefined ? {} : { suspension: { suspended } }),
    meta: { total: doctors.length, offset: 0, limit: 100 },
  });
const licence = (type: string, currentUsage: number, expiresAt = '2026-12-31T00:00:00Z') => ({
  type,
  isEnabled: true,
  currentUsage,
  limit: type === 'BASIC' ? 100 : null,
  expiresAt,
});

const processor = {
  summary: [
    { type: 'ELITE', total: 2, used: 1, available: 1 },
    { type: 'BASIC', total: 5, used: 2, available: 3 },
  ],
  scheduledDowngrade: { quantity: { '8': 3 }, effectiveDate: '2026-12-01T00:00:00Z' },
  suspension: { suspended: true, reason: 'payment_failed' },
};

describe('a centre’s state', () => {
  test('shape 1: processor-billed, suspended, seats by plan, the pending downgrade with its date', () => {
    const state = stateOf(summary(processor), undefined);
    expect(state).toMatchObject({
      billing: 'PROCESSOR',
      contract: 'processor',
      status: null,
      suspended: true,
      pending: { kind: 'downgrade', effectiveAt: '2026-12-01T00:00:00.000Z', quantity: { '8': 3 } },
    });
    // Sorted by plan, whatever order the service sent them in: equal answers, equal states.
    expect(state.seats.map((row) => row.type)).toEqual(['BASIC', 'ELITE']);
  });

  test('shape 2 and 3: self-billed, the contract’s status, a switch to seats; no suspension block means none', () => {
    const seats = stateOf(
      summary({ summary: [{ type: 'ELITE', total: 1, used: 0, available: 1 }], status: 'INACTIVE' }),
      undefined,
    );
    expect(seats).toMatchObject({
      billing: 'PARTNER_SELF',
      contract: 'seats',
      status: 'INACTIVE',
      suspended: false,
    });
    const usage = stateOf(
      summary({
        contractModel: 'USAGE',
        summary: [{ type: 'USAGE', total: null, used: 4, available: null }],
        scheduledSwitch: { quantity: { '9': 2 }, effectiveDate: '2026-12-15 00:00:00' },
        status: 'ACTIVE',
      }),
      undefined,
    );
    expect(usage).toMatchObject({
      contract: 'usage',
      status: 'ACTIVE',
      pending: { kind: 'switch', effectiveAt: '2026-12-15T00:00:00.000Z' },
    });
  });

  test('no contract yet (D5, a 404 from 4.7): billing and suspension from 4.6', () => {
    const state = stateOf({ shape: 'no-contract' }, roster([], 'PARTNER_SELF'));
    expect(state).toMatchObject({ billing: 'PARTNER_SELF', contract: 'none', seats: [], suspended: false });
  });

  test('4.6 is read only where the summary shows BASIC or TRIAL licences in use, or no contract', () => {
    expect(needsRoster(summary(processor))).toBe(true);
    expect(needsRoster({ shape: 'no-contract' })).toBe(true);
    expect(
      needsRoster(
        summary({ summary: [{ type: 'ELITE', total: 3, used: 3, available: 0 }], status: 'ACTIVE' }),
      ),
    ).toBe(false);
    expect(
      needsRoster(
        summary({ summary: [{ type: 'BASIC', total: 3, used: 0, available: 3 }], status: 'ACTIVE' }),
      ),
    ).toBe(false);
  });

  test('doctors at the BASIC limit (2.7 a) and TRIAL licences with their end, sorted', () => {
    const state = stateOf(
      summary(processor),
      roster([
        { id: 'd2', name: 'Ana', lastname: 'Ruiz', license: licence('BASIC', 100) },
        { id: 'd1', name: 'Joan', lastname: 'Puig', license: licence('BASIC', 99) },
        { id: 'd4', name: 'Eva', lastname: 'Mas', license: licence('TRIAL', 0, '2026-12-02T00:00:00Z') },
        { id: 'd3', name: 'Pau', lastname: 'Vila', license: licence('TRIAL', 0, '2026-11-30T00:00:00Z') },
        { id: 'd5', name: 'Sin', lastname: 'Licencia', license: null },
      ]),
    );
    expect(state.basicAtLimit).toEqual([{ doctorId: 'd2', name: 'Ana Ruiz' }]);
    expect(state.trials.map((trial) => [trial.doctorId, trial.expiresAt])).toEqual([
      ['d3', '2026-11-30T00:00:00.000Z'],
      ['d4', '2026-12-02T00:00:00.000Z'],
    ]);
  });
});

describe('what changed', () => {
  const before = stateOf(summary({ ...processor, suspension: { suspended: false } }), undefined);

  test('the same answers twice: nothing', () => {
    const again = stateOf(summary({ ...processor, suspension: { suspended: false } }), undefined);
    expect(changesBetween(before, again)).toEqual([]);
  });

  test('a suspension is one change, whatever else stayed', () => {
    expect(changesBetween(before, stateOf(summary(processor), undefined))).toEqual([
      { kind: 'suspension', before: false, after: true },
    ]);
  });

  test('several aspects: one change each, with their values before and after', () => {
    const after = stateOf(
      summary({
        ...processor,
        scheduledDowngrade: null,
        summary: [{ type: 'BASIC', total: 3, used: 2, available: 1 }],
      }),
      undefined,
    );
    expect(changesBetween(before, after).map((change) => change.kind)).toEqual([
      'suspension',
      'seats',
      'pending',
    ]);
    expect(changesBetween(before, after).find((change) => change.kind === 'pending')?.after).toBeNull();
  });

  test('a centre seen for the first time appears with its whole state; one no longer listed says so', () => {
    expect(changesBetween(undefined, before)).toEqual([{ kind: 'appeared', before: null, after: before }]);
    expect(listedChange(false)).toEqual({ kind: 'listed', before: true, after: false });
  });
});
