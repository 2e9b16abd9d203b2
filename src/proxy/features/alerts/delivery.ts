// Sending what the alerts asked for (issue 26 item 4, docs/decisions/0026): `alert_delivery` rows
// are durable jobs. A sender claims due rows with one UPDATE … WHERE status = 'pending' … RETURNING
// (FOR UPDATE SKIP LOCKED: of two instances each row goes to one), groups them into messages and
// calls the Channels the app passed in:
// - e-mail, per person: one message per immediate alert, the day's others in one digest;
// - chat webhook, per connection: every row of the run in ONE post, so that a storm of alerts is
//   one message in the channel, not thousands (docs/decisions/0027). The URL is opened here, at
//   send time, and only here.
// A failure is retried with backoff, unless the channel says it never will go through (a 4xx, a
// cleared webhook); after the last attempt the row stays 'failed' for admins to see
// (features/alerts/routes.ts). A row claimed by a process that died is claimed again once its claim is older
// than `staleMs`.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/store/schema.ts';
import { failureCode, type AlertLanguage, type AlertView, type Channels } from './channels.ts';
import { centreNameOf, detailsOf } from './payload.ts';
import type { AlertRule } from './rules.ts';

export type DeliveryKind = 'immediate' | 'digest';

export interface DeliveryOptions {
  db: Kysely<Database>;
  channels: Channels;
  now: () => number;
  /** Opens a connection's chat webhook URL (features/connections/webhook-repository.ts); undefined when none is set. */
  webhookUrl?: (connectionId: string) => Promise<string | undefined>;
  /** Attempts before a delivery is given up as failed (default 5). */
  maxAttempts?: number;
  /** The wait before attempt n+1 is `baseDelayMs * 4^(n-1)` (default one minute: 1, 4, 16, 64 min). */
  baseDelayMs?: number;
  /** Rows per run (default 200). */
  limit?: number;
}

const staleMs = 10 * 60_000;
const languages: readonly AlertLanguage[] = ['en', 'es', 'ca'];
const languageOf = (value: string | null): AlertLanguage =>
  languages.find((language) => language === value) ?? 'en';

export const retryDelayMs = (attempts: number, base: number) => base * 4 ** Math.max(0, attempts - 1);

/** A failure of ours rather than the channel's, with its code; `final` ones are not retried. */
const failure = (code: string, final: boolean) => Object.assign(new Error(code), { code, retryable: !final });
/** A channel's error that says the same message will never go through (features/mail/mailer.ts, features/mail/webhook.ts). */
const isFinal = (error: unknown) =>
  typeof error === 'object' && error !== null && 'retryable' in error && error.retryable === false;

/** Claims the due deliveries of one kind, every channel; each row is answered to one caller only. */
async function claim(options: DeliveryOptions, kind: DeliveryKind) {
  const { db } = options;
  const now = new Date(options.now());
  const stale = new Date(options.now() - staleMs);
  const due = db
    .selectFrom('alert_delivery')
    .select('id')
    .where('kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', stale)]),
      ]),
    )
    .orderBy('next_at')
    .limit(options.limit ?? 200)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('alert_delivery')
    .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .returning(['id', 'alert_id', 'person_id', 'channel', 'attempts'])
    .execute();
}
type Claimed = Awaited<ReturnType<typeof claim>>[number];

/** Records one message's outcome on its rows: sent, or back to pending after its backoff, or failed. */
async function record(options: DeliveryOptions, rows: Claimed[], error: unknown) {
  const at = options.now();
  const ids = rows.map((r) => r.id);
  if (error === undefined) {
    await options.db
      .updateTable('alert_delivery')
      .set({ status: 'sent', sent_at: new Date(at), last_error_code: null })
      .where('id', 'in', ids)
      .execute();
    return;
  }
  const attempts = Math.max(...rows.map((r) => r.attempts));
  const last = attempts >= (options.maxAttempts ?? 5) || isFinal(error);
  await options.db
    .updateTable('alert_delivery')
    .set({
      status: last ? 'failed' : 'pending',
      last_error_code: failureCode(error),
      next_at: new Date(at + (last ? 0 : retryDelayMs(attempts, options.baseDelayMs ?? 60_000))),
    })
    .where('id', 'in', ids)
    .execute();
}

/** The alerts of the claimed rows, as messages show them, with the connection each belongs to. */
async function alertViews(db: Kysely<Database>, ids: number[]) {
  const rows = await db
    .selectFrom('alert')
    .select(['id', 'connection_id', 'rule', 'centre_id', 'raised_at', 'payload'])
    .where('id', 'in', ids)
    .orderBy('raised_at')
    .orderBy('id')
    .execute();
  return new Map(
    rows.map((row) => {
      const view: AlertView = {
        id: row.id,
        rule: row.rule as AlertRule,
        centreId: row.centre_id,
        centreName: centreNameOf(row.payload, row.centre_id),
        at: row.raised_at.toISOString(),
        details: detailsOf(row.payload),
      };
      return [row.id, { connectionId: row.connection_id, view }] as const;
    }),
  );
}

/**
 * The language of a connection's chat posts: the one most of its admins chose for their alerts (they
 * set the webhook, and the channel is their team's); English when none chose or on a tie.
 */
