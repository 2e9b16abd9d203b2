// The audit log in PostgreSQL or PGlite through Kysely (docs/decisions/0018): the store of record.
// Every read is one indexed query: scoped to an environment and a credentials owner, filtered,
// newest first, keyset-paged on (at, id) so that page 20,000 costs what page 1 does.
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { rowOf } from './row.ts';
import {
  parseCursor,
  type AuditEntry,
  type AuditFilter,
  type AuditQuery,
  type AuditScope,
  type AuditStore,
} from './store.ts';
import type { AuditEntryTable, Database } from '../../core/store/schema.ts';

/** Rows per purge statement: a purge never holds a long lock, nor the embedded engine for long. */
const purgeBatch = 5_000;

/** `onWritten` is told how many entries each append wrote (the metrics, features/operations). */
export function createSqlAuditStore(
  db: Kysely<Database>,
  ping: () => Promise<void>,
  onWritten?: (count: number) => void,
): AuditStore {
  return {
    async append(entries) {
      if (entries.length === 0) return;
      await db.insertInto('audit_entry').values(entries.map(rowOf)).execute();
      onWritten?.(entries.length);
    },

    async page({ scope, filter, limit, after }) {
      const rows = await pageQuery(db, { scope, filter, limit, after }).selectAll().execute();
      const entries = rows.slice(0, limit).map(entryOf);
      const last = entries.at(-1);
      return { entries, next: rows.length > limit && last ? { at: last.at, id: last.id } : undefined };
    },

    async pageJson({ scope, filter, limit, after }) {
      // The page as the console's JSON, built by the database (wireEntry's shape, row by row): the
      // proxy passes one string on instead of parsing 200 rows into objects and serializing them
      // again, the part of a page that ran on its own thread (measured in docs/decisions/0018).
      const found = pageQuery(db, { scope, filter, limit, after })
        .select([
          'at',
          'id',
          sql<string>`json_build_object(
            'id', id::text,
            'at', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'environment', environment,
            'actor', ${wireActor},
            'ownerProviderId', owner_provider_id,
            'action', action,
            'centreId', centre_id,
            'subject', subject,
            'outcome', json_build_object('accepted', accepted, 'status', status, 'code', code),
            'requestId', request_id,
            'clientAddress', client_address,
            'userAgent', user_agent,
            'detail', detail)`.as('wire'),
          sql<number>`row_number() over (order by at desc, id desc)`.as('n'),
        ])
        .as('found');
      const result = await db
        .selectFrom(found)
        .select([
          sql<string>`coalesce(json_agg(wire order by n) filter (where n <= ${limit}), '[]')::text`.as(
            'entries',
          ),
          sql<
            string | null
          >`max(case when n = ${limit} then floor(extract(epoch from at) * 1000)::text || '.' || id::text end)`.as(
            'last',
          ),
          sql<number>`count(*)::int`.as('count'),
        ])
        .executeTakeFirstOrThrow();
      const next = result.count > limit && result.last ? parseCursor(result.last) : undefined;
      return { entriesJson: result.entries, next };
    },

    async purge(before) {
      let removed = 0;
      for (;;) {
        // oxlint-disable-next-line no-await-in-loop -- one bounded batch after the other
        const count = await db.transaction().execute(async (tx) => {
          // The append-only trigger lets this transaction delete rows older than the cutoff only.
          await sql`select set_config('audit.purge_before', ${new Date(before).toISOString()}, true)`.execute(
            tx,
          );
          const result = await tx
            .deleteFrom('audit_entry')
            .where(
              'id',
              'in',
              tx
                .selectFrom('audit_entry')
                .select('id')
                .where('at', '<', new Date(before))
                .orderBy('at')
                .limit(purgeBatch),
            )
            .executeTakeFirst();
          return Number(result.numDeletedRows);
        });
        removed += count;
        if (count < purgeBatch) return removed;
      }
    },

    ping,
    close: () => db.destroy(),
  };
}

/** A page's rows: `limit + 1`, so that one more tells there is a next page. */
function pageQuery(db: Kysely<Database>, { scope, filter, limit, after }: AuditQuery) {
  return db
    .selectFrom('audit_entry')
    .where((eb) => eb.and(conditions(eb, scope, filter)))
    .$if(after !== undefined, (query) =>
      query.where(
        sql<boolean>`(${sql.ref('at')}, ${sql.ref('id')}) < (${new Date(after?.at ?? 0)}, ${after?.id ?? 0})`,
      ),
    )
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
}

/** entryOf's actor, as JSON: person and connection only when set, kind one of three. */
const wireActor = sql`(case when actor_kind in ('person', 'system') then json_build_object('kind', actor_kind)
  else json_build_object('kind', 'client') end)::jsonb
  || jsonb_build_object('providerId', actor_provider_id, 'clientId', actor_client_id)
  || (case when actor_subject is null then '{}'::jsonb else jsonb_build_object('person',
    jsonb_build_object('subject', actor_subject, 'name', actor_name, 'email', actor_email)) end)
  || (case when connection_id is null then '{}'::jsonb else jsonb_build_object('connectionId', connection_id) end)`;

/** The scope, then each filter that is set: every one an indexed column (migrations/0001, 0002). */
function conditions(eb: ExpressionBuilder<Database, 'audit_entry'>, scope: AuditScope, filter: AuditFilter) {
  const list = [eb('environment', '=', scope.environment)];
  if ('ownerProviderId' in scope) list.push(eb('owner_provider_id', '=', scope.ownerProviderId));
  else list.push(eb('owner_provider_id', 'is', null), eb('actor_client_id', '=', scope.unverifiedClientId));
  if (filter.centreId !== undefined) list.push(eb('centre_id', '=', filter.centreId));
  // One action is an equality, so that its index gives the rows in order (an IN list of several is
  // left to the planner); no action at all matches nothing (SQL has no empty IN).
  if (filter.actions?.length === 1) list.push(eb('action', '=', filter.actions[0] ?? ''));
  else if (filter.actions !== undefined)
    list.push(eb('action', 'in', filter.actions.length ? [...filter.actions] : ['']));
  if (filter.actor !== undefined) list.push(eb('actor_client_id', '=', filter.actor));
  if (filter.person !== undefined) list.push(eb('actor_subject', '=', filter.person));
  if (filter.outcome !== undefined) list.push(eb('accepted', '=', filter.outcome === 'accepted'));
  if (filter.from !== undefined) list.push(eb('at', '>=', new Date(filter.from)));
  if (filter.to !== undefined) list.push(eb('at', '<', new Date(filter.to)));
  if (filter.subjects !== undefined)
    list.push(eb('subject', 'in', filter.subjects.length ? [...filter.subjects] : ['']));
  return list;
}

function entryOf(row: Selectable<AuditEntryTable>): AuditEntry {
  const kind = row.actor_kind === 'person' || row.actor_kind === 'system' ? row.actor_kind : 'client';
  return {
    id: row.id,
    at: row.at.getTime(),
    environment: row.environment,
    actor: {
      kind,
      providerId: row.actor_provider_id,
      clientId: row.actor_client_id,
      ...(row.actor_subject === null
        ? {}
        : { person: { subject: row.actor_subject, name: row.actor_name, email: row.actor_email } }),
      ...(row.connection_id === null ? {} : { connectionId: row.connection_id }),
    },
    ownerProviderId: row.owner_provider_id,
    action: row.action,
    centreId: row.centre_id,
    subject: row.subject,
    outcome: { status: row.status, code: row.code },
    accepted: row.accepted,
    requestId: row.request_id,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    detail: row.detail,
  };
}
