// The alert rules, pure (docs/decisions/0026): which change or date raises which alert, under which
// key, and what raises nothing.
import { describe, expect, test } from 'vitest';
import type { CentreState } from '../../../proxy-api/centre-state.ts';
import { testCentreState as state } from '../../testing/centre-state.ts';
import { alertsDue, alertsOfChange, alertsOfTime, defaultPreference, type CentreNow } from './rules.ts';

const day = 24 * 3600_000;
const now = Date.parse('2026-11-26T10:00:00Z');
const centre = (over: Partial<CentreState> = {}, listed = true): CentreNow => ({
  centreId: 7,
  name: 'Clínica Sol',
  listed,
  state: state(over),
});

const change = (before: unknown, after: unknown) =>
  alertsOfChange({ id: 5, centreId: 7, kind: 'contract', before, after }, 'x').map((a) => a.rule);

describe('changes', () => {
  test('a suspension change raises suspended, and its end reinstated, keyed by the change', () => {
    const on = alertsOfChange(
      { id: 41, centreId: 7, kind: 'suspension', before: false, after: true },
      'Clínica Sol',
    );
    expect(on).toEqual([
      {
        centreId: 7,
        changeId: 41,
        rule: 'suspended',
        dedupeKey: 'suspended:7:41',
        payload: { centreName: 'Clínica Sol' },
      },
    ]);
    const off = alertsOfChange({ id: 42, centreId: 7, kind: 'suspension', before: true, after: false }, 'x');
    expect(off.map((a) => a.rule)).toEqual(['reinstated']);
  });

  test('3.1 status to INACTIVE is a cancellation; back to ACTIVE a reactivation; other contract changes nothing', () => {
    expect(
      change({ contract: 'seats', status: 'ACTIVE' }, { contract: 'seats', status: 'INACTIVE' }),
    ).toEqual(['cancelled']);
    expect(
      change({ contract: 'seats', status: 'INACTIVE' }, { contract: 'seats', status: 'ACTIVE' }),
    ).toEqual(['reactivated']);
    expect(change({ contract: 'none', status: null }, { contract: 'seats', status: 'ACTIVE' })).toEqual([]);
    expect(change({ contract: 'usage', status: 'ACTIVE' }, { contract: 'seats', status: 'ACTIVE' })).toEqual(
      [],
    );
  });

  test('one alert per doctor newly at the BASIC limit; those already there raise nothing again', () => {
    const drafts = alertsOfChange(
      {
        id: 9,
        centreId: 7,
        kind: 'basic_limit',
        before: [{ doctorId: 'd1', name: 'Ana' }],
        after: [
          { doctorId: 'd1', name: 'Ana' },
          { doctorId: 'd2', name: 'Berta' },
        ],
      },
      'x',
    );
    expect(drafts.map((d) => [d.rule, d.dedupeKey, d.payload['doctorName']])).toEqual([
      ['basic_limit', 'basic_limit:7:9:d2', 'Berta'],
    ]);
  });

  test('a centre seen for the first time raises nothing, however it is', () => {
    expect(
      alertsOfChange(
        { id: 1, centreId: 7, kind: 'appeared', before: null, after: state({ suspended: true }) },
        'x',
      ),
    ).toEqual([]);
    for (const kind of ['billing', 'seats', 'pending', 'trials', 'listed'] as const)
      expect(alertsOfChange({ id: 1, centreId: 7, kind, before: 1, after: 2 }, 'x')).toEqual([]);
  });
});

describe('dates', () => {
  test('a TRIAL ending within 7 days raises one alert keyed by doctor and date; later or past ones none', () => {
    const trials = [
      { doctorId: 'd1', name: 'Ana', expiresAt: new Date(now + 3 * day).toISOString() },
      { doctorId: 'd2', name: 'Berta', expiresAt: new Date(now + 8 * day).toISOString() },
      { doctorId: 'd3', name: 'Carla', expiresAt: new Date(now - day).toISOString() },
    ];
    const drafts = alertsOfTime(centre({ trials }), now);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      rule: 'trial_ending',
      changeId: null,
      dedupeKey: `trial_ending:7:d1:${trials[0]?.expiresAt}`,
      payload: { doctorName: 'Ana', at: trials[0]?.expiresAt },
    });
    // The same state tomorrow: the same key (raised once by the table's unique key).
    expect(alertsOfTime(centre({ trials }), now + day)[0]?.dedupeKey).toBe(drafts[0]?.dedupeKey);
  });

  test('a scheduled downgrade or switch within 7 days raises pending_change; a centre no longer listed nothing', () => {
    const pending = {
      kind: 'switch' as const,
      effectiveAt: new Date(now + 6 * day).toISOString(),
      quantity: {},
    };
    expect(alertsOfTime(centre({ pending }), now).map((d) => d.dedupeKey)).toEqual([
      `pending_change:7:switch:${pending.effectiveAt}`,
    ]);
    expect(alertsOfTime(centre({ pending }), now - 2 * day)).toEqual([]);
    expect(alertsOfTime(centre({ pending }, false), now)).toEqual([]);
  });

  test('alertsDue names the centre of each change from the states', () => {
    const drafts = alertsDue(
      [{ id: 3, centreId: 7, kind: 'suspension', before: false, after: true }],
      [centre()],
      now,
    );
    expect(drafts.map((d) => d.payload['centreName'])).toEqual(['Clínica Sol']);
  });
});

test('defaults: the inbox for every rule, e-mail for suspension and cancellation only', () => {
  expect(defaultPreference('suspended')).toEqual({ inbox: true, email: true });
  expect(defaultPreference('cancelled')).toEqual({ inbox: true, email: true });
  expect(defaultPreference('trial_ending')).toEqual({ inbox: true, email: false });
  expect(defaultPreference('reinstated')).toEqual({ inbox: true, email: false });
});
