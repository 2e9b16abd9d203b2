import { describe, expect, it } from 'vitest';
import { DAY, doctor, licence, NOW, roster, summaryOf } from '@/console/testing/wire-bodies';
import { bannersOf, type Banner } from './banners.ts';

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
