import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { CENTRES_SEARCH_DEFAULTS, centresSearchSchema, type CentresSearch } from './search.ts';

// The centres list's URL (docs/decisions/0006): what the list writes there, a reload or a step
// back/forward reads back, through the router's own query-string format. The mechanism itself
// (the router restoring a screen from its URL) is one journey: e2e/console.spec.ts.
const reloaded = (search: Partial<CentresSearch>) =>
  centresSearchSchema.parse(defaultParseSearch(defaultStringifySearch(search)));

describe('the centres list’s search', () => {
  it('reads back the search, country, sort, direction and first row it wrote', () => {
    const search: CentresSearch = { q: 'Clínica 12', country: 'PT', sort: 'country', dir: 'desc', at: 42 };
    expect(reloaded(search)).toEqual(search);
    expect(reloaded({ sort: 'id' })).toEqual({ ...CENTRES_SEARCH_DEFAULTS, sort: 'id' });
    // A search that reads as a number is still the search typed.
    expect(reloaded({ q: '101' })).toEqual({ ...CENTRES_SEARCH_DEFAULTS, q: '101' });
  });

  it('opens on every centre by name, ascending, from the top, for a plain link', () => {
    expect(CENTRES_SEARCH_DEFAULTS).toEqual({ q: '', country: '', sort: 'name', dir: 'asc', at: 0 });
    expect(reloaded({})).toEqual(CENTRES_SEARCH_DEFAULTS);
  });

  it('falls back for each value that is not one the list writes, keeping the others', () => {
    expect(
      centresSearchSchema.parse({
        q: 'x'.repeat(300),
        country: 'Portugal',
        sort: 'owner',
        dir: 'up',
        at: -5,
      }),
    ).toEqual({ ...CENTRES_SEARCH_DEFAULTS, q: 'x'.repeat(200) });
    expect(centresSearchSchema.parse({ country: 'pt', sort: 'city', at: 1.5 })).toEqual({
      ...CENTRES_SEARCH_DEFAULTS,
      sort: 'city',
    });
  });
});
