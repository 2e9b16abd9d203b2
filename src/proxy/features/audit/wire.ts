// The audit log as the console reads it (docs/decisions/0018): an entry on the wire, a query's
// filter, and the CSV export written as the pages are read (an export of any size holds one page in
// memory).
import Papa from 'papaparse';
import type { ActivityEntry, ActivityQuery } from '../../../proxy-api/activity.ts';
import type { Session } from '../../core/sessions/sessions.ts';
import { scopeOf } from './recorder.ts';
import { everyEntry, type AuditEntry, type AuditFilter, type AuditStore } from './store.ts';

/** What a query of the activity log asks for, as the store reads it. */
export const filterOf = (query: ActivityQuery): AuditFilter => ({
  centreId: query.centreId === undefined ? undefined : Number(query.centreId),
  actions: query.action?.split(','),
  actor: query.actor,
  person: query.person,
  outcome: query.outcome,
  from: query.from === undefined ? undefined : Date.parse(query.from),
  to: query.to === undefined ? undefined : Date.parse(query.to),
});

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
export function csvStream(
  audit: AuditStore,
  session: Session,
  filter: AuditFilter,
): ReadableStream<Uint8Array> {
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
