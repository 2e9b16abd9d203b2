// The built console: its files, and a document (with a fresh CSP nonce) for every console route.
// The files are read by the Node host (static-site.ts); this serves whatever it was given
// (docs/decisions/0017): each file in the best encoding the browser accepts (the build's brotli or
// gzip copy, `Vary: Accept-Encoding`), hashed assets cached for a year as immutable, the rest
// revalidated; /login, for a browser holding no session, is the login screen prerendered in its
// language, and any other screen, for one holding a session, the shell's frame, so that they paint
// before any script has run; /overview, for a person whose connection the watcher keeps, comes with
// the overview itself in that frame (first-screen.ts); and any signed-in screen, when it can be, is
// rendered with the session's data and hydrated (screen-render.ts, docs/decisions/0028).
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { except } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import type { Ctx, ProxyEnv } from '../../core/http/context.ts';
import type { ContentEncoding } from '../../core/http/encoding.ts';
import { refuse } from '../../core/http/refusal.ts';
import { documentHeaders, workerHeaders } from '../../core/http/security-headers.ts';
import {
  chooseLanguage,
  documentHtml,
  fileAnswer,
  prerenderedPages,
  type PrerenderedLanguage,
} from './answers.ts';
import { withRoutePreloads, type ScreenModules } from './route-preloads.ts';
import type { ScreenRenderer } from './screen-render.ts';
import { ALERT_CONNECTION_PARAM } from '../../../proxy-api/alert-links.ts';

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

export { noncePlaceholder, PRERENDERED_LANGUAGES, type PrerenderedLanguage } from './answers.ts';

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
  /**
   * Any signed-in screen's page: every screen's style sheets, `FIRST_SCREEN_SLOT` for the screen the
   * proxy renders and `SCREEN_STATE_SLOT` for its data (screen-render.ts); undefined when not built.
   */
  screenFrame?(language: PrerenderedLanguage): string | undefined;
  /** The modules a screen's path loads beyond the entry, as built (route-preloads.ts). */
  preloads?(pathname: string): ScreenModules | undefined;
}

/** A Web Worker's script as Vite names it (`new Worker(new URL('./x.worker.ts', …))`). */
const workerScript = /^\/assets\/[\w-]+\.worker-[\w-]+\.js$/;

export interface SiteRouteDeps {
  /** The built console (static-site.ts); absent where the proxy serves no console (tests, the page). */
  site: StaticSite | undefined;
  /** The environments this proxy offers, in order: the prerendered login lists only these. */
  environmentIds: readonly string[];
  /** Whether the request carries a session id (then /login gets the plain document: it redirects). */
  hasSession(c: Ctx): boolean;
  /**
   * The overview rendered for this request's session (first-screen.ts), for `/overview`; undefined
   * when it cannot be (no snapshots, no time zone, another screen): the frame alone is sent then.
   */
  firstScreen?: (c: Ctx, language: PrerenderedLanguage, nonce: string) => Promise<string | undefined>;
  /** Any other signed-in screen rendered for this request's session (screen-render.ts). */
  renderScreen?: ScreenRenderer;
}

/** Where the console keeps the language a person chose, for the server (src/console/lib/i18n). */
export const languageCookieName = 'provider-console-language';

const pathOf = (c: Ctx) => new URL(c.req.url).pathname;

/** A path without a file extension names a console route. */
const isConsoleRoute = (pathname: string) => !/\.[A-Za-z0-9]{1,8}$/.test(pathname);

