// Raising the alerts of one refresh (issue 26 item 4, docs/decisions/0026): what the rules answer
// over the refresh's changes and the centres' states is inserted in ONE transaction with
// ON CONFLICT DO NOTHING on (connection, dedupe key), so that of two instances raising the same
// alert one row is written and only the instance that wrote it fans it out: into the inbox of each
// person with a role on the connection (every role reads alerts, docs/decisions/0023; ADMIN_EMAILS'
// admins included once they are people), an e-mail delivery where their choice asks for one, one
// post to the connection's chat webhook when it has one (docs/decisions/0027), and an
// `alert.raised` entry in the audit log.
import { sql, type Kysely } from 'kysely';
import { rowOf } from '../audit/repository.ts';
import type { Database } from '../../core/store/schema.ts';
import { connectionPeople } from '../people/connection-people.ts';
import type { Connection, Directory } from '../people/directory.ts';
import { centreStateSchema } from '../../../proxy-api/centre-state.ts';
import { alertsDue, defaultPreference, IMMEDIATE_RULES, type AlertRule, type CentreNow } from './rules.ts';

export interface RaisedAlert {
  id: number;
  centreId: number;
  rule: AlertRule;
  /** What it was fanned out to: inbox rows, e-mail deliveries and chat webhook posts written. */
  inbox: number;
  emails: number;
  webhooks: number;
}

export interface RaiseOptions {
  /** ADMIN_EMAILS: admins of every connection by configuration (docs/decisions/0023). */
  adminEmails?: ReadonlySet<string>;
}

/** The changes written since `since` (this refresh's start) and the centres the rules read. */
async function inputs(db: Kysely<Database>, connectionId: string, since: Date) {
  const changes = (
    await db
      .selectFrom('centre_change')
      .select(['id', 'centre_id', 'kind', 'before', 'after'])
      .where('connection_id', '=', connectionId)
      .where('at', '>=', since)
      .where('kind', 'in', ['suspension', 'contract', 'basic_limit'])
      .execute()
  ).map((row) => ({
    id: row.id,
    centreId: row.centre_id,
    kind: row.kind,
    before: row.before,
    after: row.after,
  }));
  const changed = [...new Set(changes.map((c) => c.centreId))];
  // Only centres a rule can speak of: those that changed, and those with a date that may come near.
  const rows = await db
    .selectFrom('centre_snapshot')
    .select(['centre_id', 'name', 'listed', 'state'])
    .where('connection_id', '=', connectionId)
    .where((eb) =>
      eb.or([
        sql<boolean>`jsonb_array_length(state->'trials') > 0`,
        sql<boolean>`state->'pending' <> 'null'::jsonb`,
        ...(changed.length > 0 ? [eb('centre_id', 'in', changed)] : []),
      ]),
    )
    .execute();
  const centres: CentreNow[] = rows.flatMap((row) => {
    const state = centreStateSchema.safeParse(row.state);
    return state.success
      ? [{ centreId: row.centre_id, name: row.name, listed: row.listed, state: state.data }]
      : [];
  });
  return { changes, centres };
}

export async function raiseAlerts(
  db: Kysely<Database>,
  directory: Directory,
  connection: Connection,
  since: Date,
  now: number,
  options: RaiseOptions = {},
): Promise<RaisedAlert[]> {
  const { changes, centres } = await inputs(db, connection.id, since);
  const drafts = alertsDue(changes, centres, now);
  if (drafts.length === 0) return [];
  const people = (await connectionPeople(directory, connection.id, options.adminEmails ?? new Set())).map(
    (entry) => entry.person,
  );
  const at = new Date(now);
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('alert')
      .values(
        drafts.map((d) => ({
          connection_id: connection.id,
          centre_id: d.centreId,
          rule: d.rule,
          dedupe_key: d.dedupeKey,
          change_id: d.changeId,
          raised_at: at,
          payload: JSON.stringify(d.payload),
        })),
      )
      .onConflict((conflict) => conflict.columns(['connection_id', 'dedupe_key']).doNothing())
      .returning(['id', 'centre_id', 'rule'])
      .execute();
    if (inserted.length === 0) return [];
    // Read in the transaction: a webhook cleared a moment ago gets no rows (one cleared after this
    // commit fails its delivery with `no_webhook`, features/alerts/delivery.ts).
    const hook = await tx
      .selectFrom('connection')
      .select('webhook_sealed')
      .where('id', '=', connection.id)
      .executeTakeFirst();
    const hasWebhook = Boolean(hook?.webhook_sealed);
    const chosen = people.length
      ? await tx
          .selectFrom('alert_preference')
          .selectAll()
          .where(
            'person_id',
            'in',
            people.map((p) => p.id),
          )
          .execute()
      : [];
    const choice = (personId: string, rule: AlertRule) =>
      chosen.find((c) => c.person_id === personId && c.rule === rule) ?? defaultPreference(rule);
    const raised: RaisedAlert[] = [];
    const inboxRows: { alert_id: number; person_id: string }[] = [];
    const deliveries: {
      alert_id: number;
      person_id: string | null;
      channel: string;
      kind: string;
      next_at: Date;
    }[] = [];
    for (const row of inserted) {
      const rule = row.rule as AlertRule;
      const alert: RaisedAlert = {
        id: row.id,
        centreId: row.centre_id,
        rule,
        inbox: 0,
        emails: 0,
        webhooks: 0,
      };
      const kind = IMMEDIATE_RULES.has(rule) ? 'immediate' : 'digest';
      for (const person of people) {
        const { inbox, email } = choice(person.id, rule);
        if (inbox) {
          inboxRows.push({ alert_id: row.id, person_id: person.id });
          alert.inbox += 1;
        }
        // A person without an address has the inbox only (issue 26's edge).
        if (email && person.email.includes('@')) {
          deliveries.push({
            alert_id: row.id,
            person_id: person.id,
            channel: 'email',
            kind,
            next_at: at,
          });
          alert.emails += 1;
        }
      }
      // The connection's chat: every rule, on the e-mail's schedule (suspension and cancellation at
      // once, the rest in the daily digest), one post per connection and batch (features/alerts/delivery.ts).
      if (hasWebhook) {
        deliveries.push({ alert_id: row.id, person_id: null, channel: 'webhook', kind, next_at: at });
        alert.webhooks += 1;
      }
      raised.push(alert);
    }
    if (inboxRows.length > 0) await tx.insertInto('alert_inbox').values(inboxRows).execute();
    if (deliveries.length > 0) await tx.insertInto('alert_delivery').values(deliveries).execute();
    await tx
      .insertInto('audit_entry')
      .values(
        raised.map((alert) =>
          rowOf({
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
          }),
        ),
      )
      .execute();
    return raised;
  });
}
