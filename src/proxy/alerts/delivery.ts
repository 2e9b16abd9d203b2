// Sending what the alerts asked for (issue 26 item 4, docs/decisions/0026): `alert_delivery` rows
// are durable jobs. A sender claims due rows with one UPDATE … WHERE status = 'pending' … RETURNING
// (FOR UPDATE SKIP LOCKED: of two instances each row goes to one), groups them per person into one
// message (one alert when immediate, the day's others in the digest), and calls the Channels the
// app passed in. A failure is retried with backoff; after the last attempt the row stays 'failed'
// for admins to see (routes/alerts.ts). A row claimed by a process that died is claimed again once
// its claim is older than `staleMs`.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { failureCode, type AlertLanguage, type AlertView, type Channels } from './channels.ts';
import type { AlertRule } from './rules.ts';

export type DeliveryKind = 'immediate' | 'digest';

export interface DeliveryOptions {
  db: Kysely<Database>;
  channels: Channels;
  now: () => number;
  /** Attempts before a delivery is given up as failed (default 5). */
  maxAttempts?: number;
  /** The wait before attempt n+1 is `baseDelayMs * 4^(n-1)` (default one minute: 1, 4, 16, 64 min). */
  baseDelayMs?: number;
  /** Rows per run (default 200). */
  limit?: number;
}

const staleMs = 10 * 60_000;
const languageOf = (value: string | null): AlertLanguage => (value === 'es' || value === 'ca' ? value : 'en');

export const retryDelayMs = (attempts: number, base: number) => base * 4 ** Math.max(0, attempts - 1);

/** Claims the due deliveries of one kind; each row is answered to one caller only. */
async function claim(options: DeliveryOptions, kind: DeliveryKind) {
  const { db } = options;
  const now = new Date(options.now());
  const stale = new Date(options.now() - staleMs);
  const due = db
    .selectFrom('alert_delivery')
    .select('id')
    .where('kind', '=', kind)
    .where('channel', '=', 'email')
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
    .returning(['id', 'alert_id', 'person_id', 'attempts'])
    .execute();
}

/** One run: claims, sends per person, records each outcome. Answers the messages sent and failed. */
export async function deliverDue(options: DeliveryOptions, kind: DeliveryKind) {
  const { db, channels } = options;
  const claimed = await claim(options, kind);
  if (claimed.length === 0) return { sent: 0, failed: 0 };
  const alerts = await db
    .selectFrom('alert')
    .select(['id', 'rule', 'centre_id', 'raised_at', 'payload'])
    .where(
      'id',
      'in',
      claimed.map((c) => c.alert_id),
    )
    .execute();
  const people = await db
    .selectFrom('person')
    .select(['id', 'email', 'alert_language'])
    .where(
      'id',
      'in',
      claimed.map((c) => c.person_id),
    )
    .execute();
  const viewOf = (id: number): AlertView | undefined => {
    const row = alerts.find((a) => a.id === id);
    if (!row) return undefined;
    const payload =
      typeof row.payload === 'object' && row.payload !== null
        ? (row.payload as Record<string, string | number | boolean | null>)
        : {};
    const { centreName, ...details } = payload;
    return {
      id: row.id,
      rule: row.rule as AlertRule,
      centreId: row.centre_id,
      centreName: typeof centreName === 'string' ? centreName : String(row.centre_id),
      at: row.raised_at.toISOString(),
      details,
    };
  };
  // Immediate: one message per alert; digest: one per person.
  const groups = new Map<string, typeof claimed>();
  for (const row of claimed) {
    const key = kind === 'immediate' ? `${row.person_id}/${row.alert_id}` : row.person_id;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  let sent = 0;
  let failed = 0;
  const base = options.baseDelayMs ?? 60_000;
  const max = options.maxAttempts ?? 5;
  for (const rows of groups.values()) {
    const [first] = rows;
    const person = people.find((p) => p.id === first?.person_id);
    const views = rows.flatMap((r) => viewOf(r.alert_id) ?? []);
    const ids = rows.map((r) => r.id);
    let error: unknown;
    if (!person || !channels.email)
      error = Object.assign(new Error('no channel'), { code: person ? 'no_channel' : 'no_person' });
    else {
      try {
        // oxlint-disable-next-line no-await-in-loop -- one message after the other: an SMTP server's pace
        await channels.email({
          to: person.email,
          language: languageOf(person.alert_language),
          alerts: views,
          kind,
        });
      } catch (caught) {
        error = caught ?? new Error('failed');
      }
    }
    const at = options.now();
    if (error === undefined) {
      sent += 1;
      // oxlint-disable-next-line no-await-in-loop -- one small statement per message
      await db
        .updateTable('alert_delivery')
        .set({ status: 'sent', sent_at: new Date(at), last_error_code: null })
        .where('id', 'in', ids)
        .execute();
      continue;
    }
    failed += 1;
    const attempts = Math.max(...rows.map((r) => r.attempts));
    const last = attempts >= max;
    // oxlint-disable-next-line no-await-in-loop -- as above
    await db
      .updateTable('alert_delivery')
      .set({
        status: last ? 'failed' : 'pending',
        last_error_code: failureCode(error),
        next_at: new Date(at + (last ? 0 : retryDelayMs(attempts, base))),
      })
      .where('id', 'in', ids)
      .execute();
  }
  return { sent, failed };
}

/** Deliveries given up (admins' view): the newest first. */
export async function failedDeliveries(db: Kysely<Database>, connectionId: string, limit = 100) {
  return db
    .selectFrom('alert_delivery as d')
    .innerJoin('alert as a', 'a.id', 'd.alert_id')
    .innerJoin('person as p', 'p.id', 'd.person_id')
    .select([
      'd.id',
      'd.alert_id',
      'a.rule',
      'a.centre_id',
      'p.email',
      'd.channel',
      'd.status',
      'd.attempts',
      'd.last_error_code',
      'd.next_at',
    ])
    .where('a.connection_id', '=', connectionId)
    .where((eb) =>
      eb.or([
        eb('d.status', '=', 'failed'),
        eb.and([eb('d.status', '=', 'pending'), eb('d.attempts', '>', 0)]),
      ]),
    )
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}
