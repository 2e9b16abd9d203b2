// 4.4 with D5: the child's credentials, the same values as at creation; for its parent only (D3).
import { callerProvider, isParent, type Caller } from './access.ts';
import { parseId } from './parse.ts';
import { getProvider } from './providers.ts';
import { fail, ok, type SimState } from './types.ts';

export function getChildCenterCredentials(state: SimState, caller: Caller, rawId: string) {
  const id = parseId('childProviderId', rawId);
  if (!id.ok) return id;
  const parent = callerProvider(state, caller);
  if (!isParent(parent)) return fail(403, 'Only a parent provider may read child credentials');
  const child = getProvider(state, id.value);
  if (!child) return fail(404, `Provider ${id.value} does not exist`);
  if (child.parentId !== parent.id)
    return fail(403, `Provider ${id.value} is not a child of provider ${parent.id}`);
  return ok({ clientId: child.clientId, secret: child.secret });
}
