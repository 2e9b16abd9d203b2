// 4.5 with D5: the caller's own children, ordered by id; no `limit` returns everything (2.5, §8).
import { isParent, type Caller } from './access.ts';
import { parseId, parseIntParam } from './parse.ts';
import { getProvider } from './providers.ts';
import { fail, ok, type Provider, type SimState } from './types.ts';

export function listChildCenters(
  state: SimState,
  caller: Caller,
  input: { providerId: string; limit?: string; offset?: string },
) {
  const id = parseId('providerId', input.providerId);
  if (!id.ok) return id;
  const limit = parseIntParam('limit', input.limit, { min: 1 });
  if (!limit.ok) return limit;
  const offset = parseIntParam('offset', input.offset, { min: 0, fallback: 0 });
  if (!offset.ok) return offset;
  const target = getProvider(state, id.value);
  if (!target) return fail(404, `Provider ${id.value} does not exist`);
  // D3: the child list's providerId must be the caller's own, and the caller a parent.
  if (target.id !== caller.providerId) return fail(403, 'The child list is only for the caller itself');
  if (!isParent(target)) return fail(403, 'A child provider has no children to list');
  const total = target.childIds.length;
  const off = offset.value ?? 0;
  // 2.5 / §8 / D5: without limit everything is returned and meta.limit equals total.
  const lim = limit.value ?? total;
  const data = target.childIds.slice(off, off + lim).map((cid) => {
    const c = getProvider(state, cid) as Provider;
    return { id: c.id, name: c.name, country: c.country, city: c.city };
  });
  return ok({ data, meta: { total, offset: off, limit: lim } });
}
