// DNS rebinding (docs/decisions/0005): a page whose own name resolves to this proxy would pass the
// Origin check as "same-origin", so the proxy answers only the host names it was given (421
// otherwise). Health checks answer any name: orchestrators probe a container by its address, and
// they reveal nothing.
import type { MiddlewareHandler } from 'hono';
import type { ProxyEnv } from './context.ts';
import { refuse } from './refusal.ts';

export function hostCheck(allowedHosts: readonly string[] | undefined): MiddlewareHandler<ProxyEnv> {
  const allowed = allowedHosts?.map((host) => host.toLowerCase());
  // Without a list every name is answered, and a request costs nothing here (issue 48 item 6).
  if (!allowed)
    return async (_c, next) => {
      await next();
    };
  return async (c, next) => {
    const path = c.req.path;
    if (path !== '/healthz' && path !== '/readyz' && !allowed.includes(hostnameOf(c.req.header('host'))))
      refuse(421, 'unknown_host', 'This server does not answer to that host name.');
    await next();
  };
}

function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return '';
  }
}
