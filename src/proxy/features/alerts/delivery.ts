// One message to deliver is one pg-boss job (issue 43 item 5, docs/decisions/0026): its data names
// the recipient (a person's e-mail, or the connection's chat webhook), the kind and a range of the
// connection's alert ids; the job composes the message when it runs, worst alerts first and at
// most `maxListed` of them by name, and calls the Channels the app passed in. pg-boss retries a
// failed attempt with backoff, takes back a job whose worker died (its expiry) and moves a job out
// of retries into the dead-letter queue, whose worker writes the `alert_delivery` row admins read
// (features/alerts/routes.ts); "Send again" sends the same job data as a new job (queue.ts).
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../core/store/schema.ts';
import {
  failureCode,
  maxListed,
  severity,
  type AlertLanguage,
  type AlertView,
  type Channels,
} from './channels.ts';
import { isTimeZone } from '../../../proxy-api/alerts.ts';
import { centreNameOf, detailsOf } from './payload.ts';
import { ALERT_RULES, defaultPreference, IMMEDIATE_RULES, type AlertRule } from './rules.ts';

export type DeliveryKind = 'immediate' | 'digest';

export const messageJob = z.object({
  connectionId: z.string(),
  channel: z.enum(['email', 'webhook']),
  personId: z.string().nullable(),
  kind: z.enum(['immediate', 'digest']),
  /** The connection's alerts with after < id <= upTo, of the kind's rules (and the person's choices). */
  after: z.number().int(),
  upTo: z.number().int(),
  /** The message's idempotency key: the same for every attempt and for "Send again". */
  key: z.string(),
  /** Set when an admin sent a dead-lettered message again: its `alert_delivery` row. */
  deliveryId: z.number().int().optional(),
});
export type MessageJob = z.infer<typeof messageJob>;

export interface DeliveryOptions {
  db: Kysely<Database>;
  channels: Channels;
  /** Opens a connection's chat webhook URL (features/connections/webhook-repository.ts); undefined when none is set. */
  webhookUrl?: (connectionId: string) => Promise<string | undefined>;
}

const languages: readonly AlertLanguage[] = ['en', 'es', 'ca'];
const languageOf = (value: string | null | undefined): AlertLanguage =>
  languages.find((language) => language === value) ?? 'en';

/** A failed attempt: its code, and whether the same message may go through later. */
export const failure = (code: string, retryable: boolean) =>
  Object.assign(new Error(code), { code, retryable });
/** A channel's error that says the same message will never go through (features/mail/mailer.ts, webhook.ts). */
export const isFinal = (error: unknown) =>
  typeof error === 'object' && error !== null && 'retryable' in error && error.retryable === false;

/** The rules a message speaks of: its kind's, and for an e-mail those its person chose. */
async function rulesOf(db: Kysely<Database>, job: MessageJob): Promise<AlertRule[]> {
  const ofKind = ALERT_RULES.filter((rule) => IMMEDIATE_RULES.has(rule) === (job.kind === 'immediate'));
  if (job.channel === 'webhook' || job.personId === null) return ofKind;
  const chosen = await db
    .selectFrom('alert_preference')
    .selectAll()
    .where('person_id', '=', job.personId)
    .execute();
  return ofKind.filter((rule) => (chosen.find((c) => c.rule === rule) ?? defaultPreference(rule)).email);
}

/** The message's alerts: the worst `maxListed` as views, and how many alerts and centres in all. */
export async function composeMessage(db: Kysely<Database>, job: MessageJob) {
  const rules = await rulesOf(db, job);
  if (rules.length === 0) return { views: [], total: 0, centres: 0 };
  const scope = db
    .selectFrom('alert')
    .where('connection_id', '=', job.connectionId)
    .where('id', '>', job.after)
    .where('id', '<=', job.upTo)
    .where('rule', 'in', rules);
  const rank = sql<number>`array_position(${sql.val([...severity])}::text[], rule)`;
  const [rows, counts] = await Promise.all([
    scope
      .select(['id', 'rule', 'centre_id', 'raised_at', 'payload'])
      .orderBy(rank)
      .orderBy('raised_at')
      .orderBy('id')
      .limit(maxListed)
      .execute(),
    scope
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        sql<string>`count(distinct centre_id)`.as('centres'),
      ])
      .executeTakeFirst(),
  ]);
  const views = rows.map((row): AlertView => ({
    id: row.id,
    rule: row.rule as AlertRule,
    centreId: row.centre_id,
    centreName: centreNameOf(row.payload, row.centre_id),
    at: row.raised_at.toISOString(),
    details: detailsOf(row.payload),
  }));
  return { views, total: Number(counts?.total ?? 0), centres: Number(counts?.centres ?? 0) };
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

