// The overview rendered into its page's HTML (issue 26: first rows, counts and "needs attention"
// within 1 s of navigation; docs/decisions/0025 "Rendered into the HTML"). For a person whose
// connection the watcher keeps, `GET /overview` is the signed-in frame with the overview already
// in it, rendered from the answer `GET /watch/centres` serves by the console's own components
// (src/console/app/first-screen.tsx, built into dist/server/). The console then replaces it with
// the same screen. Anything missing (no time zone yet, no snapshots, another kind of session, a
// render that fails) leaves the frame alone, as for every other screen.
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import type { RenderOverview } from '../../../proxy-api/first-screen.ts';
import type { Ctx, Logger } from '../../core/http/context.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import { demoBaseUrl, type EnvironmentId } from '../../core/upstream/environments.ts';
import type { Authorization } from '../people/index.ts';
import type { PrerenderedLanguage } from '../site/index.ts';
import { callUpstream, type FetchLike } from '../../core/upstream/upstream.ts';
import type { CentresAnswer, CentresAnswers } from './centres-answer.ts';

/** Where the console keeps the browser's time zone, for the server (src/console/lib/i18n). */
export const timeZoneCookieName = 'provider-console-time-zone';

const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== '';
    } catch {
      return false;
    }
  });

const clockSchema = z.object({ now: z.iso.datetime() });

/** Renders kept per answer: a language, time zone, address and minute each. */
const KEEP_PER_ANSWER = 24;
/**
 * A new render spends up to 0.3 s of the proxy's thread: one a second at most for a connection's
 * answer, so that addresses asked for in a flood (each a key of its own) cannot hold the thread.
 * A page refused a render meanwhile is the frame, and the console loads the screen itself.
 */
const RENDER_SPACING_MS = 1_000;

export interface FirstScreenDeps {
  /** Its `mayRead`: the session may read the overview, with nothing answered or logged otherwise. */
  auth: Authorization;
  log: Logger;
  now: () => number;
  /** How long the simulator's clock may take to answer. */
  apiTimeoutMs: number;
}

export interface FirstScreenOptions {
  render: RenderOverview;
  answers: CentresAnswers;
  /** The embedded simulator, whose clock is the demo's now (D10). */
  simulator: FetchLike | undefined;
}

interface Kept {
  /** What stands for the nonce in `markup`. */
  slot: string;
  markup: Promise<string | undefined>;
}

interface Renders {
  kept: Map<string, Kept>;
  /** When the last render for this answer started (`deps.now`). */
  started: number;
}

export function createFirstScreen(deps: FirstScreenDeps, options: FirstScreenOptions) {
  const { render, answers, simulator } = options;
  // Over 10,000 centres a render takes 50–200 ms of this thread: kept with the answer it was made
  // from (a new refresh is a new answer) for the service's minute (the rules read days; a moved
  // demo clock is a new minute), under a slot of its own for the nonce, which each response
  // replaces with its own (a centre's name cannot hold the random slot).
  const byAnswer = new WeakMap<CentresAnswer, Renders>();

  const nowIn = async (environment: EnvironmentId): Promise<Date> => {
    if (environment !== 'demo' || !simulator) return new Date();
    const outcome = await callUpstream(
      simulator,
      `${demoBaseUrl}/__sim/clock`,
      { method: 'GET', headers: {} },
      deps.apiTimeoutMs,
    );
    if (outcome.kind !== 'response' || outcome.status !== 200)
      throw new Error('the simulator clock did not answer');
    return new Date(clockSchema.parse(JSON.parse(new TextDecoder().decode(outcome.body))).now);
  };

  return async (c: Ctx, language: PrerenderedLanguage, nonce: string): Promise<string | undefined> => {
    // Hono decodes the cookie's value; one that does not decode is no time zone.
    const timeZone = timeZoneSchema.safeParse(getCookie(c, timeZoneCookieName));
    if (!timeZone.success) return undefined;
    try {
      const authorized = await deps.auth.mayRead(c, 'listWatchedCentres');
      if (authorized?.access.kind !== 'person') return undefined;
      const { session } = authorized;
      const answer = await answers.answer(authorized.access.connection.id);
      const url = new URL(c.req.url);
      const now = await nowIn(session.environment);
      const key = `${language} ${timeZone.data} ${url.pathname}${url.search} ${Math.floor(now.getTime() / 60_000)}`;
      let renders = byAnswer.get(answer);
      if (!renders) {
        renders = { kept: new Map(), started: -Infinity };
        byAnswer.set(answer, renders);
      }
      let found = renders.kept.get(key);
      if (!found) {
        if (deps.now() - renders.started < RENDER_SPACING_MS) return undefined;
        renders.started = deps.now();
        const slot = crypto.randomUUID();
        found = {
          slot,
          markup: render({
            language,
            timeZone: timeZone.data,
            url: `${url.pathname}${url.search}`,
            environment: session.environment,
            providerId: session.providerId,
            answer: answer.json,
            now,
            nonce: slot,
          }),
        };
        renders.kept.set(key, found);
        if (renders.kept.size > KEEP_PER_ANSWER) renders.kept.delete(renders.kept.keys().next().value ?? key);
      }
      const markup = await found.markup;
      return markup?.replaceAll(found.slot, nonce);
    } catch (error) {
      deps.log.warn(
        { event: 'first_screen_failed', requestId: c.get('requestId'), ...errorFacts(error) },
        'the overview could not be rendered into its page',
      );
      return undefined;
    }
  };
}
