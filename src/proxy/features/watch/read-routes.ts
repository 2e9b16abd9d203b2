// What the watcher keeps, read by the console (issue 26 items 2–3, docs/decisions/0025 "The
// overview's read"): `GET /watch/centres`, the session's connection's every centre in one answer
// (the overview, exact from its first paint), and `GET /watch/centres/:id`, one centre's
// "suspended since" and its timeline, a page at a time. Only the connection the session works
// through is read: another parent's snapshots are never served. A client-credential session has no
// stored connection (409 `no_connection`, as POST /watch/refresh): the console loads progressively.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { params, query } from '../../core/http/validation.ts';
import type { Authorization } from '../people/index.ts';
import { chooseEncoding } from '../../core/http/encoding.ts';
import type { CentresAnswers } from './centres-answer.ts';
import type { WatchReads } from './reads.ts';
import type { CentreConnections } from '../../../proxy-api/centre-connections.ts';
import { storedConnection } from './stored-connection.ts';

const TIMELINE_PAGE = 50;
const timelineQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(TIMELINE_PAGE),
});
const centreParams = z.object({ id: z.coerce.number().int().positive() });
const timelineWords = 'A centre id and, optionally, before and limit (1–200).';

export interface WatchReadRouteDeps {
  auth: Authorization;
  /** What the watchers stored; absent without a database. */
  reads: WatchReads | undefined;
  /** The kept answers (centres-answer.ts), shared with the overview's page (first-screen.ts). */
  answers: CentresAnswers | undefined;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** What the watchers stored and the kept answers (after `kept`). */
    snapshots: { reads: WatchReads; answers: CentresAnswers };
  }
}

export function watchReadRoutes({ auth, reads, answers }: WatchReadRouteDeps) {
  const snapshots = reads && answers ? { reads, answers } : undefined;
  const kept = createMiddleware<ProxyEnv>(async (c, next) => {
    if (!snapshots) refuse(503, 'watch_off', 'This proxy keeps no snapshots (it has no database).');
    c.set('snapshots', snapshots);
    await next();
  });
  return new Hono<ProxyEnv>()
    .get(
      '/centres/:id/connections',
      auth.permit('findCentreConnections'),
      storedConnection,
      kept,
      params(centreParams, 'A centre id.'),
      async (c) => {
        const { access } = c.var;
        // Only the person's own other connections are looked in: never one they have no role on.
        const others =
          access.kind === 'person'
            ? access.grants.filter((g) => g.connection.id !== c.var.watchedConnection)
            : [];
        const ids = new Set(
          await c.var.snapshots.reads.listedIn(
            others.map((g) => g.connection.id),
            c.req.valid('param').id,
          ),
        );
        const connections = others
          .filter((g) => ids.has(g.connection.id) && g.connection.refusedAt === null)
          .map((g) => ({ id: g.connection.id, label: g.connection.label }));
        const body: CentreConnections = { connections };
        return c.json(body);
      },
    )
    .get('/centres', auth.permit('listWatchedCentres'), storedConnection, kept, async (c) => {
      // Kept between refreshes (centres-answer.ts), with its gzip: written as it is.
      const answer = await c.var.snapshots.answers.answer(c.var.watchedConnection);
      const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
      if (chooseEncoding(c.req.header('accept-encoding'), ['gzip']) === 'gzip')
        return c.body(await answer.gzipped(), 200, { ...headers, 'content-encoding': 'gzip' });
      return c.body(answer.json, 200, headers);
    })
    .get(
      '/centres/:id',
      auth.permit('getCentreTimeline'),
      storedConnection,
      kept,
      params(centreParams, timelineWords),
      query(timelineQuery, timelineWords),
      async (c) => {
        const connection = c.var.watchedConnection;
        const { id } = c.req.valid('param');
        const [centre, timeline] = await Promise.all([
          c.var.snapshots.reads.centre(connection, id),
          c.var.snapshots.reads.timeline(connection, id, c.req.valid('query')),
        ]);
        return c.json({
          centre: centre ?? null,
          changes: timeline.entries,
          next: timeline.more ? (timeline.entries.at(-1)?.id ?? null) : null,
        });
      },
    );
}
