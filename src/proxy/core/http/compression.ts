// Answers made per request (JSON, problem bodies, the console's document) go out gzip-compressed
// when larger than 1 kB and the browser accepts it (docs/decisions/0017): hono/compress, gzip only,
// for the types that gain; the built files come compressed by the build (features/site). Its
// CompressionStream is the platform's own, so the app stays Web-standard (docs/decisions/0012). The
// in-browser host turns this off: a service worker's answer is never decoded by the browser.
import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';
import type { ProxyEnv } from './context.ts';

/** Below this, the compressed answer saves less than it costs (and may not be smaller). */
export const compressionThresholdBytes = 1024;

const compressible = /^(application\/(json|problem\+json)|text\/(html|csv))\b/i;

/**
 * Hand-written, two things hono/compress does not: it varies only what it may compress, where every
 * answer of these types varies by Accept-Encoding (HEAD and small ones too: a cache keeps them
 * apart, docs/decisions/0017); and it gzips any answer of unknown length, which `c.json`'s are, so
 * the proxy's own whole answers are measured first and one under 1 kB goes as it is
 * (features/site/serving.test.ts). Answers passed on as they arrive (`streamed`) are not read.
 */
const measured = createMiddleware<ProxyEnv>(async (c, next) => {
  await next();
  const response = c.res;
  const type = response.headers.get('content-type') ?? '';
  if (!compressible.test(type) || response.headers.has('content-encoding')) return;
  const vary = response.headers.get('vary');
  if (!vary) response.headers.set('vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(vary)) response.headers.set('vary', `${vary}, Accept-Encoding`);
  if (response.headers.has('content-length') || c.var.streamed || !response.body) return;
  const body = new Uint8Array(await response.arrayBuffer());
  c.res = undefined;
  c.res = new Response(body, response);
  c.res.headers.set('content-length', String(body.byteLength));
});

/** hono/compress outside, the measure inside: it sees each answer's length. */
export const compression = [
  compress({ encoding: 'gzip', threshold: compressionThresholdBytes, contentTypeFilter: compressible }),
  measured,
] as const;
