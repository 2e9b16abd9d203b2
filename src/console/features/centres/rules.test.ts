import { describe, expect, it } from 'vitest';
import { parseCentresSearch, visibleCentres } from './rules.ts';

const centres = [
  { id: 3, name: 'Àrea Bàsica', country: 'ES', city: 'Girona' },
  { id: 1, name: 'zeta', country: 'FR', city: 'Paris' },
  { id: 2, name: 'Alpha', country: 'DE' },
];
const names: Record<string, string> = { ES: 'Spain', FR: 'France', DE: 'Germany' };
const countryName = (code: string) => names[code] ?? code;
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const ids = (search: Partial<{ q: string; sort: 'name' | 'country' | 'city' | 'id'; dir: 'asc' | 'desc' }>) =>
  visibleCentres(centres, { q: '', sort: 'name', dir: 'asc', ...search }, countryName, collator).map(
    (c) => c.id,
  );

describe('visibleCentres', () => {
  it('sorts names by the language’s collation, ignoring case', () => {
    expect(ids({})).toEqual([2, 3, 1]);
    expect(ids({ dir: 'desc' })).toEqual([1, 3, 2]);
  });

  it('sorts countries by their shown name, not their code', () => {
    expect(ids({ sort: 'country' })).toEqual([1, 2, 3]);
  });

  it('finds a centre by name without accents, by country name, by city and by id', () => {
    expect(ids({ q: 'area basica' })).toEqual([3]);
    expect(ids({ q: 'germany' })).toEqual([2]);
    expect(ids({ q: 'paris' })).toEqual([1]);
    expect(ids({ q: '3' })).toEqual([3]);
  });
});

describe('parseCentresSearch', () => {
  it('keeps valid values from the URL', () => {
    expect(parseCentresSearch({ q: 'nou', sort: 'city', dir: 'desc', at: 40 })).toEqual({
      q: 'nou',
      sort: 'city',
      dir: 'desc',
      at: 40,
    });
  });

  it('falls back to defaults for values a hand-edited URL may hold', () => {
    expect(parseCentresSearch({ sort: 'size', dir: 'sideways', at: -4 })).toEqual({
      q: '',
      sort: 'name',
      dir: 'asc',
      at: 0,
    });
  });
});
