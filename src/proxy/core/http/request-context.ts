// Every request: an id (its `x-request-id` header, errors included) and one log line (method, route
// pattern, status, ms, request id; never a query string, which can carry search terms and
// identifiers, which hono's logger() prints: docs/decisions/0005). The security headers are
// security-headers.ts's.
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger, ProxyEnv } from './context.ts';

/** `quiet`: paths called so often that a line per call would bury the rest (the probes). */
export function requestContext(
  log: Logger,
  quiet: ReadonlySet<string> = new Set(),
): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('operation', undefined);
    c.set('streamed', undefined);
    await next();
    c.res.headers.set('x-request-id', requestId);
    if (quiet.has(c.req.path)) return;
    log.info(
      {
        event: 'request',
        requestId,
        method: c.req.method,
        route: routePath(c),
        operation: c.get('operation'),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  };
}
