// The built console: its files, and a document (with a fresh CSP nonce) for every console route.
// The files are read by the Node host (static-site.ts); this serves whatever it was given
// (docs/decisions/0017): each file in the best encoding the browser accepts (the build's brotli or
// gzip copy, `Vary: Accept-Encoding`), hashed assets cached for a year as immutable, the rest
// revalidated; /login, for a browser holding no session, is the login screen prerendered in its
// language, and any other screen, for one holding a session, the shell's frame, so that they paint
// before any script has run; /overview, for a person whose connection the watcher keeps, comes with
// the overview itself in that frame (first-screen.ts).
import { getCookie } from 'hono/cookie';
import { Hono } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { fail, type Ctx, type ProxyEnv } from '../../core/http/context.ts';
import { newNonce } from '../../core/http/security-headers.ts';
import { FIRST_SCREEN_SLOT } from '../../../proxy-api/first-screen.ts';

export type ContentEncoding = 'br' | 'gzip';

export interface Representation {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

export interface StaticFile extends Representation {
  contentType: string;
  immutable: boolean;
  /** The build's compressed copies (tools/build/precompress.ts), when smaller. */
  encoded: Partial<Record<ContentEncoding, Representation>>;
}

/** The languages the login screen is prerendered in (the console's, src/console/lib/i18n). */
export const PRERENDERED_LANGUAGES = ['en', 'es', 'ca'] as const;
export type PrerenderedLanguage = (typeof PRERENDERED_LANGUAGES)[number];

export interface StaticSite {
  file(pathname: string): StaticFile | undefined;
  /** index.html with every nonce placeholder replaced. */
  document(nonce: string): string;
  /**
   * The prerendered login page in `language`, with (`demo`) or without the demo's logins, as
   * built, nonce placeholders included (tools/build/prerender.ts); undefined when not built.
   */
  login?(variant: 'demo' | 'plain', language: PrerenderedLanguage): string | undefined;
  /** The signed-in screens' frame, prerendered in `language`, as built; undefined when not built. */
  shellFrame?(language: PrerenderedLanguage): string | undefined;
  /**
   * The same frame with the overview's style sheets, and `FIRST_SCREEN_SLOT` where the overview the
   * proxy renders goes (first-screen.ts); undefined when not built.
   */
  overviewFrame?(language: PrerenderedLanguage): string | undefined;
}

/** A Web Worker's script as Vite names it (`new Worker(new URL('./x.worker.ts', …))`). */
const workerScript = /^\/assets\/[\w-]+\.worker-[\w-]+\.js$/;

/** Must equal `html.cspNonce` in vite.config.ts. */
export const noncePlaceholder = 'PROVIDER_CONSOLE_CSP_NONCE';

export interface SiteOptions {
  /** The environments this proxy offers, in order: the prerendered login lists only these. */
  environmentIds: readonly string[];
  /** Whether the request carries a session id (then /login gets the plain document: it redirects). */
  hasSession(c: Ctx): boolean;
  /**
   * The overview rendered for this request's session (first-screen.ts), for `/overview`; undefined
   * when it cannot be (no snapshots, no time zone, another screen): the frame alone is sent then.
   */
  firstScreen?: (c: Ctx, language: PrerenderedLanguage, nonce: string) => Promise<string | undefined>;
}

/** Where the console keeps the language a person chose, for the server (src/console/lib/i18n). */
export const languageCookieName = 'provider-console-language';

/** The encoding to send: the best the browser accepts among those the file has (br before gzip). */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[],
): ContentEncoding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const q = (name: string) =>
    accepts.find((accept) => accept.type.toLowerCase() === name)?.q ??
    accepts.find((accept) => accept.type === '*')?.q ??
    0;
  let best: { encoding: ContentEncoding; q: number } | undefined;
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = q(encoding);
    if (available.includes(encoding) && weight > 0 && (!best || weight > best.q))
      best = { encoding, q: weight };
  }
  return best?.encoding;
}

/** The console's language for a first visit: the one chosen before (a cookie), else the browser's. */
const known = (tag: string) =>
  PRERENDERED_LANGUAGES.find((language) => language === tag.toLowerCase().split('-')[0]);

export function chooseLanguage(cookie: string | undefined, acceptLanguage: string | undefined) {
  if (cookie) {
    const chosen = known(cookie);
    if (chosen) return chosen;
  }
  for (const { type } of [...parseAccept(acceptLanguage ?? '')].sort((a, b) => b.q - a.q)) {
    const found = known(type);
    if (found) return found;
  }
  return 'en';
}

