// Every request: an id, the security headers on whatever answers it (errors included), and one log
// line (method, route pattern, status, ms, request id; never a query string, which can carry
// search terms and identifiers, which hono's logger() prints: docs/decisions/0005).
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger, ProxyEnv } from './context.ts';
import { applySecurityHeaders } from './security-headers.ts';

export function requestContext(log: Logger): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('kind', 'api');
    c.set('nonce', undefined);
    c.set('operation', undefined);
    c.set('streamed', undefined);
    await next();
    let response = c.res;
    try {
      applySecurityHeaders(response.headers, c.get('kind'), c.get('nonce'));
      response.headers.set('x-request-id', requestId);
    } catch {
      // Immutable headers (a response built elsewhere, like fetch's): wrapped once, then ours set.
      response = new Response(response.body, response);
      applySecurityHeaders(response.headers, c.get('kind'), c.get('nonce'));
      response.headers.set('x-request-id', requestId);
      c.res = undefined;
      c.res = response;
    }
    log.info(
      {
        event: 'request',
        requestId,
        method: c.req.method,
        route: routePath(c),
        operation: c.get('operation'),
        status: response.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  };
}
