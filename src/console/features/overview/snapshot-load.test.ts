import { describe, expect, it } from 'vitest';
import type { LicenceSummary, Roster } from '@/console/domain/centre';
import { DAY, NOW, rosterOf, summaryOf } from '@/console/testing/wire-bodies';
import { stateOf } from '@/proxy-api/centre-state';
import { overviewRowOf, type ReadyFacts } from './overview-rules.ts';
import { loadOfSnapshot } from './snapshot-load.ts';

// The overview over snapshots must say what it says over live answers (docs/decisions/0025): the
// watcher's state of each answer (the proxy's own function), read back, gives the same state,
// billing, plans, pending change, banners and reasons as the answers themselves.

const roster = (mode: 'PROCESSOR' | 'PARTNER_SELF', doctors: object[] = [], suspended = false): Roster =>
  rosterOf({
    doctors,
    billing: { mode, managedBy: mode === 'PARTNER_SELF' ? 'Red Salud Demo' : null },
    meta: { total: doctors.length, offset: 0, limit: 100 },
    ...(mode === 'PROCESSOR' ? { suspension: { suspended } } : {}),
  });
const licence = (type: string, usage: number, limit: number | null, inMs: number) => ({
  type,
  isEnabled: true,
  currentUsage: usage,
  limit,
  expiresAt: new Date(NOW.getTime() + inMs).toISOString(),
});
const doctor = (id: string, license: object) => ({ id, name: 'Ana', lastname: id, license });
const seats = (used = 2) => ({ summary: [{ type: 'BASIC', total: 5, used, available: 5 - used }] });

const CASES: [string, LicenceSummary, Roster][] = [
  ['active seats', summaryOf({ ...seats(), status: 'ACTIVE' }), roster('PARTNER_SELF')],
  ['cancelled', summaryOf({ ...seats(), status: 'INACTIVE' }), roster('PARTNER_SELF')],
  ['a status 3.1 does not name', summaryOf({ ...seats(), status: 'PAUSED' }), roster('PARTNER_SELF')],
  [
    'switching to seats',
    summaryOf({
      contractModel: 'USAGE',
      summary: [{ type: 'USAGE', total: null, used: 4, available: null }],
      scheduledSwitch: { quantity: { '8': 4 }, effectiveDate: '2026-12-12 10:00:00' },
      status: 'ACTIVE',
    }),
    roster('PARTNER_SELF'),
  ],
  [
    'trials ending and ended',
    summaryOf({ summary: [{ type: 'TRIAL', total: 3, used: 2, available: 1 }], status: 'ACTIVE' }),
    roster('PARTNER_SELF', [
      doctor('a', licence('TRIAL', 1, null, 5 * DAY)),
      doctor('b', licence('TRIAL', 1, null, -2 * DAY)),
    ]),
  ],
  ['no contract yet', { shape: 'no-contract' }, roster('PARTNER_SELF')],
  [
    'a downgrade',
    summaryOf({
      ...seats(4),
      scheduledDowngrade: { quantity: { '8': 3 }, effectiveDate: '2026-12-12T10:00:00Z' },
      suspension: { suspended: false },
    }),
    roster('PROCESSOR'),
  ],
  [
    'suspended, a doctor at the BASIC limit',
    summaryOf({ ...seats(), scheduledDowngrade: null, suspension: { suspended: true } }),
    roster('PROCESSOR', [doctor('x', licence('BASIC', 100, 100, 9 * DAY))], true),
  ],
  ['no licences', summaryOf({ summary: [], scheduledDowngrade: null }), roster('PROCESSOR')],
];

const centre = { id: 1, name: 'Centre', country: 'ES' };
const said = (facts: ReadyFacts | undefined) =>
  facts && {
    state: facts.state,
    billing: facts.billing.mode,
    payPerUse: facts.payPerUse,
    seats: facts.seats,
    pending: facts.pending && { kind: facts.pending.kind, on: facts.pending.on, days: facts.pending.days },
    banners: facts.banners.map((banner) => banner.kind),
    reasons: facts.reasons,
  };

describe('a snapshot read back', () => {
  it.each(CASES)('%s: says what the live answers say', (_name, summary, live) => {
    const fromAnswers = overviewRowOf(centre, { status: 'ready', summary, roster: live }, NOW);
    const fromSnapshot = overviewRowOf(centre, loadOfSnapshot(stateOf(summary, live)), NOW);
    expect(said(fromSnapshot.facts)).toEqual(said(fromAnswers.facts));
  });

  it('names the doctors of the banners as the answers did', () => {
    const trials = CASES.find(([name]) => name.startsWith('trials'));
    if (!trials) throw new Error('the trials case is missing');
    const [, summary, live] = trials;
    const fromSnapshot = overviewRowOf(centre, loadOfSnapshot(stateOf(summary, live)), NOW);
    const ending = fromSnapshot.facts?.banners.find((banner) => banner.kind === 'trial-ending');
    expect(ending).toMatchObject({ doctors: [{ id: 'a', name: 'Ana a', days: 5 }] });
  });
});
