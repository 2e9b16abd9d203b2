import { describe, expect, it } from 'vitest';
import type { LicenceSummary } from '@/console/api/get-licenses';
import { licensesResponseSchema } from '@/contract/operations/get-licenses';
import { doctorsWithLicensesPageSchema } from '@/contract/operations/list-doctors-with-licenses';
import {
  bannersOf,
  calendarDaysBetween,
  severityOf,
  type Banner,
  type BannerKind,
  type Roster,
} from './banners.ts';

// The banners are read from wire bodies parsed by the contract, as the console reads them, so that
// "a block the service left out" is tested as the service leaves it out (2.8, 4.7 shape 2).

const NOW = new Date('2026-11-22T10:00:00Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const spaced = (ms: number) => iso(ms).replace('T', ' ').replace('Z', '');

function summaryOf(wire: object): LicenceSummary {
  const parsed = licensesResponseSchema.parse(wire);
  if (parsed.shape === 'licenses') throw new Error('a summary was expected');
  return parsed;
}
const rosterOf = (wire: object): Roster => doctorsWithLicensesPageSchema.parse(wire);

type Doctor = { id: string; name: string; lastname: string; license: object | null };
const doctor = (id: string, license: object | null, name = `Name${id}`, lastname = `Last${id}`): Doctor => ({
  id,
  name,
  lastname,
  license,
});
const licence = (type: string, currentUsage: number, expiresAt: number, limit: number | null = null) => ({
  type,
  isEnabled: true,
  currentUsage,
  limit,
  expiresAt: iso(expiresAt),
});

// ---------------------------------------------------------------------------------------------
// Every combination the dashboard can meet.

const BILLING = ['PROCESSOR', 'PARTNER_SELF'] as const;
const MODEL = ['seats', 'pay-per-use', 'no-contract'] as const;
const SUSPENSION = ['missing', 'not-suspended', 'suspended'] as const;
const STATUS = ['ACTIVE', 'INACTIVE'] as const;
const PENDING = ['present', 'null', 'missing'] as const;
const BASIC = ['under-limit', 'at-limit'] as const;
const TRIAL = ['none', 'ending', 'expired', 'later'] as const;

interface Case {
  billing: (typeof BILLING)[number];
  model: (typeof MODEL)[number];
  suspension: (typeof SUSPENSION)[number];
  status: (typeof STATUS)[number];
  pending: (typeof PENDING)[number];
  basic: (typeof BASIC)[number];
  trial: (typeof TRIAL)[number];
}

function* cases(): Generator<Case> {
  for (const billing of BILLING)
    for (const model of MODEL)
      for (const suspension of SUSPENSION)
        for (const status of STATUS)
          for (const pending of PENDING)
            for (const basic of BASIC)
              for (const trial of TRIAL) yield { billing, model, suspension, status, pending, basic, trial };
}

/**
 * The two bodies of a case. 4.7 shapes: seats billed by the processor is shape 1 (no `status`:
 * its INACTIVE is not expressible, so that case reads as ACTIVE); seats billed by the parent is
 * shape 2 (no pending block, no suspension on the wire: a "present" one is still left out, as the
 * service does); pay-per-use is shape 3. "no-contract" is the 404 the console reads as a value.
 */
function bodiesOf(c: Case): { summary: LicenceSummary; roster: Roster; expected: Set<BannerKind> } {
  const suspensionBlock =
    c.suspension === 'missing'
      ? {}
      : {
          suspension:
            c.suspension === 'suspended'
              ? { suspended: true, reason: 'payment_failed' }
              : { suspended: false },
        };
  const expected = new Set<BannerKind>();
  let summary: LicenceSummary;
  if (c.model === 'no-contract') summary = { shape: 'no-contract' };
  else if (c.model === 'pay-per-use') {
    summary = summaryOf({
      contractModel: 'USAGE',
      summary: [{ type: 'USAGE', total: null, used: 3, available: null }],
      status: c.status,
      ...(c.pending === 'missing'
        ? {}
        : {
            scheduledSwitch:
              c.pending === 'present'
                ? { quantity: { '8': 4, '9': 1 }, effectiveDate: spaced(NOW.getTime() + 20 * DAY) }
                : null,
          }),
      ...suspensionBlock,
    });
    if (c.status === 'INACTIVE') expected.add('cancelled');
    if (c.pending === 'present') expected.add('switch');
    if (c.suspension === 'suspended') expected.add('suspended');
  } else if (c.billing === 'PROCESSOR') {
    summary = summaryOf({
      summary: [
        { type: 'BASIC', total: 10, used: 4, available: 6 },
        { type: 'TRIAL', total: 5, used: 1, available: 4 },
      ],
      ...(c.pending === 'missing'
        ? {}
        : {
            scheduledDowngrade:
              c.pending === 'present'
                ? { quantity: { '8': 8 }, effectiveDate: iso(NOW.getTime() + 11 * DAY) }
                : null,
          }),
      ...suspensionBlock,
    });
    if (c.pending === 'present') expected.add('downgrade');
    if (c.suspension === 'suspended') expected.add('suspended');
  } else {
    summary = summaryOf({
      summary: [{ type: 'BASIC', total: 10, used: 4, available: 6 }],
      status: c.status,
    });
    if (c.status === 'INACTIVE') expected.add('cancelled');
  }

  const doctors: Doctor[] = [
    doctor('d1', licence('BASIC', c.basic === 'at-limit' ? 100 : 99, NOW.getTime() + 20 * DAY, 100)),
    doctor('d2', null),
    doctor('d3', licence('ELITE', 500, NOW.getTime() + 20 * DAY)),
  ];
  const trialAt = { none: undefined, ending: 5 * DAY, expired: -2 * DAY, later: 30 * DAY }[c.trial];
  if (trialAt !== undefined) doctors.push(doctor('d4', licence('TRIAL', 7, NOW.getTime() + trialAt)));
  if (c.basic === 'at-limit') expected.add('basic-limit');
  if (c.trial === 'ending') expected.add('trial-ending');
  if (c.trial === 'expired') expected.add('trial-expired');
  // 4.6 carries the suspension too (omitted for PARTNER_SELF, 2.8): it agrees with 4.7 here.
  const roster = rosterOf({
    doctors,
    billing: { mode: c.billing, managedBy: c.billing === 'PARTNER_SELF' ? 'Red Salud Demo' : null },
    meta: { total: doctors.length, offset: 0, limit: doctors.length },
    ...(c.billing === 'PROCESSOR' ? suspensionBlock : {}),
  });
  if (c.billing === 'PROCESSOR' && c.suspension === 'suspended') expected.add('suspended');
  return { summary, roster, expected };
}

const ORDER: BannerKind[] = [
  'suspended',
  'cancelled',
  'basic-limit',
  'trial-expired',
  'downgrade',
  'switch',
  'trial-ending',
];

describe('the licence banners', () => {
  it('show exactly the banners each combination of responses calls for, most urgent first', () => {
    let count = 0;
    for (const c of cases()) {
      const { summary, roster, expected } = bodiesOf(c);
      const kinds = bannersOf(summary, roster, NOW).map((banner) => banner.kind);
      expect(kinds, JSON.stringify(c)).toEqual(ORDER.filter((kind) => expected.has(kind)));
      count += 1;
    }
    expect(count).toBe(2 * 3 * 3 * 2 * 3 * 2 * 4);
  });

  it('read a missing suspension or pending block as "none", never as an error', () => {
    const summary = summaryOf({ summary: [{ type: 'BASIC', total: 2, used: 1, available: 1 }] });
    const roster = rosterOf({
      doctors: [],
      billing: { mode: 'PROCESSOR', managedBy: null },
      meta: { total: 0, offset: 0, limit: 0 },
    });
    expect(bannersOf(summary, roster, NOW)).toEqual([]);
  });

  it('are alerts when licences are off and statuses when something is about to change', () => {
    expect(ORDER.map((kind) => [kind, severityOf(kind)])).toEqual([
      ['suspended', 'critical'],
      ['cancelled', 'critical'],
      ['basic-limit', 'critical'],
      ['trial-expired', 'critical'],
      ['downgrade', 'notice'],
      ['switch', 'notice'],
      ['trial-ending', 'notice'],
    ]);
  });
});

const roster = (doctors: Doctor[], mode = 'PROCESSOR', managedBy: string | null = null) =>
  rosterOf({
    doctors,
    billing: { mode, managedBy },
    meta: { total: doctors.length, offset: 0, limit: 50 },
  });

/** The banners of a centre whose one doctor holds a TRIAL ending `ms` from now. */
const trialBanners = (ms: number) =>
  bannersOf(
    summaryOf({ summary: [], scheduledDowngrade: null }),
    roster([doctor('t', licence('TRIAL', 1, NOW.getTime() + ms))]),
    NOW,
  ).map((banner: Banner) => banner.kind);

describe('what each banner says', () => {
  it('gives each plan of a downgrade its date, the days left, and its seats before and after', () => {
    const summary = summaryOf({
      summary: [
        { type: 'BASIC', total: 10, used: 4, available: 6 },
        { type: 'ELITE', total: 3, used: 1, available: 2 },
      ],
      scheduledDowngrade: { quantity: { '9': 2, '8': 8 }, effectiveDate: '2026-12-03T10:00:00Z' },
    });
    expect(bannersOf(summary, roster([]), NOW)).toEqual([
      {
        kind: 'downgrade',
        on: new Date('2026-12-03T10:00:00Z'),
        days: 11,
        plans: [
          { plan: 'BASIC', from: 10, to: 8 },
          { plan: 'ELITE', from: 3, to: 2 },
        ],
      },
    ]);
  });

  it('counts a plan the summary no longer lists as 0 seats, and names an unknown plan by its id', () => {
    const summary = summaryOf({
      summary: [],
      scheduledDowngrade: { quantity: { '8': 2, '12': 1 }, effectiveDate: '2026-12-03T10:00:00Z' },
    });
    const [banner] = bannersOf(summary, roster([]), NOW);
    expect(banner?.kind === 'downgrade' && banner.plans).toEqual([
      { plan: 'BASIC', from: 0, to: 2 },
      { plan: '12', from: 0, to: 1 },
    ]);
  });

  it('gives a switch to seats its renewal date (spaced UTC, D10) and the seats it will have', () => {
    const summary = summaryOf({
      contractModel: 'USAGE',
      summary: [{ type: 'USAGE', total: null, used: 4, available: null }],
      scheduledSwitch: { quantity: { '8': 4, '9': 0 }, effectiveDate: '2026-12-12 10:00:00' },
      status: 'ACTIVE',
    });
    expect(bannersOf(summary, roster([], 'PARTNER_SELF', 'Red'), NOW)).toEqual([
      {
        kind: 'switch',
        on: new Date('2026-12-12T10:00:00Z'),
        days: 20,
        plans: [{ plan: 'BASIC', seats: 4 }],
      },
    ]);
  });

  it('names the doctors at their BASIC limit, grouped by the day their period restarts', () => {
    const soon = NOW.getTime() + 20 * DAY;
    const later = NOW.getTime() + 25 * DAY;
    const banners = bannersOf(
      summaryOf({ summary: [], scheduledDowngrade: null }),
      roster([
        doctor('a', licence('BASIC', 100, later, 100), 'José', 'Núñez'),
        doctor('b', licence('BASIC', 120, soon, 100), 'Ana', 'García'),
        doctor('c', licence('BASIC', 99, soon, 100), 'Pau', 'Puig'),
        doctor('d', licence('BASIC', 100, soon, 100), 'Laia', 'Soler'),
        doctor('e', licence('ELITE', 400, soon), 'Marc', 'Vidal'),
      ]),
      NOW,
    );
    expect(banners).toEqual([
      {
        kind: 'basic-limit',
        groups: [
          {
            restartsOn: new Date(soon),
            days: 20,
            doctors: [
              { id: 'b', name: 'Ana García' },
              { id: 'd', name: 'Laia Soler' },
            ],
          },
          { restartsOn: new Date(later), days: 25, doctors: [{ id: 'a', name: 'José Núñez' }] },
        ],
      },
    ]);
  });

  it('warns of a TRIAL ending within 14 days, and not one a moment later', () => {
    expect(trialBanners(14 * DAY)).toEqual(['trial-ending']);
    expect(trialBanners(14 * DAY + 1)).toEqual([]);
    expect(trialBanners(1)).toEqual(['trial-ending']);
    expect(trialBanners(0)).toEqual(['trial-expired']);
    expect(trialBanners(-3 * DAY)).toEqual(['trial-expired']);
  });

  it('lists the TRIALs that ended, most days ago first, with how long ago', () => {
    const banners = bannersOf(
      summaryOf({ summary: [], scheduledDowngrade: null }),
      roster([
        doctor('x', licence('TRIAL', 1, NOW.getTime() - 2 * DAY), 'Ana', 'García'),
        doctor('y', licence('TRIAL', 1, NOW.getTime() - 9 * DAY), 'Pau', 'Puig'),
      ]),
      NOW,
    );
    expect(banners).toEqual([
      {
        kind: 'trial-expired',
        doctors: [
          { id: 'y', name: 'Pau Puig', expiredOn: new Date(NOW.getTime() - 9 * DAY), days: 9 },
          { id: 'x', name: 'Ana García', expiredOn: new Date(NOW.getTime() - 2 * DAY), days: 2 },
        ],
      },
    ]);
  });

  it('says who bills a suspended or cancelled centre, so it can say what to do next', () => {
    const cancelled = summaryOf({ summary: [], status: 'INACTIVE' });
    expect(bannersOf(cancelled, roster([], 'PARTNER_SELF', 'Red Salud Demo'), NOW)).toEqual([
      { kind: 'cancelled', billing: { mode: 'PARTNER_SELF', managedBy: 'Red Salud Demo' } },
    ]);
    const suspended = summaryOf({ summary: [], scheduledDowngrade: null, suspension: { suspended: true } });
    expect(bannersOf(suspended, roster([]), NOW)).toEqual([
      { kind: 'suspended', billing: { mode: 'PROCESSOR' } },
    ]);
  });
});

describe('days between two instants', () => {
  it('counts calendar days, whatever the hour', () => {
    expect(calendarDaysBetween(NOW, new Date('2026-12-03T10:00:00Z'))).toBe(11);
    expect(calendarDaysBetween(NOW, NOW)).toBe(0);
    expect(calendarDaysBetween(NOW, new Date('2026-11-20T10:00:00Z'))).toBe(-2);
  });
});
