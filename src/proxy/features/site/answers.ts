// What the site's routes answer (routes.ts): a built file in the best encoding the browser accepts,
// and the console's document for a request: the prerendered login, the shell's frame, the overview
// rendered into its frame, or the plain document (docs/decisions/0017, 0025).
import { parseAccept } from 'hono/utils/accept';
import {
  FIRST_SCREEN_SLOT,
  SCREEN_STATE_ID,
  SCREEN_STATE_SLOT,
  type RenderedScreen,
} from '../../../proxy-api/first-screen.ts';
import type { Ctx } from '../../core/http/context.ts';
import { chooseEncoding, type ContentEncoding } from '../../core/http/encoding.ts';
import type { StaticFile, StaticSite } from './routes.ts';

/** The languages the login screen is prerendered in (the console's, src/console/lib/i18n). */
export const PRERENDERED_LANGUAGES = ['en', 'es', 'ca'] as const;
export type PrerenderedLanguage = (typeof PRERENDERED_LANGUAGES)[number];

/** Must equal `html.cspNonce` in vite.config.ts. */
export const noncePlaceholder = 'PROVIDER_CONSOLE_CSP_NONCE';

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

const strip = (tag: string) => tag.trim().replace(/^W\//, '');

/** `If-None-Match`: `*` or a list of entity tags, weak ones compared weakly (RFC 9110 13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => strip(tag) === strip(etag));
}

/** A built file in the best encoding accepted, or 304 when the browser holds it. */
export function fileAnswer(c: Ctx, file: StaticFile): Response {
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

/** The prerendered pages as built, each language's, kept for every request. */
export interface Prerendered {
  login: Map<PrerenderedLanguage, string>;
  shell: Map<PrerenderedLanguage, string>;
}

export function prerenderedPages(
  site: StaticSite | undefined,
  environmentIds: readonly string[],
): Prerendered {
  const login = new Map<PrerenderedLanguage, string>();
  const shell = new Map<PrerenderedLanguage, string>();
  const variant = environmentIds.includes('demo') ? 'demo' : 'plain';
  for (const language of PRERENDERED_LANGUAGES) {
    const page = site?.login?.(variant, language);
    // The build lists every environment kind: only those offered here stay.
    if (page)
      login.set(
        language,
        page.replace(/<option value="([a-z]+)"[^>]*>[^<]*<\/option>/g, (option, id: string) =>
          environmentIds.includes(id) ? option : '',
        ),
      );
    const frame = site?.shellFrame?.(language);
    if (frame) shell.set(language, frame);
  }
  return { login, shell };
}

export interface DocumentRequest {
  pathname: string;
  language: PrerenderedLanguage;
  signedIn: boolean;
  nonce: string;
  /** The overview's frame and the overview rendered into it (first-screen.ts), when it could be. */
  overview: { frame: string; markup: string } | undefined;
  /** Any other screen's page and the screen rendered for it, with its data (screen-render.ts). */
  screen?: ({ frame: string } & RenderedScreen) | undefined;
}

/**
 * Signed out, /login is the login screen; signed in, every other screen starts as the frame it
 * appears in, and /overview with the overview in it. A session that has ended meanwhile shows the
 * frame until the console sends the person to the login.
 */
export function documentHtml(site: StaticSite, pages: Prerendered, request: DocumentRequest): string {
  const { pathname, language, signedIn, nonce, overview, screen } = request;
  if (screen)
    // The markup carries this response's nonce already; the frame's placeholders get it now.
    return screen.frame
      .replaceAll(noncePlaceholder, nonce)
      .replace(FIRST_SCREEN_SLOT, () => screen.markup)
      .replace(
        SCREEN_STATE_SLOT,
        () =>
          `<script type="application/json" id="${SCREEN_STATE_ID}" nonce="${nonce}">${screen.state}</script>`,
      );
  if (overview)
    // A function as the replacement: `$` in the markup is text, not a pattern.
    return overview.frame
      .replaceAll(noncePlaceholder, nonce)
      .replace(FIRST_SCREEN_SLOT, () => overview.markup);
  const prerendered =
    pathname === '/login'
      ? signedIn
        ? undefined
        : pages.login.get(language)
      : signedIn
        ? pages.shell.get(language)
        : undefined;
  return prerendered ? prerendered.replaceAll(noncePlaceholder, nonce) : site.document(nonce);
}
