// An audit entry as the `audit_entry` table's row (docs/decisions/0018), apart from the repository so
// that what only maps an entry (an alert's audit row, docs/decisions/0026) needs no database code.
import { isAccepted, type NewAuditEntry } from './store.ts';

/** The row an entry is (exported: an alert is logged in the transaction that raises it, docs/decisions/0026). */
export function rowOf(entry: NewAuditEntry) {
  return {
    at: new Date(entry.at),
    environment: entry.environment,
    actor_kind: entry.actor.kind,
    actor_provider_id: entry.actor.providerId,
    actor_client_id: entry.actor.clientId,
    actor_subject: entry.actor.person?.subject ?? null,
    actor_name: entry.actor.person?.name ?? null,
    actor_email: entry.actor.person?.email ?? null,
    connection_id: entry.actor.connectionId ?? null,
    owner_provider_id: entry.ownerProviderId,
    action: entry.action,
    centre_id: entry.centreId,
    subject: entry.subject,
    status: entry.outcome.status,
    code: entry.outcome.code,
    accepted: isAccepted(entry.outcome.status),
    request_id: entry.requestId,
    client_address: entry.clientAddress,
    user_agent: entry.userAgent,
    detail: JSON.stringify(entry.detail),
  };
}
