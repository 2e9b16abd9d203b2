// The built console (dist/), read into memory at start: it is small, and serving from memory
// means no path from a request ever reaches the file system. index.html carries Vite's nonce
// placeholder (vite.config.ts `html.cspNonce`), replaced by a fresh nonce in every response. The
// build's brotli and gzip copies (`x.js.br`, `x.js.gz`) are the same file in another encoding, and
// `prerendered/` holds the login page per language (docs/decisions/0017).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { RenderOverview, RenderScreen } from '../../../proxy-api/first-screen.ts';
import type { ContentEncoding } from '../../core/http/encoding.ts';
import { ROUTE_PRELOADS_FILE, routePreloadLookup } from './route-preloads.ts';
import { noncePlaceholder, type Representation, type StaticFile, type StaticSite } from './routes.ts';

export type { StaticFile, StaticSite };
export { noncePlaceholder };

const encodings: Record<string, ContentEncoding> = { '.br': 'br', '.gz': 'gzip' };

function representation(body: Uint8Array<ArrayBuffer>, encoding?: ContentEncoding): Representation {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  // Each encoding is its own representation, with its own entity tag (RFC 9110 8.8.3).
  return { body, etag: `"${hash}${encoding ? `-${encoding}` : ''}"` };
}

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
      // The manifest is for the bundle budget; documents are served as routes, not as files; the
      // overview's render is the proxy's own code (first-screen.ts).
      if (
        relative === '/index.html' ||
        relative.startsWith('/.vite/') ||
        relative.startsWith('/prerendered/') ||
        relative.startsWith('/server/') ||
        encodings[path.extname(entry)] !== undefined
      )
        continue;
      const encoded: StaticFile['encoded'] = {};
      for (const [suffix, encoding] of Object.entries(encodings))
        if (existsSync(`${full}${suffix}`))
          encoded[encoding] = representation(new Uint8Array(readFileSync(`${full}${suffix}`)), encoding);
      files.set(relative, {
        ...representation(new Uint8Array(readFileSync(full))),
        contentType: types[path.extname(entry)] ?? 'application/octet-stream',
        immutable: relative.startsWith('/assets/'),
        encoded,
      });
    }
  };
  walk(distDir);
  const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const prerendered = (name: string) => {
    const file = path.join(distDir, 'prerendered', name);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const preloadsFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  const preloads = existsSync(preloadsFile)
    ? routePreloadLookup(JSON.parse(readFileSync(preloadsFile, 'utf8')))
    : undefined;
  return {
    file: (pathname) => files.get(pathname),
    preloads: (pathname) => preloads?.(pathname),
    document: (nonce) => index.replaceAll(noncePlaceholder, nonce),
    login: (variant, language) => prerendered(`login.${variant}.${language}.html`),
    shellFrame: (language) => prerendered(`shell.${language}.html`),
    overviewFrame: (language) => prerendered(`overview.${language}.html`),
    screenFrame: (language) => prerendered(`screen.${language}.html`),
  };
}

/**
 * The overview's render for its page (first-screen.ts): the console's own, built for Node into
 * dist/server/ (tools/build/prerender.ts). Undefined when dist/ has none (a build without it, a
 * test).
 */
export async function loadOverviewRender(distDir: string): Promise<RenderOverview | undefined> {
  const file = path.join(distDir, 'server', 'first-screen.js');
  if (!existsSync(file)) return undefined;
  const loaded = z
    .object({ renderOverview: z.custom<RenderOverview>((value) => typeof value === 'function') })
    .parse(await import(pathToFileURL(file).href));
  return loaded.renderOverview;
}

/**
 * Every signed-in screen's render for its page (screen-render.ts): the console's own, built for Node
 * into dist/server/screens.js (tools/build/prerender.ts). Undefined when dist/ has none.
 */
export async function loadScreenRender(distDir: string): Promise<RenderScreen | undefined> {
  const file = path.join(distDir, 'server', 'screens.js');
  if (!existsSync(file)) return undefined;
  const loaded = z
    .object({ renderScreen: z.custom<RenderScreen>((value) => typeof value === 'function') })
    .parse(await import(pathToFileURL(file).href));
  return loaded.renderScreen;
}
