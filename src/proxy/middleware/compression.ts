// Answers made per request (JSON, problem bodies, the console's document) go out gzip-compressed
// when larger than 1 kB and the browser accepts it (docs/decisions/0017); the built files come
// compressed by the build (routes/site.ts). CompressionStream is the platform's own, so the app stays
// Web-standard (docs/decisions/0012). The in-browser host turns this off: a service worker's answer
// is never decoded by the browser.
import type { MiddlewareHandler } from 'hono';
import type { ProxyEnv } from '../context.ts';
import { chooseEncoding } from '../routes/site.ts';

/** Below this, the compressed answer saves less than it costs (and may not be smaller). */
export const compressionThresholdBytes = 1024;

const compressible = /^(application\/(json|problem\+json)|text\/html)\b/i;

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
    const length = response.headers.get('content-length');
    if (
      c.req.method === 'HEAD' ||
      !response.body ||
      response.status === 204 ||
      response.status === 304 ||
      (length !== null && Number(length) < compressionThresholdBytes) ||
      chooseEncoding(c.req.header('accept-encoding'), ['gzip']) !== 'gzip'
    )
      return;
    const compressed = new Response(response.body.pipeThrough(new CompressionStream('gzip')), response);
    compressed.headers.delete('content-length');
    compressed.headers.set('content-encoding', 'gzip');
    const etag = compressed.headers.get('etag');
    // The compressed bytes differ: the tag stays only as a weak one (RFC 9110 8.8.1).
    if (etag && !etag.startsWith('W/')) compressed.headers.set('etag', `W/${etag}`);
    c.res = undefined;
    c.res = compressed;
  };
}
