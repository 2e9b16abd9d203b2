import { describe, expect, it } from 'vitest';
import type { LicenceSummary, Roster } from '@/console/domain/centre';
import { DAY, NOW, rosterOf, summaryOf } from '@/console/testing/wire-bodies';
import {
  countReasons,
  overviewRowOf,
  reasonsOf,
  rowWithCentre,
  stillCounting,
  visibleRows,
  type OverviewRow,
  type RowLoad,
} from './overview-rules.ts';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const roster = (mode: 'PROCESSOR' | 'PARTNER_SELF', doctors: object[] = [], suspended = false): Roster =>
  rosterOf({
    doctors,
    billing: { mode, managedBy: mode === 'PARTNER_SELF' ? 'Red Salud Demo' : null },
    meta: { total: doctors.length, offset: 0, limit: 100 },
    ...(mode === 'PROCESSOR' ? { suspension: { suspended } } : {}),
  });
const trialDoctor = (id: string, inMs: number) => ({
  id,
  name: 'Ana',
  lastname: id,
  license: {
    type: 'TRIAL',
    isEnabled: inMs > 0,
    currentUsage: 1,
    limit: null,
    expiresAt: new Date(NOW.getTime() + inMs).toISOString(),
  },
});
const basicAtLimit = (id: string) => ({
  id,
  name: 'José',
  lastname: id,
  license: {
    type: 'BASIC',
    isEnabled: false,
    currentUsage: 100,
    limit: 100,
    expiresAt: '2026-12-12T10:00:00Z',
  },
});

const seats = (used = 2) => ({ summary: [{ type: 'BASIC', total: 5, used, available: 5 - used }] });
const ready = (summary: LicenceSummary, rosterOfCentre: Roster): RowLoad => ({
  status: 'ready',
  summary,
  roster: rosterOfCentre,
});
const row = (id: number, name: string, load: RowLoad): OverviewRow =>
  overviewRowOf({ id, name, country: 'ES', city: 'Barcelona' }, load, NOW);

// A world like the demo's (D12): one centre per state, plus loading and failed rows.
const WORLD = [
  row(1, 'Active seats', ready(summaryOf({ ...seats(), status: 'ACTIVE' }), roster('PARTNER_SELF'))),
  row(
    2,
    'Switching',
    ready(
      summaryOf({
        contractModel: 'USAGE',
        summary: [{ type: 'USAGE', total: null, used: 4, available: null }],
        scheduledSwitch: { quantity: { '8': 4 }, effectiveDate: '2026-12-12 10:00:00' },
        status: 'ACTIVE',
      }),
      roster('PARTNER_SELF'),
    ),
  ),
  row(3, 'Cancelled', ready(summaryOf({ ...seats(), status: 'INACTIVE' }), roster('PARTNER_SELF'))),
  row(
    4,
    'Trial',
    ready(
      summaryOf({ ...seats(), status: 'ACTIVE' }),
      roster('PARTNER_SELF', [trialDoctor('a', 5 * DAY), trialDoctor('b', -2 * DAY)]),
    ),
  ),
  row(5, 'No contract', ready({ shape: 'no-contract' }, roster('PARTNER_SELF'))),
  row(
    6,
    'Downgrade',
    ready(
      summaryOf({
        ...seats(9),
        scheduledDowngrade: { quantity: { '8': 3 }, effectiveDate: '2026-12-12T10:00:00Z' },
        suspension: { suspended: false },
      }),
      roster('PROCESSOR'),
    ),
  ),
  row(
    7,
    'Suspended and at limit',
    ready(
      summaryOf({ ...seats(), scheduledDowngrade: null, suspension: { suspended: true } }),
      roster('PROCESSOR', [basicAtLimit('x')], true),
    ),
  ),
  row(8, 'No licences', ready(summaryOf({ summary: [], scheduledDowngrade: null }), roster('PROCESSOR'))),
  row(9, 'Loading', { status: 'pending' }),
  row(10, 'Failed', { status: 'error', error: new Error('502') }),
];
const names = (rows: readonly OverviewRow[]) => rows.map((entry) => entry.centre.name);

