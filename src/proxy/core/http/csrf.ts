// CSRF (docs/decisions/0005): a custom header a cross-site form cannot send, plus Origin and Fetch
// Metadata checks on state-changing requests. Written by hand: hono/csrf ignores JSON bodies.
import type { MiddlewareHandler } from 'hono';
import { CONSOLE_REQUEST_HEADER } from '../../../proxy-api/console.ts';
import type { ProxyEnv } from './context.ts';
import { refuse } from './refusal.ts';

export function csrfGuard(publicOrigin: string | undefined): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    const unsafe = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const origin = headers.get('origin');
    const site = headers.get('sec-fetch-site');
    if (headers.get(CONSOLE_REQUEST_HEADER.name) !== CONSOLE_REQUEST_HEADER.value)
      refuse(403, 'csrf', `The request lacks the ${CONSOLE_REQUEST_HEADER.name} header of the console.`);
    // The request's own origin only when there is an Origin to compare: a URL parse per read is
    // cost on every forwarded call (issue 48 item 6).
    if (unsafe && origin !== null && origin !== (publicOrigin ?? new URL(c.req.url).origin))
      refuse(403, 'csrf', 'Cross-origin requests are refused.');
    if (unsafe && site !== null && site !== 'same-origin')
      refuse(403, 'csrf', 'Cross-site requests are refused.');
    await next();
  };
}
