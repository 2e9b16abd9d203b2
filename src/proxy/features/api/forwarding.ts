// What /api checks before it forwards (docs/decisions/0005): the allow-list of the spec's
// operations matched on the raw path, the session's permission for the operation (THE table,
// src/proxy-api/permissions.ts), the session's environment, and the body as the bytes the browser
// sent. Read with `c.get`, not `c.var`: `c.var` copies every variable at each read, and this is the
// path every forwarded call takes (the bench's /api throughput).
import { createMiddleware } from 'hono/factory';
import {
  isJsonContentType,
  isPlainPath,
  parseJson,
  rawTarget,
  type Ctx,
  type ProxyEnv,
} from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { matchOperation, type OperationId } from '../../core/upstream/operations.ts';
import { environmentOf, type EnvironmentDeps } from './environment.ts';

/** Where a forwarded call goes: the spec path after `/api`, and the query as the browser sent it. */
export interface ForwardTarget {
  operation: OperationId;
  path: string;
  search: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The operation /api forwards and where (after `forwardable`). */
    forwardTarget: ForwardTarget;
  }
}

/** The spec operation the raw target names (4.2–4.9), or the 404 thrown. */
function forwardTarget(c: Ctx): ForwardTarget {
  const target = rawTarget(c);
  const queryAt = target.indexOf('?');
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 ? '' : target.slice(queryAt);
  const path = rawPath.slice('/api'.length);
  const operation = isPlainPath(rawPath) ? matchOperation(c.req.method, path) : undefined;
  // 4.1 stays behind /auth/login: forwarding it would hand a token to the browser.
  if (!operation || operation === 'requestToken' || /[\r\n\s#]/.test(search))
    refuse(404, 'not_found', 'The service has no such operation.');
  return { operation, path, search };
}

/**
 * The operation, the session that may call it, what it may do and its environment, on `c.var`;
 * or the refusal thrown, in that order (an unknown path is a 404 whether signed in or not).
 */
export const forwardable = (deps: EnvironmentDeps) =>
  createMiddleware<ProxyEnv>(async (c, next) => {
    const target = forwardTarget(c);
    c.set('operation', target.operation);
    const { session, access } = await deps.auth.authorize(c, target.operation);
    c.set('session', session);
    c.set('access', access);
    c.set('environment', environmentOf(deps, session, target.operation));
    c.set('forwardTarget', target);
    await next();
  });

/**
 * The body a POST forwards: the bytes as sent (within the body limit, `limitBodies`), checked to be
 * JSON but never re-serialised. Other methods forward none (and do not come here).
 */
export async function forwardedBody(c: Ctx): Promise<Uint8Array> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (!isJsonContentType(c.req.header('content-type')))
    refuse(415, 'unsupported_media_type', 'Send the body as application/json.');
  if (!parseJson(bytes)) refuse(400, 'invalid_request', 'The body is not valid JSON.');
  return bytes;
}

/** The browser's headers a forwarded call carries, each when short enough to be one. */
export function forwardedHeaders(c: Ctx): Record<string, string> {
  const headers: Record<string, string> = {};
  const language = c.req.header('accept-language');
  if (language && language.length < 200) headers['accept-language'] = language;
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.length < 200) headers['if-none-match'] = ifNoneMatch;
  return headers;
}

/**
 * A success declared JSON is passed on as it arrives, never parsed here (docs/decisions/0017): the
 * console's contract reads it, and refuses a body that is not what the operation answers. Errors
 * and undeclared bodies are read whole, to be checked as before (docs/decisions/0005).
 */
export const streamed = (status: number, headers: Headers) =>
  status >= 200 &&
  status < 300 &&
  status !== 204 &&
  isJsonContentType(headers.get('content-type') ?? undefined);
