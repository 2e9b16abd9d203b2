// What the watcher keeps, read by the console (issue 26 items 2–3, docs/decisions/0025 "The
// overview's read"): `GET /watch/centres`, the session's connection's every centre in one answer
// (the overview, exact from its first paint), and `GET /watch/centres/:id`, one centre's
// "suspended since" and its timeline, a page at a time. Only the connection the session works
// through is read: another parent's snapshots are never served. A client-credential session has no
// stored connection (409 `no_connection`, as POST /watch/refresh): the console loads progressively.
import { Hono } from 'hono';
import { z } from 'zod';
import { fail, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../people/authorize-legacy.ts';
import type { AnyOperationId } from '../../../proxy-api/permissions.ts';
import type { CentresAnswers } from './centres-answer.ts';
import { chooseEncoding } from '../site/routes.ts';

const TIMELINE_PAGE = 50;
const timelineQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(TIMELINE_PAGE),
});
const centreIdParam = z.coerce.number().int().positive();

/** `answers`: the kept answers (features/watch/centres-answer.ts), shared with the overview's page (first-screen.ts). */
export function watchReadRoutes(deps: AppDeps, answers: CentresAnswers | undefined) {
  const routes = new Hono<ProxyEnv>();

  /** The session's stored connection, or the answer that says why there is none to read. */
  const connectionOf = async (c: Parameters<typeof authorize>[1], operation: AnyOperationId) => {
    const authorized = await authorize(deps, c, operation);
    if (authorized instanceof Response) return authorized;
    const { access } = authorized;
    if (access.kind !== 'person')
      return fail(
        c,
        409,
        'no_connection',
        'Only stored connections are watched: sign in with your organisation to work through one.',
      );
    if (!deps.watchReads || !answers)
      return fail(c, 503, 'watch_off', 'This proxy keeps no snapshots (it has no database).');
    return { id: access.connection.id, reads: deps.watchReads, answers };
  };

  routes.get('/centres', async (c) => {
    const connection = await connectionOf(c, 'listWatchedCentres');
    if (connection instanceof Response) return connection;
    // Kept between refreshes (features/watch/centres-answer.ts), with its gzip: written as it is.
    const answer = await connection.answers.answer(connection.id);
    const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
    if (chooseEncoding(c.req.header('accept-encoding'), ['gzip']) === 'gzip')
      return c.body(await answer.gzipped(), 200, { ...headers, 'content-encoding': 'gzip' });
    return c.body(answer.json, 200, headers);
  });

  routes.get('/centres/:id', async (c) => {
    const connection = await connectionOf(c, 'getCentreTimeline');
    if (connection instanceof Response) return connection;
    const id = centreIdParam.safeParse(c.req.param('id'));
    const page = timelineQuery.safeParse(c.req.query());
    if (!id.success || !page.success)
      return fail(c, 400, 'invalid_request', 'A centre id and, optionally, before and limit (1–200).');
    const [centre, timeline] = await Promise.all([
      connection.reads.centre(connection.id, id.data),
      connection.reads.timeline(connection.id, id.data, page.data),
    ]);
    return c.json({
      centre: centre ?? null,
      changes: timeline.entries,
      next: timeline.more ? (timeline.entries.at(-1)?.id ?? null) : null,
    });
  });

  return routes;
}
