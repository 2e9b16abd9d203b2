import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCore } from './index.ts';

const parent = { providerId: 100 };
const ok = <T>(
  outcome: { ok: true; value: T } | { ok: false; error: { status: number; message: string } },
): T => {
  if (!outcome.ok) throw new Error(`${outcome.error.status} ${outcome.error.message}`);
  return outcome.value;
};

describe('paging (2.5, §8, D5, D6)', () => {
  it('the child list returns the right slice and meta for any limit/offset', () => {
    const core = createCore();
    const all = ok(core.listChildCenters(parent, { providerId: '100' })) as { data: { id: number }[] };
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 80 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 80 }), { nil: undefined }),
        (limit, offset) => {
          const page = ok(
            core.listChildCenters(parent, {
              providerId: '100',
              ...(limit === undefined ? {} : { limit: String(limit) }),
              ...(offset === undefined ? {} : { offset: String(offset) }),
            }),
          ) as { data: { id: number }[]; meta: { total: number; offset: number; limit: number } };
          const off = offset ?? 0;
          const lim = limit ?? all.data.length;
          expect(page.data).toEqual(all.data.slice(off, off + lim));
          expect(page.meta).toEqual({ total: all.data.length, offset: off, limit: lim });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the doctor list returns the right slice and meta for any limit 1…100 and offset', () => {
    const core = createCore();
    const all = ok(core.listDoctorsWithLicenses(parent, { providerId: '101', limit: '100' })) as {
      doctors: { id: string }[];
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 40 }), (limit, offset) => {
        const page = ok(
          core.listDoctorsWithLicenses(parent, {
            providerId: '101',
            limit: String(limit),
            offset: String(offset),
          }),
        ) as {
          doctors: { id: string }[];
          meta: unknown;
        };
        expect(page.doctors).toEqual(all.doctors.slice(offset, offset + limit));
        expect(page.meta).toEqual({ total: all.doctors.length, offset, limit });
      }),
      { numRuns: 300 },
    );
  });

  it('any limit or offset that is not a valid integer is a 400, never a page', () => {
    const core = createCore();
    fc.assert(
      fc.property(
        fc
          .oneof(fc.double().map(String), fc.string(), fc.integer({ max: 0 }).map(String), fc.constant('1e3'))
          .filter((s) => !/^[1-9]\d{0,15}$/.test(s)),
        (bad) => {
          const r = core.listChildCenters(parent, { providerId: '100', limit: bad });
          expect(r.ok ? 200 : r.error.status).toBe(400);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('search (4.6, D6)', () => {
  it('matches exactly the doctors whose first or last name contains the term, case-insensitively', () => {
    const name = fc
      .string({ unit: fc.constantFrom('a', 'b', 'C', 'd', 'E', ' '), minLength: 1, maxLength: 6 })
      .filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ name, lastname: name }), {
          minLength: 1,
          maxLength: 12,
          selector: (d) => `${d.name}|${d.lastname}`,
        }),
        fc.string({ unit: fc.constantFrom('a', 'B', 'c', 'D', 'e'), minLength: 1, maxLength: 3 }),
        (doctors, term) => {
          const core = createCore({ seed: 'empty' });
          const p = ok(core.createProvider({ name: 'P', country: 'ES', city: 'X' })) as {
            providerId: number;
          };
          ok(
            core.registerDoctors(
              { providerId: p.providerId },
              {
                doctors: doctors.map((d, i) => ({
                  ...d,
                  doctorId: `d${i}`,
                  healthProviderId: p.providerId,
                  doctorSpeciality: 1,
                  lang: 'ES',
                })),
              },
            ),
          );
          const found = ok(
            core.listDoctorsWithLicenses(
              { providerId: p.providerId },
              { providerId: String(p.providerId), search: term, limit: '100' },
            ),
          ) as {
            doctors: { id: string }[];
          };
          const expected = doctors
            .map((d, i) => ({ ...d, id: `d${i}` }))
            .filter(
              (d) =>
                d.name.toLowerCase().includes(term.toLowerCase()) ||
                d.lastname.toLowerCase().includes(term.toLowerCase()),
            )
            .map((d) => d.id)
            .sort();
          expect(found.doctors.map((d) => d.id).sort()).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// ------------------------------------------------------------ random sequences (3.2, 2.7, D8, D10, D11)
