// The routes not yet moved to `permit` (authorize.ts) call these: the same checks, with a refusal
// returned as the answer instead of thrown. Removed once every route group uses the middleware.
import { HTTPException } from 'hono/http-exception';
import type { AnyOperationId } from '../../../proxy-api/permissions.ts';
import type { Ctx } from '../../core/http/context.ts';
import { answerOf } from '../../core/http/refusal.ts';
import type { SessionCarrier } from '../../core/sessions/carrier.ts';
import { createAuthorization, unauthenticated as refuseUnauthenticated } from './authorize.ts';
import type { AuthorizationServices, Authorized } from './authorize.ts';

const answered = async <T>(c: Ctx, run: () => Promise<T> | T): Promise<T | Response> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HTTPException) return answerOf(error, c.get('requestId'));
    throw error;
  }
};

export const authorize = (deps: AuthorizationServices, c: Ctx, operation: AnyOperationId) =>
  answered<Authorized>(c, () => createAuthorization(deps).authorize(c, operation));

export const mayRead = (deps: AuthorizationServices, c: Ctx, operation: AnyOperationId) =>
  createAuthorization(deps).mayRead(c, operation);

export function unauthenticated(
  deps: { carrier: SessionCarrier },
  c: Ctx,
  kind: 'none' | 'expired',
): Response {
  try {
    return refuseUnauthenticated(deps.carrier, kind);
  } catch (error) {
    if (error instanceof HTTPException) return answerOf(error, c.get('requestId'));
    throw error;
  }
}
