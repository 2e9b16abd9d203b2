// /audit: the activity (audit) log of the signed-in provider (docs/decisions/0018), a page at a
// time (`/audit/entries`) or every entry of a filter as CSV (`/audit/entries.csv`, streamed: the
// file is written as the pages are read, so an export of any size holds one page in memory).
import { Hono } from 'hono';
import Papa from 'papaparse';
import {
  ACTIVITY_PAGE_SIZE,
  activityQuerySchema,
  type ActivityEntry,
  type ActivityPage,
} from '../../../proxy-api/activity.ts';
import { admitRead } from './gate.ts';
import { scopeOf } from './recorder.ts';
import {
  cursorText,
  everyEntry,
  parseCursor,
  type AuditEntry,
  type AuditFilter,
  type AuditStore,
} from './store.ts';
import { fail, type Ctx, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import type { Session } from '../../core/sessions/sessions.ts';
import { authorize } from '../people/authorize-legacy.ts';

export function wireEntry(entry: AuditEntry): ActivityEntry {
  return {
    id: String(entry.id),
    at: new Date(entry.at).toISOString(),
    environment: entry.environment,
    actor: entry.actor,
    ownerProviderId: entry.ownerProviderId,
    action: entry.action,
    centreId: entry.centreId,
    subject: entry.subject,
    outcome: { accepted: entry.accepted, ...entry.outcome },
    requestId: entry.requestId,
    clientAddress: entry.clientAddress,
    userAgent: entry.userAgent,
    detail: entry.detail,
  };
}

const csvColumns = [
  'id',
  'at',
  'environment',
  'actor_kind',
  'actor_provider_id',
  'actor_client_id',
  'actor_name',
  'actor_email',
  'owner_provider_id',
  'action',
  'centre_id',
  'subject',
  'accepted',
  'status',
  'code',
  'request_id',
  'client_address',
  'user_agent',
  'detail',
];

const csvRow = (entry: AuditEntry) => [
  entry.id,
  new Date(entry.at).toISOString(),
  entry.environment,
  entry.actor.kind,
  entry.actor.providerId,
  entry.actor.clientId,
  entry.actor.person?.name ?? null,
  entry.actor.person?.email ?? null,
  entry.ownerProviderId,
  entry.action,
  entry.centreId,
  entry.subject,
  entry.accepted,
  entry.outcome.status,
  entry.outcome.code,
  entry.requestId,
  entry.clientAddress,
  entry.userAgent,
  JSON.stringify(entry.detail),
];

/** The CSV export as a stream of pages: papaparse writes each page's rows; formulae are escaped. */
function csvStream(audit: AuditStore, session: Session, filter: AuditFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = everyEntry(audit, scopeOf(session), filter, 1_000);
  let header = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pages.next();
      const rows = next.done ? [] : next.value.map(csvRow);
      if (rows.length > 0 || header) {
        const text = Papa.unparse(header ? { fields: csvColumns, data: rows } : rows, {
          escapeFormulae: true,
          newline: '\r\n',
        });
        controller.enqueue(encoder.encode(`${text}\r\n`));
        header = false;
      }
      if (next.done) controller.close();
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

export function auditRoutes(deps: AppDeps) {
  const routes = new Hono<ProxyEnv>();

  const read = async (c: Ctx, operation: 'listActivity' | 'exportActivity') => {
    const authorized = await authorize(deps, c, operation);
    if (authorized instanceof Response) return authorized;
    const parsed = activityQuerySchema.safeParse(c.req.query());
    if (!parsed.success)
      return fail(
        c,
        400,
        'invalid_request',
        'The filters are: centreId (a whole number), action (names separated by commas), actor (a client id), person (a subject), outcome (accepted or refused), from and to (ISO date-times), cursor and limit (1 to 200).',
      );
    const query = parsed.data;
    const filter: AuditFilter = {
      centreId: query.centreId === undefined ? undefined : Number(query.centreId),
      actions: query.action?.split(','),
      actor: query.actor,
      person: query.person,
      outcome: query.outcome,
      from: query.from === undefined ? undefined : Date.parse(query.from),
      to: query.to === undefined ? undefined : Date.parse(query.to),
    };
    return { session: authorized.session, query, filter };
  };

  routes.get('/entries', async (c) => {
    const request = await read(c, 'listActivity');
    if (request instanceof Response) return request;
    const { session, query, filter } = request;
    const refused = await admitRead(deps, c, session);
    if (refused) return refused;
    const limit = Math.min(Number(query.limit ?? ACTIVITY_PAGE_SIZE.default), ACTIVITY_PAGE_SIZE.max);
    const after = query.cursor === undefined ? undefined : parseCursor(query.cursor);
    const pageQuery = { scope: scopeOf(session), filter, limit, after };
    if (deps.audit.pageJson) {
      // Built by the database in wireEntry's shape (the store suite holds the two equal).
      const { entriesJson, next } = await deps.audit.pageJson(pageQuery);
      return c.body(
        `{"entries":${entriesJson},"next":${JSON.stringify(next ? cursorText(next) : null)}}`,
        200,
        {
          'content-type': 'application/json',
        },
      );
    }
    const page = await deps.audit.page(pageQuery);
    const body: ActivityPage = {
      entries: page.entries.map(wireEntry),
      next: page.next ? cursorText(page.next) : null,
    };
    return c.json(body);
  });

  routes.get('/entries.csv', async (c) => {
    const request = await read(c, 'exportActivity');
    if (request instanceof Response) return request;
    // Passed on as it is made: never buffered to be compressed (the export is not under /api, so no
    // session slot waits on its end).
    c.set('streamed', Promise.resolve());
    const day = new Date(deps.now()).toISOString().slice(0, 10);
    return new Response(csvStream(deps.audit, request.session, request.filter), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="activity-${day}.csv"`,
      },
    });
  });

  routes.all('*', (c) => fail(c, 404, 'not_found', 'There is no such endpoint.'));
  return routes;
}
