// 4.9 with D9: a provider's report templates under the spec's three rules, ordered by id.
import { actOn, type Caller } from './access.ts';
import { parseId, parseIntParam } from './parse.ts';
import { fail, ok, type SimState } from './types.ts';

export function listReportTemplates(
  state: SimState,
  caller: Caller,
  input: { providerId?: string; userId?: string; excludeProvider?: string; limit?: string; offset?: string },
) {
  if (input.providerId === undefined)
    return fail(400, 'providerId is required', [{ field: 'providerId', message: 'is required' }]);
  const id = parseId('providerId', input.providerId);
  if (!id.ok) return id;
  const limit = parseIntParam('limit', input.limit, { min: 1, max: 100, fallback: 10 });
  if (!limit.ok) return limit;
  const offset = parseIntParam('offset', input.offset, { min: 0, fallback: 0 });
  if (!offset.ok) return offset;
  if (
    input.excludeProvider !== undefined &&
    input.excludeProvider !== 'true' &&
    input.excludeProvider !== 'false'
  )
    return fail(400, 'excludeProvider must be true or false', [
      { field: 'excludeProvider', message: 'must be true or false' },
    ]);
  const exclude = input.excludeProvider === 'true';
  // D9: excludeProvider=true without userId → 400.
  if (exclude && input.userId === undefined)
    return fail(400, 'excludeProvider=true needs a userId', [
      { field: 'excludeProvider', message: 'needs a userId' },
    ]);
  if (input.userId !== undefined && (input.userId.length === 0 || input.userId.length > 100))
    return fail(400, 'userId must be 1 to 100 characters', [
      { field: 'userId', message: 'must be 1 to 100 characters' },
    ]);
  const target = actOn(state, caller, id.value);
  if (!target.ok) return target;
  const provider = target.value;
  if (input.userId !== undefined && !provider.doctors.some((d) => d.doctorId === input.userId))
    return fail(404, `User ${input.userId} does not exist in provider ${provider.id}`);
  const all = provider.templates.filter((t) =>
    t.ownerType === 'USER' ? input.userId !== undefined && t.userId === input.userId : !exclude,
  );
  all.sort((a, b) => a.id - b.id);
  const off = offset.value ?? 0;
  const lim = limit.value ?? 10;
  const data = all.slice(off, off + lim).map((t) => {
    const item: Record<string, unknown> = {
      id: t.id,
      name: t.name,
      description: t.description,
      type: t.type,
      specialityId: t.specialityId,
      isValidated: t.isValidated,
      ownerType: t.ownerType,
      providerId: String(provider.id),
    };
    // 2.13: userId only when ownerType is USER.
    if (t.ownerType === 'USER') item.userId = t.userId;
    return item;
  });
  return ok({ data, meta: { total: all.length, offset: off, limit: lim } });
}
