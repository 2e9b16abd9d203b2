// 4.6 with D6: a provider's doctors with their licences, paged, searched and ordered.
import { actOn, type Caller } from './access.ts';
import { licenseOfDoctor, licenseView, withSuspension } from './licences.ts';
import { parseId, parseIntParam } from './parse.ts';
import { fail, ok, type SimState } from './types.ts';

/** Accent- and case-insensitive folding for search (D6). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function listDoctorsWithLicenses(
  state: SimState,
  caller: Caller,
  input: { providerId: string; limit?: string; offset?: string; search?: string },
) {
  const id = parseId('providerId', input.providerId);
  if (!id.ok) return id;
  const limit = parseIntParam('limit', input.limit, { min: 1, max: 100, fallback: 10 });
  if (!limit.ok) return limit;
  const offset = parseIntParam('offset', input.offset, { min: 0, fallback: 0 });
  if (!offset.ok) return offset;
  if (input.search !== undefined && input.search.length > 100)
    return fail(400, 'search must be at most 100 characters', [
      { field: 'search', message: 'must be at most 100 characters' },
    ]);
  const target = actOn(state, caller, id.value);
  if (!target.ok) return target;
  const provider = target.value;
  const term = fold(input.search?.trim() ?? '');
  const matching = term
    ? provider.doctors.filter((d) => fold(d.name).includes(term) || fold(d.lastname).includes(term))
    : provider.doctors.slice();
  // D6: order by lastname, name, id.
  matching.sort(
    (a, b) => compare(a.lastname, b.lastname) || compare(a.name, b.name) || compare(a.doctorId, b.doctorId),
  );
  const lim = limit.value ?? 10;
  const off = offset.value ?? 0;
  const doctors = matching.slice(off, off + lim).map((d) => {
    const license = licenseOfDoctor(provider, d.doctorId);
    return {
      id: d.doctorId,
      name: d.name,
      lastname: d.lastname,
      license: license ? licenseView(state, provider, license) : null,
    };
  });
  return ok(
    withSuspension(provider, {
      doctors,
      billing: { mode: provider.billingMode, managedBy: provider.managedBy },
      meta: { total: matching.length, offset: off, limit: lim },
    }),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