async function webhookLanguage(db: Kysely<Database>, connectionId: string): Promise<AlertLanguage> {
  const chosen = await db
    .selectFrom('membership as m')
    .innerJoin('person as p', 'p.id', 'm.person_id')
    .select(['p.alert_language', sql<number>`count(*)::int`.as('people')])
    .where('m.connection_id', '=', connectionId)
    .where('m.role', '=', 'admin')
    .where('p.alert_language', 'is not', null)
    .groupBy('p.alert_language')
    .orderBy('people', 'desc')
    .execute();
  const [top, next] = chosen;
  if (!top || (next && next.people === top.people)) return 'en';
  return languageOf(top.alert_language);
}

/** One run: claims, sends per message, records each outcome. Answers the messages sent and failed. */
export async function deliverDue(options: DeliveryOptions, kind: DeliveryKind) {
  const { db, channels } = options;
  const claimed = await claim(options, kind);
  if (claimed.length === 0) return { sent: 0, failed: 0 };
  const alerts = await alertViews(db, [...new Set(claimed.map((c) => c.alert_id))]);
  const personIds = [...new Set(claimed.flatMap((c) => c.person_id ?? []))];
  const people = personIds.length
    ? await db
        .selectFrom('person')
        .select(['id', 'email', 'alert_language'])
        .where('id', 'in', personIds)
        .execute()
    : [];
  // E-mail, immediate: one message per alert; digest: one per person. Webhook: one per connection.
  const groups = new Map<string, Claimed[]>();
  for (const row of claimed) {
    const key =
      row.channel === 'webhook'
        ? `webhook/${alerts.get(row.alert_id)?.connectionId ?? ''}`
        : kind === 'immediate'
          ? `email/${row.person_id ?? ''}/${row.alert_id}`
          : `email/${row.person_id ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }

  /** Sends one group's message; throws what the attempt failed with. */
  const send = async (rows: Claimed[]) => {
    // As they happened: a post or digest reads in order.
    const views = rows
      .flatMap((r) => alerts.get(r.alert_id)?.view ?? [])
      .sort((x, y) => x.at.localeCompare(y.at) || x.id - y.id);
    const [first] = rows;
    if (!first) return;
    if (first.channel === 'webhook') {
      const connectionId = alerts.get(first.alert_id)?.connectionId;
      if (!channels.webhook) throw failure('no_channel', false);
      // Cleared (or no longer opening) since the alert was raised: nothing to post to, ever.
      const url = connectionId === undefined ? undefined : await options.webhookUrl?.(connectionId);
      if (connectionId === undefined || url === undefined) throw failure('no_webhook', true);
      await channels.webhook({ url, language: await webhookLanguage(db, connectionId), alerts: views });
      return;
    }
    const person = people.find((p) => p.id === first.person_id);
    if (!person) throw failure('no_person', true);
    if (!channels.email) throw failure('no_channel', false);
    await channels.email({
      to: person.email,
      language: languageOf(person.alert_language),
      alerts: views,
      kind,
    });
  };

  let sent = 0;
  let failed = 0;
  for (const rows of groups.values()) {
    let error: unknown;
    try {
      // oxlint-disable-next-line no-await-in-loop -- one message after the other: an SMTP server's pace
      await send(rows);
      sent += 1;
    } catch (caught) {
      error = caught ?? new Error('failed');
      failed += 1;
    }
    // oxlint-disable-next-line no-await-in-loop -- one small statement per message
    await record(options, rows, error);
  }
  return { sent, failed };
}

/**
 * Deliveries given up or still retrying (admins' view), newest first: an e-mail names its person,
 * a webhook post only its host (the URL is a secret, docs/decisions/0027).
 */
/** An admin's view of the connection's deliveries (features/alerts/routes.ts), newest first. */
const deliveryRows = (db: Kysely<Database>, connectionId: string) =>
  db
    .selectFrom('alert_delivery as d')
    .innerJoin('alert as a', 'a.id', 'd.alert_id')
    .innerJoin('connection as c', 'c.id', 'a.connection_id')
    .leftJoin('person as p', 'p.id', 'd.person_id')
    .select([
      'd.id',
      'd.alert_id',
      'a.rule',
      'a.centre_id',
      'a.raised_at',
      'a.payload',
      'p.email',
      'c.webhook_host',
      'd.channel',
      'd.status',
      'd.attempts',
      'd.last_error_code',
      'd.next_at',
    ])
    .where('a.connection_id', '=', connectionId)
    .orderBy('d.id', 'desc');
export type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveryRows>['executeTakeFirstOrThrow']>>;

/** Given up, or waiting for a retry after an attempt failed: what admins are shown. */
export async function failedDeliveries(db: Kysely<Database>, connectionId: string, limit = 100) {
  return deliveryRows(db, connectionId)
    .where((eb) =>
      eb.or([
        eb('d.status', '=', 'failed'),
        eb.and([eb('d.status', '=', 'pending'), eb('d.attempts', '>', 0)]),
      ]),
    )
    .limit(limit)
    .execute();
}

/**
 * Sends a delivery again, now and from its first attempt: an admin fixed what made it fail (the
 * SMTP server, the person's address, the webhook). Only one of the connection's that did not go
 * out; one being sent or sent already is left alone (undefined).
 */
export async function retryDelivery(db: Kysely<Database>, connectionId: string, id: number, at: number) {
  const retried = await db
    .updateTable('alert_delivery')
    .set({ status: 'pending', attempts: 0, last_error_code: null, next_at: new Date(at) })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)])]),
    )
    .where('alert_id', 'in', (eb) =>
      eb.selectFrom('alert').select('id').where('connection_id', '=', connectionId),
    )
    .returning('id')
    .executeTakeFirst();
  return retried
    ? deliveryRows(db, connectionId).where('d.id', '=', retried.id).executeTakeFirst()
    : undefined;
}
