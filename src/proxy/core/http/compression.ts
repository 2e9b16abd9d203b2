// Answers made per request (JSON, problem bodies, the console's document) go out gzip-compressed
// when larger than 1 kB and the browser accepts it (docs/decisions/0017); the built files come
// compressed by the build (features/site/routes.ts). CompressionStream is the platform's own, so the app stays
// Web-standard (docs/decisions/0012). The in-browser host turns this off: a service worker's answer
// is never decoded by the browser.
import type { MiddlewareHandler } from 'hono';
import type { ProxyEnv } from './context.ts';
import { chooseEncoding } from './encoding.ts';

/** Below this, the compressed answer saves less than it costs (and may not be smaller). */
export const compressionThresholdBytes = 1024;

const compressible = /^(application\/(json|problem\+json)|text\/(html|csv))\b/i;

export function compression(): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('content-type') ?? '';
    if (!compressible.test(type) || response.headers.has('content-encoding')) return;
    // Whatever is sent, a cache must keep the answers apart by what the browser accepts.
    const vary = response.headers.get('vary');
    if (!vary) response.headers.set('vary', 'Accept-Encoding');
    else if (!/\baccept-encoding\b/i.test(vary)) response.headers.set('vary', `${vary}, Accept-Encoding`);
    if (
      c.req.method === 'HEAD' ||
      !response.body ||
      response.status === 204 ||
      response.status === 304 ||
      chooseEncoding(c.req.header('accept-encoding'), ['gzip']) !== 'gzip'
    )
      return;
    const declared = response.headers.get('content-length');
    let body: ReadableStream<Uint8Array<ArrayBuffer>> | Uint8Array<ArrayBuffer> = response.body;
    if (declared === null && !c.get('streamed')) {
      // The proxy's own answers (sessions, problems) are small and already whole: read to measure.
      body = new Uint8Array(await response.arrayBuffer());
      if (body.byteLength < compressionThresholdBytes) {
        c.res = undefined;
        c.res = new Response(body, response);
        return;
      }
    } else if (declared !== null && Number(declared) < compressionThresholdBytes) return;
    const stream: ReadableStream<Uint8Array<ArrayBuffer>> =
      body instanceof Uint8Array ? (new Response(body).body ?? new ReadableStream()) : body;
    const compressed = new Response(stream.pipeThrough(new CompressionStream('gzip')), response);
    compressed.headers.delete('content-length');
    compressed.headers.set('content-encoding', 'gzip');
    const etag = compressed.headers.get('etag');
    // The compressed bytes differ: the tag stays only as a weak one (RFC 9110 8.8.1).
    if (etag && !etag.startsWith('W/')) compressed.headers.set('etag', `W/${etag}`);
    c.res = undefined;
    c.res = compressed;
  };
}
