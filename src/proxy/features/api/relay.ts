// An upstream answer read whole, passed to the browser (docs/decisions/0005): a success only when it
// is JSON, the error statuses of spec §7 as they are when JSON (D2), any other status refused as a
// 502 of the proxy's own.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { parseJson, type Ctx, type Logger } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { OperationId } from '../../core/upstream/operations.ts';

/** The upstream error statuses of spec §7 that reach the console as they are (when JSON, D2). */
const passThrough: ReadonlySet<number> = new Set<ContentfulStatusCode>([400, 401, 403, 404, 409, 422, 429]);
const passesThrough = (status: number): status is ContentfulStatusCode => passThrough.has(status);

export function relayAnswer(
  log: Logger,
  c: Ctx,
  status: number,
  headers: Headers,
  bytes: Uint8Array,
  operation: OperationId,
): Response {
  if (status === 304) {
    const etag = headers.get('etag');
    return new Response(null, { status: 304, headers: etag ? { etag } : {} });
  }
  const json = bytes.byteLength > 0 ? parseJson(bytes) : undefined;
  if (status >= 200 && status < 300) {
    if (!json) {
      log.warn(
        { event: 'upstream_bad_response', requestId: c.get('requestId'), operation, status },
        'upstream answer is not JSON',
      );
      refuse(502, 'upstream_bad_response', 'The service sent an answer that is not JSON.');
    }
    const out: Record<string, string> = { 'content-type': 'application/json' };
    const etag = headers.get('etag');
    if (etag) out.etag = etag;
    return new Response(new Uint8Array(bytes), { status, headers: out });
  }
  if (passesThrough(status)) {
    const out: Record<string, string> = {};
    const retryAfter = headers.get('retry-after');
    if (status === 429 && retryAfter && /^\d{1,6}$/.test(retryAfter)) out['retry-after'] = retryAfter;
    // Upstream error bodies pass through only when they are JSON (D2: never assume they are).
    if (json)
      return new Response(new Uint8Array(bytes), {
        status,
        headers: { ...out, 'content-type': 'application/json' },
      });
    refuse(status, 'upstream_bad_response', `The service answered ${status}.`, { headers: out });
  }
  log.warn({ event: 'upstream_error', requestId: c.get('requestId'), operation, status }, 'upstream error');
  return refuse(502, 'upstream_unavailable', `The service answered ${status}.`);
}
