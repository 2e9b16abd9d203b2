import { describe, expect, it } from 'vitest';
import { activityQueryOf, activitySearchSchema, ACTIVITY_SEARCH_DEFAULTS, isFiltered } from './search.ts';

// The Activity screen's URL (docs/decisions/0022): every parameter is user input, read with a
// fallback, and turned into the proxy's query (decision 0018).

describe('the Activity screen’s search', () => {
  it('reads every filter from the URL', () => {
    expect(
      activitySearchSchema.parse({
        centre: 107,
        action: 'contract.event',
        actor: 'demo-parent',
        person: 'sofia-subject',
        outcome: 'refused',
        from: '2026-11-01',
        to: '2026-11-22',
      }),
    ).toEqual({
      centre: 107,
      action: 'contract.event',
      actor: 'demo-parent',
      person: 'sofia-subject',
      outcome: 'refused',
      from: '2026-11-01',
      to: '2026-11-22',
    });
  });

  it('falls back to "any" for each value that is missing or not valid, keeping the others', () => {
    expect(activitySearchSchema.parse({})).toEqual(ACTIVITY_SEARCH_DEFAULTS);
    expect(
      activitySearchSchema.parse({
        centre: -3,
        action: 'drop table',
        actor: 'x'.repeat(300),
        person: 'p'.repeat(300),
        outcome: 'maybe',
        from: '2026-13-01',
        to: 'yesterday',
      }),
    ).toEqual({ ...ACTIVITY_SEARCH_DEFAULTS, actor: 'x'.repeat(200), person: 'p'.repeat(255) });
    expect(activitySearchSchema.parse({ centre: 'abc', action: 'doctor.register' })).toEqual({
      ...ACTIVITY_SEARCH_DEFAULTS,
      action: 'doctor.register',
    });
  });

  it('knows whether anything is filtered', () => {
    expect(isFiltered(ACTIVITY_SEARCH_DEFAULTS)).toBe(false);
    expect(isFiltered({ ...ACTIVITY_SEARCH_DEFAULTS, outcome: 'accepted' })).toBe(true);
  });

  it('asks the proxy for nothing it was not given', () => {
    expect(activityQueryOf(ACTIVITY_SEARCH_DEFAULTS)).toEqual({});
    expect(activityQueryOf({ ...ACTIVITY_SEARCH_DEFAULTS, actor: '  ' })).toEqual({});
  });

  it('turns days in the viewer’s zone into an instant range whose end is the next midnight (D10)', () => {
    const query = activityQueryOf({
      ...ACTIVITY_SEARCH_DEFAULTS,
      centre: 107,
      action: 'centre.create',
      actor: ' demo-parent ',
      person: 'sofia-subject',
      outcome: 'accepted',
      from: '2026-11-01',
      to: '2026-11-22',
    });
    expect(query).toEqual({
      centreId: '107',
      action: 'centre.create',
      actor: 'demo-parent',
      person: 'sofia-subject',
      outcome: 'accepted',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 23).toISOString(),
    });
  });

  it('reads a range given backwards the right way round', () => {
    const query = activityQueryOf({ ...ACTIVITY_SEARCH_DEFAULTS, from: '2026-11-22', to: '2026-11-01' });
    expect(query).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 23).toISOString(),
    });
  });
});
