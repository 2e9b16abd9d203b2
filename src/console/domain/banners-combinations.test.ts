import { describe, expect, it } from 'vitest';
import {
  DAY,
  doctor,
  iso,
  licence,
  NOW,
  rosterOf,
  spaced,
  summaryOf,
  type WireDoctor as Doctor,
} from '@/console/testing/wire-bodies';
import { bannersOf, severityOf, type BannerKind } from './banners.ts';
import type { LicenceSummary, Roster } from './centre.ts';

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