describe('the overview rules', () => {
  it('give each centre the reasons it needs attention, from the same banners as its tab', () => {
    expect(WORLD.map((entry) => [entry.centre.name, entry.facts?.reasons])).toEqual([
      ['Active seats', []],
      ['Switching', ['pending-change']],
      ['Cancelled', ['cancelled']],
      ['Trial', ['trial']],
      ['No contract', []],
      ['Downgrade', ['pending-change']],
      ['Suspended and at limit', ['suspended', 'basic-limit']],
      ['No licences', []],
      ['Loading', undefined],
      ['Failed', undefined],
    ]);
  });

  it('count the centres per reason, each centre once under "needs attention", a failed one too', () => {
    expect(countReasons(WORLD)).toEqual({
      all: 10,
      attention: 6,
      suspended: 1,
      cancelled: 1,
      'basic-limit': 1,
      'pending-change': 2,
      trial: 1,
    });
  });

  it('are counts so far while any centre is still loading, final once none is', () => {
    expect(stillCounting(WORLD)).toBe(true);
    // A failed centre is as final as a loaded one: it has its own retry.
    expect(stillCounting(WORLD.filter((entry) => entry.centre.name !== 'Loading'))).toBe(false);
  });

  it('group a downgrade and a switch as one reason, and list reasons in a fixed order', () => {
    expect(
      reasonsOf([
        { kind: 'trial-ending', doctors: [] },
        { kind: 'switch', on: NOW, days: 1, plans: [] },
        { kind: 'downgrade', on: NOW, days: 1, plans: [] },
        { kind: 'suspended', billing: { mode: 'PROCESSOR' } },
      ]),
    ).toEqual(['suspended', 'pending-change', 'trial']);
  });

  it('filter to the centres needing attention (with those that failed to load), or to one reason', () => {
    expect(names(visibleRows(WORLD, { show: 'attention', sort: 'name', dir: 'asc' }, collator))).toEqual([
      'Cancelled',
      'Downgrade',
      'Failed',
      'Suspended and at limit',
      'Switching',
      'Trial',
    ]);
    expect(names(visibleRows(WORLD, { show: 'pending-change', sort: 'name', dir: 'asc' }, collator))).toEqual(
      ['Downgrade', 'Switching'],
    );
  });

  it('sort by each column either way, ties by name, rows without data last', () => {
    const sorted = (sort: 'status' | 'attention' | 'pending' | 'seats' | 'billing', dir: 'asc' | 'desc') =>
      names(visibleRows(WORLD, { show: 'all', sort, dir }, collator));
    expect(sorted('status', 'asc').slice(0, 2)).toEqual(['Suspended and at limit', 'Cancelled']);
    expect(sorted('attention', 'desc')[0]).toBe('Suspended and at limit');
    expect(sorted('pending', 'asc').slice(0, 2)).toEqual(['Downgrade', 'Switching']);
    expect(sorted('seats', 'desc')[0]).toBe('Downgrade');
    expect(sorted('billing', 'asc').slice(0, 4)).toEqual([
      'Downgrade',
      'No licences',
      'Suspended and at limit',
      'Active seats',
    ]);
    for (const dir of ['asc', 'desc'] as const)
      expect(sorted('status', dir).slice(-2), dir).toEqual(['Failed', 'Loading']);
    expect(
      names(visibleRows(WORLD, { show: 'all', sort: 'name', dir: 'desc' }, collator)).slice(0, 3),
    ).toEqual(['Trial', 'Switching', 'Suspended and at limit']);
  });
});

describe('a row given its centre from the child list after the snapshots', () => {
  it('keeps what its data says and shows the new record, listed or not', () => {
    const first = row(
      7,
      'Centro 7',
      ready(summaryOf({ ...seats(), status: 'INACTIVE' }), roster('PARTNER_SELF')),
    );
    const listed = rowWithCentre(first, { id: 7, name: 'Clínica 7', country: 'AD', city: 'Andorra' });
    expect(listed.centre).toEqual({ id: 7, name: 'Clínica 7', country: 'AD', city: 'Andorra' });
    expect(listed.facts).toBe(first.facts);
    expect(listed.facts?.reasons).toEqual(['cancelled']);
    expect(listed).not.toHaveProperty('unlisted');
    const gone = rowWithCentre(listed, { id: 7, name: 'Clínica 7', country: '' }, true);
    expect(gone.unlisted).toBe(true);
    expect(rowWithCentre(gone, listed.centre)).not.toHaveProperty('unlisted');
  });
});
