// /__sim: the embedded simulator's control API (D11), served on the proxy's own origin only while
// the demo environment is on, so that demos and end-to-end tests can reset the world and move the
// clock. Never reachable under /api. With a control token (the Node host always has one:
// docs/decisions/0020) every call but reading the clock must carry it, so that no visitor of a
// public demo can reset the world, move its clock or make everyone's calls fail.
import { Hono } from 'hono';
import {
  fail,
  isJsonContentType,
  isPlainPath,
  rawTarget,
  readBody,
  type ProxyEnv,
} from '../../core/http/context.ts';
import { demoBaseUrl } from '../../core/upstream/environments.ts';
import { callUpstream, type FetchLike } from '../../core/upstream/upstream.ts';

/** The header that carries the control token. */
export const controlTokenHeader = 'x-demo-control-token';

/** Compares in time that depends on the length only, not on where the first difference is. */
function sameToken(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index++)
    difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  return difference === 0;
}

export function simulatorControlRoutes(
  control: FetchLike | undefined,
  timeoutMs: number,
  token: string | undefined,
) {
  const sim = new Hono<ProxyEnv>();
  sim.all('*', async (c) => {
    if (!control) return fail(c, 404, 'not_found', 'There is no simulator here.');
    const target = rawTarget(c);
    const path = target.split('?')[0] ?? '';
    if (!isPlainPath(path)) return fail(c, 404, 'not_found', 'There is no such simulator endpoint.');
    // The console reads the simulator's clock for its day counts (D10): the one call left open.
    const open = c.req.method === 'GET' && path === '/__sim/clock';
    if (token !== undefined && !open && !sameToken(c.req.header(controlTokenHeader) ?? '', token))
      return fail(
        c,
        403,
        'control_token_required',
        `The simulator's control API needs the token npm start printed, in ${controlTokenHeader}.`,
      );
    let body: Uint8Array | undefined;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const bytes = await readBody(c);
      if (bytes instanceof Response) return bytes;
      if (bytes.byteLength > 0 && !isJsonContentType(c.req.header('content-type')))
        return fail(c, 415, 'unsupported_media_type', 'Send the body as application/json.');
      body = bytes.byteLength > 0 ? bytes : undefined;
    }
    const outcome = await callUpstream(
      control,
      `${demoBaseUrl}${target}`,
      { method: c.req.method, headers: body ? { 'content-type': 'application/json' } : {}, body },
      timeoutMs,
    );
    if (outcome.kind === 'timeout')
      return fail(c, 504, 'upstream_timeout', 'The simulator did not answer in time.');
    if (outcome.kind === 'unreachable') return fail(c, 502, 'upstream_unavailable', 'The simulator failed.');
    const type = outcome.headers.get('content-type');
    return new Response(outcome.status === 204 ? null : new Uint8Array(outcome.body), {
      status: outcome.status,
      headers: type ? { 'content-type': type } : {},
    });
  });
  return sim;
}
