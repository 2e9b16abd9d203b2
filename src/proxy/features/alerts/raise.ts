// Raising the alerts of a connection's new changes (issue 26 item 4, issue 46 item 1;
// docs/decisions/0026). One transaction per run:
// - locks the connection's `alert_cursor` row and reads the changes after it, so a run that failed
//   leaves its changes to the next one (the cursor moves only on commit) and two runs of one
//   connection take turns;
// - inserts what the rules answer with ON CONFLICT DO NOTHING on (connection, dedupe key), so an
//   alert is raised once, and fans out only what it inserted: inbox rows per person and choice, one
//   `alert.raised` audit entry per alert, and one outbox row per message owed (an e-mail per
//   person, a chat post per connection, per kind) that the dispatcher makes a job (queue.ts).
// No statement's size depends on the number of centres or people: rows go in batches of `batch`,
// the inbox is one INSERT … SELECT per batch over array parameters. PostgreSQL takes at most
// 65,535 bind parameters a statement; a storm of 2,600 centres passed it in one INSERT before.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Logger } from '../../core/http/context.ts';
import type { Database } from '../../core/store/schema.ts';
import { connectionPeople } from '../people/index.ts';
import type { Connection, Directory } from '../people/index.ts';
import { centreStateSchema } from '../../../proxy-api/centre-state.ts';
import { auditRow, fanOutInbox, messagesOwed, type Inserted, type Person } from './fan-out.ts';
import { ALERT_RULES, alertsDue, defaultPreference, type AlertRule, type CentreNow } from './rules.ts';
import { boundedText } from '../../../proxy-api/bounded-text.ts';

export interface RaisedAlert {
  id: number;
  centreId: number;
  rule: AlertRule;
  /** What it was fanned out to: inbox rows, people it is e-mailed to, chat webhook posts. */
  inbox: number;
  emails: number;
  webhooks: number;
}

export interface RaiseOptions {
  /** ADMIN_EMAILS: admins of every connection by configuration (docs/decisions/0023). */
  adminEmails?: ReadonlySet<string>;
  /** Where a failed raise logs the database's SQLSTATE and message (the watcher logs the rest). */
  log?: Logger;
  /** Rows per statement (tests make it small to cross batches). */
  batch?: number;
  /**
   * The instant the date rules count days from, when it is not `now`: the demo's test clock (D10),
   * so that a moved clock brings a TRIAL's end or a downgrade near as the console says it is.
   */
  rulesAt?: number;
}

/** Rows per INSERT: 250 audit rows are 5,000 parameters (PostgreSQL takes 65,535) and ~100 kB on the wire. */
const defaultBatch = 250;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, n) => items.slice(n * size, (n + 1) * size));

/** A raise that failed in the database: its SQLSTATE as the code the watcher's log line carries. */
export class AlertRaiseError extends Error {
  override name = 'AlertRaiseError';
  readonly code: string;
  constructor(cause: unknown) {
    const state = (cause as { code?: unknown } | null)?.code;
    super('alerts not raised', { cause });
    this.code = typeof state === 'string' && /^[0-9A-Z]{5}$/.test(state) ? `sqlstate_${state}` : 'unknown';
  }
}