/**
 * Sends one message. Answers 'sent'; 'empty' when the person chose otherwise since or the alerts were
 * purged; 'no_channel' where no e-mail is configured (no SMTP_URL, no demo: the message is dropped,
 * as before jobs, when it waited unsent). Throws what the attempt failed with.
 */
export async function deliverMessage(
  options: DeliveryOptions,
  job: MessageJob,
): Promise<'sent' | 'empty' | 'no_channel'> {
  const { db } = options;
  const { email, webhook } = options.channels;
  if (!(job.channel === 'webhook' ? webhook : email)) return 'no_channel';
  const { views, total, centres } = await composeMessage(db, job);
  if (views.length === 0) return 'empty';
  const scope = { total, centres, key: job.key, connectionId: job.connectionId };
  if (job.channel === 'webhook') {
    // Cleared (or no longer opening) since the alert was raised: nothing to post to, ever.
    const url = await options.webhookUrl?.(job.connectionId);
    if (url === undefined) throw failure('no_webhook', false);
    const language = await webhookLanguage(db, job.connectionId);
    await webhook?.({ url, language, alerts: views, ...scope });
  } else {
    const person =
      job.personId === null
        ? undefined
        : await db
            .selectFrom('person')
            .select(['email', 'alert_language', 'time_zone'])
            .where('id', '=', job.personId)
            .executeTakeFirst();
    if (!person) throw failure('no_person', false);
    await email?.({
      to: person.email,
      language: languageOf(person.alert_language),
      // Checked again: a zone this runtime does not know gives times in UTC, said so.
      ...(person.time_zone && isTimeZone(person.time_zone) && { timeZone: person.time_zone }),
      alerts: views,
      kind: job.kind,
      ...scope,
    });
  }
  if (job.deliveryId !== undefined)
    await db
      .updateTable('alert_delivery')
      .set({ status: 'sent', sent_at: new Date(), last_error_code: null })
      .where('id', '=', job.deliveryId)
      .execute();
  return 'sent';
}

/**
 * A dead-lettered message, as admins read it: one row naming its worst alert (the list's line) and
 * keeping the job's data for "Send again". A message sent again that failed again updates its row.
 */
export async function recordDeadLetter(
  db: Kysely<Database>,
  job: MessageJob,
  attempts: number,
  error: unknown,
) {
  const code = failureCode(error);
  if (job.deliveryId !== undefined) {
    await db
      .updateTable('alert_delivery')
      .set({ status: 'failed', attempts, last_error_code: code, job_id: null })
      .where('id', '=', job.deliveryId)
      .execute();
    return;
  }
  const { views } = await composeMessage(db, job);
  const [worst] = views;
  if (!worst) return;
  await db
    .insertInto('alert_delivery')
    .values({
      alert_id: worst.id,
      person_id: job.channel === 'email' ? job.personId : null,
      channel: job.channel,
      kind: job.kind,
      status: 'failed',
      attempts,
      last_error_code: code,
      job: JSON.stringify(job),
    })
    // The dead-letter job ran twice (its worker died after the insert): one row.
    .onConflict((c) => c.doNothing())
    .execute();
}

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

/** One of the connection's deliveries, whatever its status. */
export const deliveryRow = (db: Kysely<Database>, connectionId: string, id: number) =>
  deliveryRows(db, connectionId).where('d.id', '=', id).executeTakeFirst();

/** Given up (dead-lettered), or sent again and failed once more: what admins are shown. */
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
 * Asks for a delivery to be sent again, from its first attempt: an admin fixed what made it fail
 * (the SMTP server, the person's address, the webhook). The row waits as `pending` without a job
 * until the dispatcher sends its job (queue.ts, right after: the route nudges it). Only one of the
 * connection's that did not go out; one being sent or sent already is left alone (undefined).
 */
export async function retryDelivery(db: Kysely<Database>, connectionId: string, id: number, at: number) {
  const retried = await db
    .updateTable('alert_delivery')
    .set({ status: 'pending', attempts: 0, last_error_code: null, next_at: new Date(at), job_id: null })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)])]),
    )
    .where('alert_id', 'in', (eb) =>
      eb.selectFrom('alert').select('id').where('connection_id', '=', connectionId),
    )
    .returning('id')
    .executeTakeFirst();
  return retried ? deliveryRow(db, connectionId, retried.id) : undefined;
}
