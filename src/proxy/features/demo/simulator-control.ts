// /__sim: the embedded simulator's control API (D11), served on the proxy's own origin only while
// the demo environment is on, so that demos and end-to-end tests can reset the world and move the
// clock. Never reachable under /api. With a control token (the Node host always has one:
// docs/decisions/0020) every call but reading the clock must carry it, so that no visitor of a
// public demo can reset the world, move its clock or make everyone's calls fail.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isJsonContentType, isPlainPath, rawTarget, type ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { bodiless, limitBodies } from '../../core/http/validation.ts';
import { demoBaseUrl } from '../../core/upstream/environments.ts';
import { callUpstream, type FetchLike } from '../../core/upstream/upstream.ts';

/** The header that carries the control token. */
export const controlTokenHeader = 'x-demo-control-token';

export interface SimulatorControlDeps {
  /** The embedded simulator; absent without the demo environment. */
  control: FetchLike | undefined;
  timeoutMs: number;
  /** The control token every call but the clock's carries; none: the API is open (the page's host). */
  token: string | undefined;
}

/** Compares in time that depends on the length only, not on where the first difference is. */
function sameToken(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index++)
    difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  return difference === 0;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The simulator a /__sim call goes to (after its checks). */
    simulator: FetchLike;
  }
}

export function simulatorControlRoutes({ control, timeoutMs, token }: SimulatorControlDeps) {
  /** A simulator here, an exact path, and the token unless the call reads the clock. */
  const allowed = createMiddleware<ProxyEnv>(async (c, next) => {
    if (!control) refuse(404, 'not_found', 'There is no simulator here.');
    const path = rawTarget(c).split('?')[0] ?? '';
    if (!isPlainPath(path)) refuse(404, 'not_found', 'There is no such simulator endpoint.');
    // The console reads the simulator's clock for its day counts (D10): the one call left open.
    const open = c.req.method === 'GET' && path === '/__sim/clock';
    if (token !== undefined && !open && !sameToken(c.req.header(controlTokenHeader) ?? '', token))
      refuse(
        403,
        'control_token_required',
        `The simulator's control API needs the token npm start printed, in ${controlTokenHeader}.`,
      );
    c.set('simulator', control);
    await next();
  });

  // The body is limited only once the call is allowed: a refused call's body is never read.
  return new Hono<ProxyEnv>().all('*', allowed, limitBodies, async (c) => {
    const bytes = bodiless(c.req.method) ? undefined : new Uint8Array(await c.req.arrayBuffer());
    if (bytes && bytes.byteLength > 0 && !isJsonContentType(c.req.header('content-type')))
      refuse(415, 'unsupported_media_type', 'Send the body as application/json.');
    const body = bytes && bytes.byteLength > 0 ? bytes : undefined;
    const outcome = await callUpstream(
      c.var.simulator,
      `${demoBaseUrl}${rawTarget(c)}`,
      { method: c.req.method, headers: body ? { 'content-type': 'application/json' } : {}, body },
      timeoutMs,
    );
    if (outcome.kind === 'timeout') refuse(504, 'upstream_timeout', 'The simulator did not answer in time.');
    if (outcome.kind === 'unreachable') refuse(502, 'upstream_unavailable', 'The simulator failed.');
    const type = outcome.headers.get('content-type');
    return new Response(outcome.status === 204 ? null : new Uint8Array(outcome.body), {
      status: outcome.status,
      headers: type ? { 'content-type': type } : {},
    });
  });
}
