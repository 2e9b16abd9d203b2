import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { intParam, oneOfParam, pageParam, pageSizeParam, textParam } from './search-params.ts';

// As the router hands them over: `?page=2` arrives as the number 2, `?q=abc` as the string 'abc'.
const schema = z.object({
  q: textParam(10),
  sort: oneOfParam(['name', 'country'] as const, 'name'),
  at: intParam({ min: 0, fallback: 0 }),
  page: pageParam(),
  pageSize: pageSizeParam(),
});

describe('search-param helpers', () => {
  it('give every parameter its default when the URL has none', () => {
    expect(schema.parse({})).toEqual({ q: '', sort: 'name', at: 0, page: 1, pageSize: 25 });
  });

  it('keep valid values as they are', () => {
    expect(schema.parse({ q: 'clínica', sort: 'country', at: 40, page: 3, pageSize: 100 })).toEqual({
      q: 'clínica',
      sort: 'country',
      at: 40,
      page: 3,
      pageSize: 100,
    });
  });

  it('turn invalid values into the defaults instead of failing the page', () => {
    expect(schema.parse({ q: { $ne: 1 }, sort: 'password', at: -3, page: 'abc', pageSize: 37 })).toEqual({
      q: '',
      sort: 'name',
      at: 0,
      page: 1,
      pageSize: 25,
    });
    expect(schema.parse({ page: 0, pageSize: 1000 })).toMatchObject({ page: 1, pageSize: 25 });
    expect(schema.parse({ page: 2.5 })).toMatchObject({ page: 1 });
  });

  it('read a number typed into a text parameter as text, and cut text that is too long', () => {
    expect(schema.parse({ q: 123 }).q).toBe('123');
    expect(schema.parse({ q: 'a very long search' }).q).toBe('a very lon');
  });

  it('never allow a page size above 100 (spec §8)', () => {
    for (const size of [10, 25, 50, 100]) expect(schema.parse({ pageSize: size }).pageSize).toBe(size);
    expect(schema.parse({ pageSize: 101 }).pageSize).toBe(25);
  });
});
