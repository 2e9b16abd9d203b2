// Every signed-in screen rendered into its page (docs/decisions/0028, issue 48): the console's own
// server render (src/console/app/server-render.tsx, built into dist/server/screens.js) loads the
// screen through the console's router, and each call it makes is answered here, in process, by the
// proxy's own app as the session that asked for the page: its cookie and its address, so every
// permission check, scope, limit and log line applies as if the browser had asked. A render that
// fails, finds nothing whole to show (a redirect, a refusal) or takes longer than its budget leaves
// the page as it was before (the frame, rendered by the browser), and a failure or an overrun is logged.
import { getCookie } from 'hono/cookie';
import type { RenderedScreen, RenderScreen } from '../../../proxy-api/first-screen.ts';
import type { Ctx, HostBindings, Logger } from '../../core/http/context.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import type { PrerenderedLanguage } from './answers.ts';

/** Where the console keeps the browser's time zone (src/console/lib/i18n rememberTimeZone). */
const timeZoneCookieName = 'provider-console-time-zone';

/**
 * How long a page may wait on its render: the frame painted at once is better than a screen that
 * arrives late (issue 48's LCP target is 1.5× a bare page's, about 0.8 s at 4× CPU).
 */
export const SCREEN_RENDER_BUDGET_MS = 300;

/** The request headers a call made for the page carries over from it. */
const CARRIED = ['host', 'cookie', 'user-agent', 'accept-language', 'x-forwarded-for'] as const;

export interface ScreenRenderDeps {
  render: RenderScreen;
  /** The proxy's own app, answering a request in process (Hono's `app.request`). */
  answer: (request: Request, bindings: HostBindings) => Promise<Response>;
  log: Logger;
  budgetMs?: number;
}

export type ScreenRenderer = (
  c: Ctx,
  language: PrerenderedLanguage,
  nonce: string,
) => Promise<RenderedScreen | { redirect: string } | undefined>;

function validTimeZone(zone: string | undefined): string | undefined {
  if (zone === undefined || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function createScreenRender(deps: ScreenRenderDeps): ScreenRenderer {
  const budgetMs = deps.budgetMs ?? SCREEN_RENDER_BUDGET_MS;
  return async (c, language, nonce) => {
    // Without the browser's zone its local times would differ from the server's, and hydration
    // would throw the markup away: the console writes the cookie on its first visit.
    const timeZone = validTimeZone(getCookie(c, timeZoneCookieName));
    if (timeZone === undefined) return undefined;
    const url = new URL(c.req.url);
    // The host's address facts, not its connection: a call's streamed answer must never cut the page's.
    const bindings: HostBindings = {
      ...(c.env?.clientAddress !== undefined && { clientAddress: c.env.clientAddress }),
      ...(c.env?.remoteAddress !== undefined && { remoteAddress: c.env.remoteAddress }),
    };
    const fetch = (request: Request) => {
      const headers = new Headers(request.headers);
      for (const name of CARRIED) {
        const value = c.req.header(name);
        if (value !== undefined) headers.set(name, value);
      }
      return deps.answer(new Request(request, { headers }), bindings);
    };
    const started = performance.now();
    const { promise: overrun, resolve } = Promise.withResolvers<'overrun'>();
    const timer = setTimeout(() => resolve('overrun'), budgetMs);
    try {
      const rendered = await Promise.race([
        deps.render({
          language,
          timeZone,
          url: `${url.pathname}${url.search}`,
          nonce,
          origin: url.origin,
          fetch,
        }),
        overrun,
      ]);
      if (rendered === 'overrun')
        deps.log.warn(
          { event: 'screen_render_overrun', requestId: c.get('requestId'), path: url.pathname, budgetMs },
          'the screen took too long to render into its page: the browser renders it',
        );
      return rendered === 'overrun' ? undefined : rendered;
    } catch (error) {
      deps.log.warn(
        {
          event: 'screen_render_failed',
          requestId: c.get('requestId'),
          path: url.pathname,
          ms: Math.round(performance.now() - started),
          ...errorFacts(error),
        },
        'the screen could not be rendered into its page: the browser renders it',
      );
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
