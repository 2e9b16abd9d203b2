// /audit: the activity (audit) log of the signed-in provider (docs/decisions/0018), a page at a
// time (`/audit/entries`) or every entry of a filter as CSV (`/audit/entries.csv`, streamed: the
// file is written as the pages are read, so an export of any size holds one page in memory).
import { Hono } from 'hono';
import { ACTIVITY_PAGE_SIZE, activityQuerySchema, type ActivityPage } from '../../../proxy-api/activity.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { query } from '../../core/http/validation.ts';
import type { SessionStore } from '../../core/sessions/store.ts';
import type { Authorization } from '../people/index.ts';
import { noSuchEndpoint } from '../people/index.ts';
import { admitRead } from './gate.ts';
import { scopeOf } from './recorder.ts';
import { cursorText, parseCursor, type AuditStore } from './store.ts';
import { csvStream, filterOf, wireEntry } from './wire.ts';

export interface AuditRouteDeps {
  auth: Authorization;
  audit: AuditStore;
  /** Counts the pages a session reads per second (gate.ts). */
  store: SessionStore;
  auditPagesPerSecond: number;
  now: () => number;
}

const filters = query(
  activityQuerySchema,
  'The filters are: centreId (a whole number), action (names separated by commas), actor (a client id), person (a subject), outcome (accepted or refused), from and to (ISO date-times), cursor and limit (1 to 200).',
);

export function auditRoutes(deps: AuditRouteDeps) {
  const { auth, audit } = deps;
  return new Hono<ProxyEnv>()
    .get('/entries', auth.permit('listActivity'), filters, async (c) => {
      const { session } = c.var;
      const asked = c.req.valid('query');
      await admitRead(deps, session);
      const limit = Math.min(Number(asked.limit ?? ACTIVITY_PAGE_SIZE.default), ACTIVITY_PAGE_SIZE.max);
      const after = asked.cursor === undefined ? undefined : parseCursor(asked.cursor);
      const pageQuery = { scope: scopeOf(session), filter: filterOf(asked), limit, after };
      if (audit.pageJson) {
        // Built by the database in wireEntry's shape (the store suite holds the two equal).
        const { entriesJson, next } = await audit.pageJson(pageQuery);
        return c.body(
          `{"entries":${entriesJson},"next":${JSON.stringify(next ? cursorText(next) : null)}}`,
          200,
          {
            'content-type': 'application/json',
          },
        );
      }
      const page = await audit.page(pageQuery);
      const body: ActivityPage = {
        entries: page.entries.map(wireEntry),
        next: page.next ? cursorText(page.next) : null,
      };
      return c.json(body);
    })
    .get('/entries.csv', auth.permit('exportActivity'), filters, (c) => {
      // Passed on as it is made: never buffered to be compressed (the export is not under /api, so
      // no session slot waits on its end).
      c.set('streamed', Promise.resolve());
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      return c.body(csvStream(audit, c.var.session, filterOf(c.req.valid('query'))), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="activity-${day}.csv"`,
      });
    })
    .all('*', noSuchEndpoint);
}