export function siteRoutes(deps: SiteRouteDeps) {
  const { site } = deps;
  const pages = prerenderedPages(site, deps.environmentIds);

  const isWorkerScript = (c: Ctx) => workerScript.test(pathOf(c)) && site?.file(pathOf(c)) !== undefined;
  /** The SPA's fallback: a path without a file extension, and no such file, is a console route. */
  const isDocument = (c: Ctx) =>
    site !== undefined && isConsoleRoute(pathOf(c)) && site.file(pathOf(c)) === undefined;

  const builtFile = createMiddleware<ProxyEnv>(async (c, next) => {
    const pathname = pathOf(c);
    const file = site?.file(pathname);
    if (!file) return next();
    c.set('kind', workerScript.test(pathname) ? 'worker' : 'asset');
    return fileAnswer(c, file);
  });

  /** The overview rendered into its frame (docs/decisions/0025 "Rendered into the HTML"), if it can be. */
  const overviewOf = async (c: Ctx, language: PrerenderedLanguage, nonce: string) => {
    const frame = site?.overviewFrame?.(language);
    const markup = frame !== undefined ? await deps.firstScreen?.(c, language, nonce) : undefined;
    return frame !== undefined && markup !== undefined ? { frame, markup } : undefined;
  };

  /** The screen asked for, rendered into its page for this session (docs/decisions/0028), if it can be. */
  const screenOf = async (c: Ctx, language: PrerenderedLanguage, nonce: string) => {
    const frame = site?.screenFrame?.(language);
    const rendered = frame !== undefined ? await deps.renderScreen?.(c, language, nonce) : undefined;
    if (rendered === undefined || frame === undefined) return undefined;
    return 'redirect' in rendered ? rendered : { frame, ...rendered };
  };

  const consoleDocument = createMiddleware<ProxyEnv>(async (c, next) => {
    const nonce = c.var.secureHeadersNonce;
    if (!site || !isDocument(c) || nonce === undefined) return next();
    const pathname = pathOf(c);
    c.set('kind', 'document');
    const language = chooseLanguage(getCookie(c, languageCookieName), c.req.header('accept-language'));
    const signedIn = deps.hasSession(c);
    // An alert's link that names its connection (issue 47 item 4) is opened by the console, which
    // may switch the session to that connection first: this session's screen is not the one to show.
    const rendering = signedIn && !new URL(c.req.url).searchParams.has(ALERT_CONNECTION_PARAM);
    const overview = pathname === '/overview' && rendering ? await overviewOf(c, language, nonce) : undefined;
    const rendered =
      rendering && overview === undefined && pathname !== '/login'
        ? await screenOf(c, language, nonce)
        : undefined;
    // Where the console would go at once (a canonical address, the login): the browser goes there
    // first, and gets that screen rendered.
    if (rendered && 'redirect' in rendered)
      return new Response(null, {
        status: 302,
        headers: { location: rendered.redirect, 'cache-control': 'no-store', vary: 'Cookie' },
      });
    const screen = rendered;
    // The screen's modules, where the page goes on to load them: not a signed-out screen's (the
    // console sends it to /login) nor a signed-in /login's (sent on).
    const preloads = signedIn === (pathname !== '/login') ? site.preloads?.(pathname) : undefined;
    const html = documentHtml(site, pages, { pathname, language, signedIn, nonce, overview, screen });
    const body = new TextEncoder().encode(
      withRoutePreloads(html, preloads, nonce, screen !== undefined || overview !== undefined),
    );
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      // Revalidated on every visit (it carries this response's nonce), never taken from a cache;
      // a rendered screen, which carries the session's data, is not even stored.
      'cache-control': overview === undefined && screen === undefined ? 'no-cache' : 'no-store',
      // The prerendered login differs by language and by whether a session is held.
      vary: 'Accept-Language, Cookie',
      'content-length': String(body.byteLength),
    };
    return new Response(c.req.method === 'HEAD' ? null : body, { headers });
  });

  return new Hono<ProxyEnv>()
    .on(
      ['GET', 'HEAD'],
      '*',
      // A worker's script carries the policy its worker runs under (docs/decisions/0024), the
      // console's document its own with this response's nonce (core/http/security-headers.ts).
      except((c) => !isWorkerScript(c), workerHeaders),
      except((c) => !isDocument(c), ...documentHeaders),
      builtFile,
      consoleDocument,
      () => refuse(404, 'not_found', 'There is nothing here.'),
    )
    .all('*', () =>
      refuse(405, 'method_not_allowed', 'This method is not allowed here.', {
        headers: { allow: 'GET, HEAD' },
      }),
    );
}
