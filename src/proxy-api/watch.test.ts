import { describe, expect, it } from 'vitest';
import { centreColumnsOf, watchedCentresSchema, type WatchedCentre } from './watch.ts';

// `GET /watch/centres` carries its centres as columns (watch-wire.ts); the console reads them back
// as the centres the proxy wrote.
const AT = Date.parse('2026-11-20T09:00:00Z');
const centres: WatchedCentre[] = [
  {
    id: 101,
    name: 'Clínica Diagonal',
    listed: true,
    fetchedAt: AT,
    changedAt: AT - 60_000,
    state: {
      billing: 'PROCESSOR',
      contract: 'processor',
      status: null,
      suspended: false,
      seats: [
        { type: 'BASIC', total: 5, used: 5, available: 0 },
        { type: 'PRO', total: null, used: 1, available: null },
      ],
      pending: { kind: 'downgrade', effectiveAt: '2026-12-01T00:00:00.000Z', quantity: { BASIC: 3 } },
      basicAtLimit: [{ doctorId: 'd-1', name: 'Ana García' }],
      trials: [],
    },
  },
  {
    id: 102,
    name: 'Centro Gràcia',
    listed: false,
    fetchedAt: AT,
    changedAt: AT,
    state: {
      billing: 'PARTNER_SELF',
      contract: 'usage',
      status: 'ACTIVE',
      suspended: true,
      seats: [],
      pending: null,
      basicAtLimit: [],
      trials: [{ doctorId: 'd-2', name: 'Pau Serra', expiresAt: '2026-11-25T00:00:00.000Z' }],
    },
  },
];
const wire = {
  asOf: { oldest: AT, newest: AT },
  refresh: {
    requestedAt: null,
    startedAt: AT,
    finishedAt: AT,
    outcome: 'ok',
    waiting: false,
    running: false,
  },
  centres: centreColumnsOf(centres),
};

describe('the watched centres on the wire', () => {
  it('reads the columns back as the centres they were written from', () => {
    expect(watchedCentresSchema.parse(JSON.parse(JSON.stringify(wire))).centres).toEqual(centres);
  });

  it('refuses columns that do not hold one value per centre', () => {
    const short = { ...wire, centres: { ...wire.centres, suspended: [false] } };
    expect(watchedCentresSchema.safeParse(short).success).toBe(false);
  });

  it('keeps the columns most centres leave empty to the centres that have a value', () => {
    expect(wire.centres.pending).toEqual({ at: [0], values: [centres[0]?.state.pending] });
    expect(wire.centres.basicAtLimit).toEqual({ at: [0], values: [[['d-1', 'Ana García']]] });
    expect(wire.centres.trials).toEqual({
      at: [1],
      values: [[['d-2', 'Pau Serra', '2026-11-25T00:00:00.000Z']]],
    });
  });

  it('refuses a sparse value for a centre that is not there, or out of order', () => {
    const past = { ...wire, centres: { ...wire.centres, trials: { at: [2], values: [[]] } } };
    expect(watchedCentresSchema.safeParse(past).success).toBe(false);
    const unordered = {
      ...wire,
      centres: { ...wire.centres, trials: { at: [1, 0], values: [[], []] } },
    };
    expect(watchedCentresSchema.safeParse(unordered).success).toBe(false);
    const unpaired = { ...wire, centres: { ...wire.centres, trials: { at: [0, 1], values: [[]] } } };
    expect(watchedCentresSchema.safeParse(unpaired).success).toBe(false);
  });

  it.each([
    ['an id that is not an integer', { id: [101, 102.5] }],
    ['a name that is not a string', { name: ['Clínica Diagonal', 7] }],
    ['a time that is not a number', { fetchedAt: [AT, String(AT)] }],
    ['a time that is not finite', { changedAt: [AT, null] }],
    ['a contract shape the console does not know', { contract: ['processor', 'leasing'] }],
    ['a missing billing mode instead of null', { billing: ['PROCESSOR', undefined] }],
    ['a seat row with a cell missing', { seats: [[['BASIC', 5, 5]], []] }],
    ['a seat row with a count in words', { seats: [[['BASIC', 5, 'five', 0]], []] }],
    ['a column that is not a list', { listed: { 0: true, 1: false } }],
  ])('refuses a column with %s, and says which', (_, column) => {
    const result = watchedCentresSchema.safeParse({ ...wire, centres: { ...wire.centres, ...column } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['centres', ...Object.keys(column)]]);
  });
});