/** Locks the connection's cursor (created at 0 for a new connection) and answers the last change raised. */
async function lockCursor(tx: Transaction<Database>, connectionId: string): Promise<number> {
  await tx
    .insertInto('alert_cursor')
    .values({ connection_id: connectionId })
    .onConflict((c) => c.column('connection_id').doNothing())
    .execute();
  const row = await tx
    .selectFrom('alert_cursor')
    .select('raised_change')
    .where('connection_id', '=', connectionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.raised_change;
}

/** The changes after the cursor and the centres the rules read. */
async function inputs(tx: Transaction<Database>, connectionId: string, after: number) {
  const changes = (
    await tx
      .selectFrom('centre_change')
      .select(['id', 'centre_id', 'kind', 'before', 'after'])
      .where('connection_id', '=', connectionId)
      .where('id', '>', after)
      .where('kind', 'in', ['suspension', 'contract', 'basic_limit'])
      .orderBy('id')
      .execute()
  ).map((row) => ({
    id: row.id,
    centreId: row.centre_id,
    kind: row.kind,
    before: row.before,
    after: row.after,
  }));
  // Only centres a rule can speak of: those that changed, and those with a date that may come near.
  const changed = changes.length > 0;
  const rows = await tx
    .selectFrom('centre_snapshot')
    .select(['centre_id', 'name', 'listed', 'state'])
    .where('connection_id', '=', connectionId)
    .where((eb) =>
      eb.or([
        sql<boolean>`jsonb_array_length(state->'trials') > 0`,
        sql<boolean>`state->'pending' <> 'null'::jsonb`,
        ...(changed
          ? [
              eb.exists(
                eb
                  .selectFrom('centre_change as ch')
                  .select(sql.lit(1).as('one'))
                  .whereRef('ch.connection_id', '=', 'centre_snapshot.connection_id')
                  .whereRef('ch.centre_id', '=', 'centre_snapshot.centre_id')
                  .where('ch.id', '>', after),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  const centres: CentreNow[] = rows.flatMap((row) => {
    const state = centreStateSchema.safeParse(row.state);
    return state.success
      ? // Snapshots written before names were cut at the watcher's read keep theirs (issue 46 L2).
        [{ centreId: row.centre_id, name: boundedText(row.name), listed: row.listed, state: state.data }]
      : [];
  });
  return { changes, centres, last: changes.at(-1)?.id ?? after };
}

/** The run in its transaction; answers the alerts it inserted. */
async function raiseIn(
  tx: Transaction<Database>,
  connection: Connection,
  people: Person[],
  now: number,
  size: number,
  rulesAt = now,
): Promise<RaisedAlert[]> {
  const after = await lockCursor(tx, connection.id);
  const { changes, centres, last } = await inputs(tx, connection.id, after);
  const drafts = alertsDue(changes, centres, rulesAt);
  const at = new Date(now);
  const inserted: Inserted[] = [];
  for (const part of chunks(drafts, size)) {
    // oxlint-disable-next-line no-await-in-loop -- batches in order, in one transaction
    const rows = await tx
      .insertInto('alert')
      .values(
        part.map((d) => ({
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
    // oxlint-disable-next-line no-await-in-loop -- as above
    await fanOutInbox(
      tx,
      rows.map((row) => row.id),
      people,
    );
    inserted.push(...rows);
  }
  if (last > after)
    await tx
      .updateTable('alert_cursor')
      .set({ raised_change: last })
      .where('connection_id', '=', connection.id)
      .execute();
  if (inserted.length === 0) return [];
  // Read in the transaction: a webhook cleared a moment ago gets no post.
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
  const emailRules = (personId: string) =>
    new Set(ALERT_RULES.filter((rule) => choice(personId, rule).email));
  const raised = inserted.map((row): RaisedAlert => {
    const rule = row.rule as AlertRule;
    const mailed = people.filter((p) => p.email.includes('@') && choice(p.id, rule).email);
    return {
      id: row.id,
      centreId: row.centre_id,
      rule,
      inbox: people.filter((p) => choice(p.id, rule).inbox).length,
      emails: mailed.length,
      webhooks: hasWebhook ? 1 : 0,
    };
  });
  const owed = messagesOwed(connection.id, inserted, people, emailRules, hasWebhook);
  for (const part of chunks(owed, size)) await tx.insertInto('alert_outbox').values(part).execute(); // oxlint-disable-line no-await-in-loop
  for (const part of chunks(raised, size))
    // oxlint-disable-next-line no-await-in-loop -- batches in order, in one transaction
    await tx
      .insertInto('audit_entry')
      .values(part.map((alert) => auditRow(connection, now, alert)))
      .execute();
  return raised;
}

/**
 * Raises the alerts of the connection's changes not raised yet and of the dates now near.
 * `_since` is no longer read (the cursor is): kept while features/watch/watcher.ts passes it.
 */
export async function raiseAlerts(
  db: Kysely<Database>,
  directory: Directory,
  connection: Connection,
  _since: Date,
  now: number,
  options: RaiseOptions = {},
): Promise<RaisedAlert[]> {
  const people = (await connectionPeople(directory, connection.id, options.adminEmails ?? new Set())).map(
    (entry) => entry.person,
  );
  try {
    return await db
      .transaction()
      .execute((tx) => raiseIn(tx, connection, people, now, options.batch ?? defaultBatch, options.rulesAt));
  } catch (error) {
    const failed = new AlertRaiseError(error);
    // PostgreSQL's primary message names what failed, not the values (those are in its `detail`,
    // never logged, docs/decisions/0020).
    const message = error instanceof Error ? error.message.slice(0, 200) : undefined;
    options.log?.warn(
      { event: 'alerts_raise_failed', connectionId: connection.id, code: failed.code, message },
      'alerts not raised; the next run raises them',
    );
    throw failed;
  }
}