export function siteRoutes(site: StaticSite | undefined, options: SiteOptions) {
  const routes = new Hono<ProxyEnv>();
  const loginPages = new Map<PrerenderedLanguage, string>();
  if (site?.login) {
    const variant = options.environmentIds.includes('demo') ? 'demo' : 'plain';
    for (const language of PRERENDERED_LANGUAGES) {
      const page = site.login(variant, language);
      // The build lists every environment kind: only those offered here stay.
      if (page)
        loginPages.set(
          language,
          page.replace(/<option value="([a-z]+)"[^>]*>[^<]*<\/option>/g, (option, id: string) =>
            options.environmentIds.includes(id) ? option : '',
          ),
        );
    }
  }

  const shellFrames = new Map<PrerenderedLanguage, string>();
  for (const language of PRERENDERED_LANGUAGES) {
    const frame = site?.shellFrame?.(language);
    if (frame) shellFrames.set(language, frame);
  }

  routes.on(['GET', 'HEAD'], '*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const file = site?.file(pathname);
    if (file) {
      // A worker's script carries the policy its worker runs under (docs/decisions/0024).
      c.set('kind', workerScript.test(pathname) ? 'worker' : 'asset');
      const encoding = chooseEncoding(
        c.req.header('accept-encoding'),
        Object.keys(file.encoded) as ContentEncoding[],
      );
      const chosen = (encoding && file.encoded[encoding]) || file;
      const headers: Record<string, string> = {
        'content-type': file.contentType,
        etag: chosen.etag,
        'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        // Ranges are not offered: a whole small file is cheaper than a partial one in the wrong
        // encoding (RFC 9110 14.3), so a Range request gets the whole file.
        'accept-ranges': 'none',
      };
      if (Object.keys(file.encoded).length > 0) headers.vary = 'Accept-Encoding';
      if (encoding) headers['content-encoding'] = encoding;
      if (matches(c.req.header('if-none-match'), chosen.etag))
        return new Response(null, { status: 304, headers });
      headers['content-length'] = String(chosen.body.byteLength);
      return new Response(c.req.method === 'HEAD' ? null : chosen.body, { headers });
    }
    // SPA fallback: a path without a file extension is a console route.
    if (site && !/\.[A-Za-z0-9]{1,8}$/.test(pathname)) {
      const nonce = newNonce();
      c.set('kind', 'document');
      c.set('nonce', nonce);
      // Signed out, /login is the login screen; signed in, every other screen starts as the frame
      // they appear in. A session that has ended meanwhile shows the frame until the console sends
      // the person to the login.
      const language = chooseLanguage(getCookie(c, languageCookieName), c.req.header('accept-language'));
      const signedIn = options.hasSession(c);
      const prerendered =
        pathname === '/login'
          ? signedIn
            ? undefined
            : loginPages.get(language)
          : signedIn
            ? shellFrames.get(language)
            : undefined;
      // The overview, for a person whose connection the watcher keeps, comes rendered in its frame
      // (docs/decisions/0025 "Rendered into the HTML").
      const frame = pathname === '/overview' && signedIn ? site.overviewFrame?.(language) : undefined;
      const overview =
        frame !== undefined && options.firstScreen
          ? await options.firstScreen(c, language, nonce)
          : undefined;
      const html =
        frame !== undefined && overview !== undefined
          ? // A function as the replacement: `$` in the markup is text, not a pattern.
            frame.replaceAll(noncePlaceholder, nonce).replace(FIRST_SCREEN_SLOT, () => overview)
          : prerendered
            ? prerendered.replaceAll(noncePlaceholder, nonce)
            : site.document(nonce);
      const body = new TextEncoder().encode(html);
      return new Response(c.req.method === 'HEAD' ? null : body, {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          // Revalidated on every visit (it carries this response's nonce), never taken from a cache;
          // the overview, which carries the parent's centres, is not even stored.
          'cache-control': overview === undefined ? 'no-cache' : 'no-store',
          // The prerendered login differs by language and by whether a session is held.
          vary: 'Accept-Language, Cookie',
          'content-length': String(body.byteLength),
        },
      });
    }
    return fail(c, 404, 'not_found', 'There is nothing here.');
  });
  routes.all('*', (c) =>
    fail(c, 405, 'method_not_allowed', 'This method is not allowed here.', { allow: 'GET, HEAD' }),
  );
  return routes;
}

const strip = (tag: string) => tag.trim().replace(/^W\//, '');

/** `If-None-Match`: `*` or a list of entity tags, weak ones compared weakly (RFC 9110 13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => strip(tag) === strip(etag));
}
