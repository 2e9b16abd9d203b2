// D3: who may act on which provider. A token belongs to one provider; it acts on that provider
// and its direct children.
import { getProvider } from './providers.ts';
import { fail, ok, type Outcome, type Provider, type SimState } from './types.ts';

export type Caller = { providerId: number };

export function isParent(provider: Provider): boolean {
  return provider.parentId === null;
}

/** D3: the caller acts on itself and its direct children; 404 for an unknown id, 403 outside the set. */
export function actOn(state: SimState, caller: Caller, id: number): Outcome<Provider> {
  const target = getProvider(state, id);
  if (!target) return fail(404, `Provider ${id} does not exist`);
  if (target.id !== caller.providerId && target.parentId !== caller.providerId)
    return fail(403, `Provider ${caller.providerId} may not act on provider ${id}`);
  return ok(target);
}

export function callerProvider(state: SimState, caller: Caller): Provider {
  const p = getProvider(state, caller.providerId);
  if (!p) throw new Error(`token of a provider that does not exist: ${caller.providerId}`);
  return p;
}
