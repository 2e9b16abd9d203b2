// 4.3 with D5: a parent creates a child; its billing follows the parent's self-billing.
import { z } from 'zod';
import { callerProvider, isParent, type Caller } from './access.ts';
import { nonBlank, parseBody } from './parse.ts';
import { newProvider } from './providers.ts';
import { fail, ok, type SimState } from './types.ts';

const childSchema = z.object({ name: nonBlank(200), country: nonBlank(200), city: nonBlank(200) });

export function createChildCenter(state: SimState, caller: Caller, body: unknown) {
  const parsed = parseBody(childSchema, body);
  if (!parsed.ok) return parsed;
  const parent = callerProvider(state, caller);
  if (!isParent(parent)) return fail(403, 'Only a parent provider may create child providers');
  // D5: a child of a self-billing parent is PARTNER_SELF, managed by the parent, with no contract.
  const child = newProvider(
    state,
    {
      ...parsed.value,
      parentId: parent.id,
      billingMode: parent.selfBilling ? 'PARTNER_SELF' : 'PROCESSOR',
      selfBilling: false,
    },
    parent.selfBilling ? parent.name : null,
  );
  return ok({ providerId: child.id, clientId: child.clientId, secret: child.secret });
}
