// What one raise writes beside its alerts (raise.ts, docs/decisions/0026): the inbox rows, the
// outbox rows of the messages it owes and the audit rows, each a statement whose size is bounded
// by a batch, never by the number of centres or people (issue 46 item 1).
import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database } from '../../core/store/schema.ts';
import { rowOf } from '../audit/index.ts';
import type { Connection } from '../people/index.ts';
import type { RaisedAlert } from './raise.ts';
import { IMMEDIATE_RULES, type AlertRule } from './rules.ts';

export type Person = { id: string; email: string };
export type Inserted = { id: number; centre_id: number; rule: string };

/** Inbox rows for a batch of alerts: every person whose choice keeps the rule in the inbox. */
export async function fanOutInbox(tx: Transaction<Database>, alertIds: number[], people: Person[]) {
  if (people.length === 0 || alertIds.length === 0) return;
  await sql`insert into alert_inbox (alert_id, person_id)
    select a.id, p.id
    from alert a cross join unnest(${people.map((p) => p.id)}::text[]) as p(id)
    left join alert_preference ap on ap.person_id = p.id and ap.rule = a.rule
    where a.id = any(${alertIds}::bigint[]) and coalesce(ap.inbox, true)`.execute(tx);
}

/** The outbox rows of this run: per kind, an e-mail to each person who chose one of its rules, and one chat post. */
export function messagesOwed(
  connectionId: string,
  inserted: Inserted[],
  people: Person[],
  emailRules: (personId: string) => ReadonlySet<string>,
  hasWebhook: boolean,
) {
  const ids = inserted.map((row) => row.id);
  const range = { after_alert: Math.min(...ids) - 1, up_to_alert: Math.max(...ids) };
  const owed: Insertable<Database['alert_outbox']>[] = [];
  for (const kind of ['immediate', 'digest'] as const) {
    const rules = new Set<string>();
    for (const row of inserted)
      if (IMMEDIATE_RULES.has(row.rule as AlertRule) === (kind === 'immediate')) rules.add(row.rule);
    if (rules.size === 0) continue;
    // A person without an address has the inbox only (issue 26's edge).
    for (const person of people)
      if (person.email.includes('@') && [...rules].some((rule) => emailRules(person.id).has(rule)))
        owed.push({ connection_id: connectionId, kind, ...range, person_id: person.id, channel: 'email' });
    if (hasWebhook)
      owed.push({ connection_id: connectionId, kind, ...range, person_id: null, channel: 'webhook' });
  }
  return owed;
}

export function auditRow(connection: Connection, now: number, alert: RaisedAlert) {
  return rowOf({
    at: now,
    environment: connection.environment,
    actor: {
      kind: 'system',
      providerId: connection.providerId,
      clientId: connection.clientId,
      connectionId: connection.id,
    },
    ownerProviderId: connection.providerVerified ? connection.providerId : null,
    action: 'alert.raised',
    centreId: alert.centreId,
    subject: alert.rule,
    // No HTTP answer: 200 files it with the accepted entries, which it is (features/audit/store.ts isAccepted).
    outcome: { status: 200, code: null },
    requestId: null,
    clientAddress: null,
    userAgent: null,
    detail: {
      alertId: alert.id,
      rule: alert.rule,
      inbox: alert.inbox,
      emails: alert.emails,
      webhooks: alert.webhooks,
    },
  });
}
