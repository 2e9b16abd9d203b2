import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { doctorsSearchSchema, type DoctorsSearch, pageRequestOf } from './doctors-rules.ts';

// The Doctors tab's URL (docs/decisions/0006): the search, page and page size, read back after a
// reload or a step back/forward through the router's own query-string format, and the page they
// ask the service for (4.6). The router's restoring is one journey (e2e/console.spec.ts); the
// tab's paging is e2e/doctors.spec.ts's.
const reloaded = (search: Partial<DoctorsSearch>) =>
  doctorsSearchSchema.parse(defaultParseSearch(defaultStringifySearch(search)));

describe('the Doctors tab’s search', () => {
  it('reads back the search, page and page size it wrote, and asks for that page', () => {
    const search: DoctorsSearch = { q: 'ma', page: 2, size: 10 };
    expect(reloaded(search)).toEqual(search);
    expect(pageRequestOf(reloaded(search))).toEqual({ offset: 10, limit: 10, search: 'ma' });
    expect(reloaded({ page: 3, size: 25 })).toEqual({ q: '', page: 3, size: 25 });
  });

  it('opens on the first page of 25 with no search for a plain link', () => {
    expect(reloaded({})).toEqual({ q: '', page: 1, size: 25 });
    expect(pageRequestOf(reloaded({}))).toEqual({ offset: 0, limit: 25, search: '' });
  });

  it('falls back for a page or size it does not offer, never asking for more than 100 rows (spec §8, D6)', () => {
    expect(doctorsSearchSchema.parse({ page: 0, size: 500 })).toEqual({ q: '', page: 1, size: 25 });
    expect(doctorsSearchSchema.parse({ page: 'two', size: 30, q: 'x'.repeat(150) })).toEqual({
      q: 'x'.repeat(100),
      page: 1,
      size: 25,
    });
  });
});
