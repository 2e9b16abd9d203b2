// The built console: its files, and index.html (with a fresh CSP nonce) for every console route.
// The files are read by the Node host (static-site.ts); this serves whatever it was given.
import { Hono } from 'hono';
import { fail, type ProxyEnv } from '../context.ts';
import { newNonce } from '../security-headers.ts';

export interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  etag: string;
  immutable: boolean;
}

export interface StaticSite {
  file(pathname: string): StaticFile | undefined;
  /** index.html with every nonce placeholder replaced. */
  document(nonce: string): string;
}

export function siteRoutes(site: StaticSite | undefined) {
  const routes = new Hono<ProxyEnv>();
  routes.on(['GET', 'HEAD'], '*', (c) => {
    const pathname = new URL(c.req.url).pathname;
    const file = site?.file(pathname);
    if (file) {
      c.set('kind', 'asset');
      const headers: Record<string, string> = {
        'content-type': file.contentType,
        etag: file.etag,
        'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      if (c.req.header('if-none-match') === file.etag) return new Response(null, { status: 304, headers });
      return new Response(c.req.method === 'HEAD' ? null : file.body, { headers });
    }
    // SPA fallback: a path without a file extension is a console route.
    if (site && !/\.[A-Za-z0-9]{1,8}$/.test(pathname)) {
      const nonce = newNonce();
      c.set('kind', 'document');
      c.set('nonce', nonce);
      return new Response(c.req.method === 'HEAD' ? null : site.document(nonce), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    return fail(c, 404, 'not_found', 'There is nothing here.');
  });
  routes.all('*', (c) =>
    fail(c, 405, 'method_not_allowed', 'This method is not allowed here.', { allow: 'GET, HEAD' }),
  );
  return routes;
}
