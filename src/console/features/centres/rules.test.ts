import { describe, expect, it } from 'vitest';
import { countriesOf, foldForSearch, indexCentres, sameNameAndCity, visibleCentres } from './rules.ts';
import { centresSearchSchema, type CentresSearch } from './search.ts';

const centres = [
  { id: 3, name: 'Àrea Bàsica', country: 'ES', city: 'Girona' },
  { id: 1, name: 'zeta', country: 'FR', city: 'Paris' },
  { id: 2, name: 'Alpha', country: 'DE' },
  { id: 4, name: 'Beta', country: 'ES', city: 'Madrid' },
];
const names: Record<string, string> = { ES: 'Spain', FR: 'France', DE: 'Germany' };
const countryName = (code: string) => names[code] ?? code;
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const index = indexCentres(centres, countryName);
const ids = (search: Partial<CentresSearch>) =>
  visibleCentres(index, { q: '', country: '', sort: 'name', dir: 'asc', ...search }, collator).map(
    (c) => c.id,
  );

describe('visibleCentres', () => {
  it('sorts names by the language’s collation, ignoring case', () => {
    expect(ids({})).toEqual([2, 3, 4, 1]);
    expect(ids({ dir: 'desc' })).toEqual([1, 4, 3, 2]);
  });

  it('sorts countries by their shown name, not their code, and ties by id', () => {
    expect(ids({ sort: 'country' })).toEqual([1, 2, 3, 4]);
  });

  it('finds a centre by name without accents, by country name, by city and by id', () => {
    expect(ids({ q: 'area basica' })).toEqual([3]);
    expect(ids({ q: 'germany' })).toEqual([2]);
    expect(ids({ q: 'paris' })).toEqual([1]);
    expect(ids({ q: '3' })).toEqual([3]);
  });

  it('finds accented names typed with or without their accents, and ASCII accents as the others', () => {
    const more = indexCentres(
      [
        { id: 7, name: 'Clínica Sant Joan', country: 'ES' },
        { id: 8, name: 'Centre^Nord', country: 'FR' },
        { id: 9, name: 'CENTRE PLAIN', country: 'DE' },
      ],
      countryName,
    );
    const found = (q: string) =>
      visibleCentres(more, { q, country: '', sort: 'id', dir: 'asc' }, collator).map((c) => c.id);
    expect(found('clinica')).toEqual([7]);
    expect(found('CLÍNICA joan')).toEqual([7]);
    expect(found('centrenord')).toEqual([8]);
    expect(found('centre plain')).toEqual([9]);
    expect(found('spain')).toEqual([7]);
  });

  it('filters by country, together with the search', () => {
    expect(ids({ country: 'ES' })).toEqual([3, 4]);
    expect(ids({ country: 'ES', q: 'madrid' })).toEqual([4]);
    expect(ids({ country: 'PT' })).toEqual([]);
  });
});

describe('countriesOf', () => {
  it('lists each country once with its count, ordered by its name in the UI language', () => {
    expect(countriesOf(index, collator)).toEqual([
      { code: 'FR', name: 'France', count: 1 },
      { code: 'DE', name: 'Germany', count: 1 },
      { code: 'ES', name: 'Spain', count: 2 },
    ]);
  });
});

describe('sameNameAndCity', () => {
  it('finds a centre of that name in that city and country, case, accents and spacing aside', () => {
    const wanted = { name: ' area  basica', country: 'ES', city: 'GIRONA ' };
    expect(sameNameAndCity(centres, wanted)?.id).toBe(3);
    expect(sameNameAndCity(centres, { ...wanted, city: 'Figueres' })).toBeUndefined();
    expect(sameNameAndCity(centres, { ...wanted, country: 'AD' })).toBeUndefined();
    // A centre whose city the service left out is not known to be in any city.
    expect(sameNameAndCity(centres, { name: 'Alpha', country: 'DE', city: 'Berlin' })).toBeUndefined();
  });
});

describe('the centres list’s search parameters', () => {
  it('keeps valid values from the URL', () => {
    expect(centresSearchSchema.parse({ q: 'nou', country: 'ES', sort: 'city', dir: 'desc', at: 40 })).toEqual(
      {
        q: 'nou',
        country: 'ES',
        sort: 'city',
        dir: 'desc',
        at: 40,
      },
    );
  });

  it('falls back to defaults for values a hand-edited URL may hold', () => {
    expect(centresSearchSchema.parse({ sort: 'size', dir: 'sideways', at: -4, country: 'Spain' })).toEqual({
      q: '',
      country: '',
      sort: 'name',
      dir: 'asc',
      at: 0,
    });
  });
});

describe('foldForSearch', () => {
  it('folds in batches while time is left, and a search then finds what was folded as before', () => {
    const many = indexCentres(
      Array.from({ length: 1200 }, (_, i) => ({ id: i + 1, name: `Clínica ${i + 1}`, country: 'ES' })),
      countryName,
    );
    let turns = 0;
    const stoppedAt = foldForSearch(many, 0, () => (turns += 1) <= 2);
    expect(stoppedAt).toBe(1000);
    expect(many[999]?.haystack).toContain('clinica 1000');
    expect(many[1000]?.haystack).toBeUndefined();
    expect(foldForSearch(many, stoppedAt, () => true)).toBe(1200);
    const found = visibleCentres(many, { q: 'clinica 1200', country: '', sort: 'id', dir: 'asc' }, collator);
    expect(found.map((c) => c.id)).toEqual([1200]);
  });
});
