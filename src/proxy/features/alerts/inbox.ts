// A person's alerts (docs/decisions/0026): their inbox on the connection they work through, read
// and unread, their choices per rule, and for admins the deliveries that failed. Every query is
// scoped by person AND connection: another person's alerts are never read here.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/store/schema.ts';
import type { AlertLanguage } from './channels.ts';
import { failedDeliveries, retryDelivery } from './delivery.ts';
import { payloadOf, type AlertPayload } from './payload.ts';
import { ALERT_RULES, defaultPreference, type AlertRule } from './rules.ts';

export interface InboxItem {
  id: number;
  rule: AlertRule;
  centreId: number;
  raisedAt: number;
  readAt: number | null;
  payload: AlertPayload;
}
export interface Preference {
  rule: AlertRule;
  inbox: boolean;
  email: boolean;
}
/** Keyset cursor: unread first, then newest first (read flag, raised_at, id). */
export interface InboxCursor {
  read: boolean;
  at: number;
  id: number;
}

const isRule = (rule: string): rule is AlertRule => (ALERT_RULES as readonly string[]).includes(rule);

const mine = (db: Kysely<Database>, personId: string, connectionId: string) =>
  db
    .selectFrom('alert_inbox as i')
    .innerJoin('alert as a', 'a.id', 'i.alert_id')
    .where('i.person_id', '=', personId)
    .where('a.connection_id', '=', connectionId);

export async function listInbox(
  db: Kysely<Database>,
  personId: string,
  connectionId: string,
  limit: number,
  after?: InboxCursor,
) {
  // Unread first: `read` sorts false before true; within each, newest first.
  const read = sql<boolean>`(i.read_at is not null)`;
  const rows = await mine(db, personId, connectionId)
    .select(['a.id', 'a.rule', 'a.centre_id', 'a.raised_at', 'a.payload', 'i.read_at'])
    .$if(after !== undefined, (q) => {
      const was = after?.read ?? false;
      const position = sql`(${new Date(after?.at ?? 0)}::timestamptz, ${after?.id ?? 0}::bigint)`;
      return q.where(
        sql<boolean>`(${read} > ${was} or (${read} = ${was} and (a.raised_at, a.id) < ${position}))`,
      );
    })
    .orderBy(read)
    .orderBy('a.raised_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute();
  const items: InboxItem[] = rows.slice(0, limit).flatMap((row) =>
    isRule(row.rule)
      ? [
          {
            id: row.id,
            rule: row.rule,
            centreId: row.centre_id,
            raisedAt: row.raised_at.getTime(),
            readAt: row.read_at?.getTime() ?? null,
            payload: payloadOf(row.payload),
          },
        ]
      : [],
  );
  const last = items.at(-1);
  const next: InboxCursor | undefined =
    rows.length > limit && last ? { read: last.readAt !== null, at: last.raisedAt, id: last.id } : undefined;
  return { items, next };
}

export async function unreadCount(
  db: Kysely<Database>,
  personId: string,
  connectionId: string,
): Promise<number> {
  const row = await mine(db, personId, connectionId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('i.read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the person's alerts read (the ids given, or every one on the connection); answers how many changed. */
export async function markRead(
  db: Kysely<Database>,
  personId: string,
  connectionId: string,
  ids: readonly number[] | 'all',
  at: number,
) {
  if (ids !== 'all' && ids.length === 0) return 0;
  const result = await db
    .updateTable('alert_inbox')
    .set({ read_at: new Date(at) })
    .where('person_id', '=', personId)
    .where('read_at', 'is', null)
    .where('alert_id', 'in', (eb) => {
      const onConnection = eb.selectFrom('alert').select('id').where('connection_id', '=', connectionId);
      return ids === 'all' ? onConnection : onConnection.where('id', 'in', [...ids]);
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function readPreferences(
  db: Kysely<Database>,
  personId: string,
): Promise<{ rules: Preference[]; language: AlertLanguage }> {
  const [rows, person] = await Promise.all([
    db.selectFrom('alert_preference').selectAll().where('person_id', '=', personId).execute(),
    db.selectFrom('person').select('alert_language').where('id', '=', personId).executeTakeFirst(),
  ]);
  const rules = ALERT_RULES.map((rule) => {
    const chosen = rows.find((row) => row.rule === rule);
    const { inbox, email } = chosen ?? defaultPreference(rule);
    return { rule, inbox, email };
  });
  const language = person?.alert_language;
  return { rules, language: language === 'es' || language === 'ca' ? language : 'en' };
}

export async function writePreferences(
  db: Kysely<Database>,
  personId: string,
  rules: readonly Preference[],
  language: AlertLanguage,
) {
  await db.transaction().execute(async (tx) => {
    if (rules.length > 0)
      await tx
        .insertInto('alert_preference')
        .values(rules.map((r) => ({ person_id: personId, rule: r.rule, inbox: r.inbox, email: r.email })))
        .onConflict((c) =>
          c.columns(['person_id', 'rule']).doUpdateSet((eb) => ({
            inbox: eb.ref('excluded.inbox'),
            email: eb.ref('excluded.email'),
          })),
        )
        .execute();
    await tx.updateTable('person').set({ alert_language: language }).where('id', '=', personId).execute();
  });
}

/** The inbox over one database, as the routes read it (each method one of the functions above). */
export function createAlertInbox(db: Kysely<Database>) {
  return {
    list: (personId: string, connectionId: string, limit: number, after?: InboxCursor) =>
      listInbox(db, personId, connectionId, limit, after),
    unread: (personId: string, connectionId: string) => unreadCount(db, personId, connectionId),
    markRead: (personId: string, connectionId: string, ids: readonly number[] | 'all', at: number) =>
      markRead(db, personId, connectionId, ids, at),
    preferences: (personId: string) => readPreferences(db, personId),
    setPreferences: (personId: string, rules: readonly Preference[], language: AlertLanguage) =>
      writePreferences(db, personId, rules, language),
    failedDeliveries: (connectionId: string) => failedDeliveries(db, connectionId),
    retryDelivery: (connectionId: string, id: number, at: number) => retryDelivery(db, connectionId, id, at),
    setTimeZone: async (personId: string, timeZone: string) => {
      await db.updateTable('person').set({ time_zone: timeZone }).where('id', '=', personId).execute();
    },
  };
}

export type AlertInbox = ReturnType<typeof createAlertInbox>;
