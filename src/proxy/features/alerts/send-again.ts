// "Send again" on a message that did not go out (docs/decisions/0027): one attempt, here and now,
// whose outcome is the answer, so that the admin who pressed it reads what happened to that send
// (sent, failed again and why, or nothing left to send) and the list shows the row as it now is:
// a failure counts one more attempt. The queue's retries with backoff are for messages nobody waits
// on; an admin who fixed the cause wants to know now.
import type { Kysely } from 'kysely';
import type { Database } from '../../core/store/schema.ts';
import { failureCode } from './channels.ts';
import {
  deliverMessage,
  deliveryRow,
  messageJob,
  type DeliveryOptions,
  type MessageJob,
} from './delivery.ts';
import { randomUUID } from 'node:crypto';
import type { SentAgain } from './sent-again.ts';

export type { SentAgain } from './sent-again.ts';

/** Claims the row (one admin's press sends it once), sends it, and records what came of it. */
export async function sendAgainNow(
  options: DeliveryOptions,
  connectionId: string,
  id: number,
): Promise<SentAgain | undefined> {
  const { db } = options;
  const claimed = await claim(db, connectionId, id);
  if (!claimed) return undefined;
  const job = await jobOfDelivery(db, id);
  let outcome: 'sent' | 'empty' | 'no_channel' | { code: string };
  try {
    outcome = job ? await deliverMessage(options, job) : { code: 'bad_job' };
  } catch (error) {
    outcome = { code: failureCode(error) };
  }
  const settle = db.updateTable('alert_delivery').where('id', '=', id);
  if (typeof outcome === 'object')
    await settle
      .set({ status: 'failed', attempts: claimed.attempts + 1, last_error_code: outcome.code, job_id: null })
      .execute();
  // `deliverMessage` marked a sent one sent; what had nothing to send leaves the list.
  else if (outcome !== 'sent')
    await settle.set({ status: 'dropped', last_error_code: outcome, job_id: null }).execute();
  const row = await deliveryRow(db, connectionId, id);
  if (!row) return undefined;
  if (typeof outcome === 'object') return { outcome: 'failed', row };
  return outcome === 'sent' ? { outcome: 'sent', row } : { outcome: 'dropped', reason: outcome, row };
}

/**
 * A row that did not go out, marked as being sent (`pending`, with a job id no dispatcher takes):
 * a second press finds nothing to claim, and a process that dies mid-send leaves it listed as
 * still being tried, which "Send again" takes once more.
 */
function claim(db: Kysely<Database>, connectionId: string, id: number) {
  return db
    .updateTable('alert_delivery')
    .set({ status: 'pending', job_id: 'sending', next_at: new Date() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'failed'),
        eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0), eb('job_id', 'is', null)]),
      ]),
    )
    .where('alert_id', 'in', (eb) =>
      eb.selectFrom('alert').select('id').where('connection_id', '=', connectionId),
    )
    .returning(['id', 'attempts'])
    .executeTakeFirst();
}

/** The job a delivery sent again is: its dead-lettered data, or (older rows) its one alert. */
export async function jobOfDelivery(tx: Kysely<Database>, id: number): Promise<MessageJob | undefined> {
  const row = await tx
    .selectFrom('alert_delivery as d')
    .innerJoin('alert as a', 'a.id', 'd.alert_id')
    .select(['d.job', 'd.alert_id', 'd.person_id', 'd.channel', 'd.kind', 'a.connection_id'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const kept = messageJob.safeParse(row.job);
  if (kept.success) return { ...kept.data, deliveryId: id };
  return {
    connectionId: row.connection_id,
    channel: row.channel === 'webhook' ? 'webhook' : 'email',
    personId: row.person_id,
    kind: row.kind === 'digest' ? 'digest' : 'immediate',
    after: row.alert_id - 1,
    upTo: row.alert_id,
    key: randomUUID(),
    deliveryId: id,
  };
}
