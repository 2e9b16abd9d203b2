// /__sim: the embedded simulator's control API (D11), served on the proxy's own origin only while
// the demo environment is on, so that demos and end-to-end tests can reset the world and move the
// clock. Never reachable under /api.
import { Hono } from 'hono';
import { fail, isJsonContentType, isPlainPath, rawTarget, readBody, type ProxyEnv } from '../context.ts';
import { demoBaseUrl } from '../environments.ts';
import { callUpstream, type FetchLike } from '../upstream.ts';

export function simulatorControlRoutes(control: FetchLike | undefined, timeoutMs: number) {
  const sim = new Hono<ProxyEnv>();
  sim.all('*', async (c) => {
    if (!control) return fail(c, 404, 'not_found', 'There is no simulator here.');
    const target = rawTarget(c);
    if (!isPlainPath(target.split('?')[0] ?? ''))
      return fail(c, 404, 'not_found', 'There is no such simulator endpoint.');
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
