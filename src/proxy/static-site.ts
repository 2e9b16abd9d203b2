// The built console (dist/), read into memory at start: it is small, and serving from memory
// means no path from a request ever reaches the file system. index.html carries Vite's nonce
// placeholder (vite.config.ts `html.cspNonce`), replaced by a fresh nonce in every response.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { StaticFile, StaticSite } from './routes/site.ts';

export type { StaticFile, StaticSite };

/** Must equal `html.cspNonce` in vite.config.ts. */
export const noncePlaceholder = 'PROVIDER_CONSOLE_CSP_NONCE';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export function loadStaticSite(distDir: string): StaticSite {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      const relative = `/${path.relative(distDir, full).split(path.sep).join('/')}`;
      // The manifest is for the bundle budget, the worker for the in-browser demo only.
      if (relative === '/index.html' || relative.startsWith('/.vite/')) continue;
      const body = new Uint8Array(readFileSync(full));
      files.set(relative, {
        body,
        contentType: types[path.extname(entry)] ?? 'application/octet-stream',
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        immutable: relative.startsWith('/assets/'),
      });
    }
  };
  walk(distDir);
  const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return {
    file: (pathname) => files.get(pathname),
    document: (nonce) => index.replaceAll(noncePlaceholder, nonce),
  };
}
