// The standalone simulator's reference for integrators: the OpenAPI document at /openapi.json and
// a page at /docs rendered by Swagger UI, served from the installed package (nothing from a CDN).
// The document is the file `npm run openapi` writes from the contract (docs/decisions/0009): read
// as data, so the simulator still imports nothing from the contract.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const DEFAULT_DOCUMENT_PATH = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Only what the page needs: its own scripts and styles, the document, Swagger UI's inline images. */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Health Provider Integration Service: reference (simulator)</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/docs/favicon-32x32.png" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

// No online validator badge (it would call out to a third-party host), and "try it out" sends
// requests to this simulator: the document's server is the origin it was served from.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
});
`;

const ASSETS: Record<string, { file: string; type: string }> = {
  '/docs/swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  '/docs/swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  '/docs/favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
};

type OpenApiLike = { servers?: unknown; paths?: Record<string, unknown> };

/** Reads the document; a missing or unreadable file stops the server with a clear message. */
export function loadDocument(file = DEFAULT_DOCUMENT_PATH): OpenApiLike {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `cannot read the OpenAPI document ${file} (${error instanceof Error ? error.message : String(error)}); ` +
        'write it with `npm run openapi`',
      { cause: error },
    );
  }
  if (typeof value !== 'object' || value === null || typeof (value as OpenApiLike).paths !== 'object')
    throw new Error(`${file} is not an OpenAPI document: write it with \`npm run openapi\``);
  return value as OpenApiLike;
}

/**
 * The document as this simulator answers: its own origin as the server, and the templates path
 * after its prefix (D9), so that "try it out" and generated clients reach it as it runs.
 */
export function documentFor(document: OpenApiLike, origin: string, templatesPrefix = ''): OpenApiLike {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([p, item]) => [
      p === '/reportExample' ? `${templatesPrefix}/reportExample` : p,
      item,
    ]),
  );
  return { ...document, servers: [{ url: origin, description: 'This simulator' }], paths };
}

/** The answer for /openapi.json, /docs and the page's assets; undefined for any other request. */
export function createDocsRoute(document: OpenApiLike, templatesPrefix = '') {
  const cache = new Map<string, Buffer>();
  const asset = (file: string) => {
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = readFileSync(path.join(swaggerDir, file));
      cache.set(file, bytes);
    }
    return bytes;
  };
  return (request: Request): Response | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const url = new URL(request.url);
    if (url.pathname === '/openapi.json')
      return Response.json(documentFor(document, url.origin, templatesPrefix), {
        headers: { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' },
      });
    if (url.pathname === '/docs' || url.pathname === '/docs/')
      return new Response(PAGE, { headers: { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' } });
    if (url.pathname === '/docs/init.js')
      return new Response(INIT, {
        headers: { ...PAGE_HEADERS, 'Content-Type': 'text/javascript; charset=utf-8' },
      });
    const known = ASSETS[url.pathname];
    if (known)
      return new Response(new Uint8Array(asset(known.file)), {
        headers: { ...PAGE_HEADERS, 'Content-Type': known.type, 'Cache-Control': 'public, max-age=3600' },
      });
    return undefined;
  };
}
