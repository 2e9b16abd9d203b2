// The alerts' jobs on the watcher's pg-boss (issue 43 item 5, docs/decisions/0026):
// - `alert-message`: ONE message to deliver is one job (delivery.ts). pg-boss owns its retries
//   (`retryLimit` 4, exponential backoff from one minute, at most an hour apart), takes back one
//   whose worker died once `expireInSeconds` (120) have passed, and moves one out of retries to
//   `alert-message-failed`, the dead-letter queue, whose worker keeps it for admins. A final
//   refusal (an SMTP 5xx, a webhook's 4xx, a cleared webhook) goes there at once.
// - `alert-deliver`: the dispatcher. It turns the outbox rows raises wrote (immediate messages) and
//   the deliveries admins asked to send again into message jobs, each in the transaction that
//   deletes or marks its row, so a crash sends none or all of them once. Sent right after a refresh
//   raised an immediate alert (`nudge`), and every minute by cron.
// - `alert-digest`: the same for the day's digest rows, one message per person and connection,
//   once a day (07:00 UTC by default).
import { randomUUID } from 'node:crypto';
import { fromKysely, type JobResult, type PgBoss } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Logger } from '../../core/http/context.ts';
import type { Database } from '../../core/store/schema.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import { failureCode, type Channels } from './channels.ts';
import { jobOfDelivery, sendAgainNow } from './send-again.ts';
import {
  deliverMessage,
  isFinal,
  messageJob,
  recordDeadLetter,
  type DeliveryKind,
  type DeliveryOptions,
  type MessageJob,
} from './delivery.ts';

export const deliverQueue = 'alert-deliver';
export const digestQueue = 'alert-digest';
export const messageQueue = 'alert-message';
export const deadLetterQueue = 'alert-message-failed';

export interface RetryPolicy {
  /** Retries after the first attempt (default 4: five attempts). */
  limit: number;
  /** The first retry's delay; each next one doubles, with jitter (default 60 s). */
  delaySeconds: number;
  /** How long an attempt may run before pg-boss takes the job back (default 120 s). */
  expireInSeconds: number;
}
export const defaultRetry: RetryPolicy = { limit: 4, delaySeconds: 60, expireInSeconds: 120 };

export interface AlertQueueOptions {
  db: Kysely<Database>;
  channels: Channels;
  /** Opens a connection's chat webhook URL at send time (features/connections/webhook-repository.ts). */
  webhookUrl?: DeliveryOptions['webhookUrl'];
  now: () => number;
  log: Logger;
  schedule: boolean;
  digestCron?: string;
  pollingIntervalSeconds?: number;
  retry?: Partial<RetryPolicy>;
  /** Told how each message's attempt ended: sent, failed (retried or dead), or skipped (no channel, nothing left to say). */
  onDelivered?: (channel: 'email' | 'webhook', outcome: 'sent' | 'failed' | 'skipped') => void;
}

/** Message jobs a worker takes per fetch. */
const messageBatch = 10;
/** Outbox rows and deliveries sent again, per transaction. */
const dispatchBatch = 200;

/** The jobs of the outbox rows of a kind; a digest merges a recipient's rows of the day into one. */
function jobsOfOutbox(rows: readonly OutboxRow[], kind: DeliveryKind): MessageJob[] {
  const jobs = new Map<string, MessageJob>();
  for (const row of rows) {
    const key =
      kind === 'digest' ? `${row.connection_id}/${row.channel}/${row.person_id ?? ''}` : String(row.id);
    const job = jobs.get(key);
    if (job) {
      job.after = Math.min(job.after, row.after_alert);
      job.upTo = Math.max(job.upTo, row.up_to_alert);
    } else
      jobs.set(key, {
        connectionId: row.connection_id,
        channel: row.channel === 'webhook' ? 'webhook' : 'email',
        personId: row.person_id,
        kind,
        after: row.after_alert,
        upTo: row.up_to_alert,
        key: randomUUID(),
      });
  }
  return [...jobs.values()];
}
type OutboxRow = {
  id: number;
  connection_id: string;
  person_id: string | null;
  channel: string;
  after_alert: number;
  up_to_alert: number;
};

/** One transaction: up to a batch of rows become jobs, and leave the outbox (or are marked sent). */
async function dispatchOnce(db: Kysely<Database>, boss: PgBoss, kind: DeliveryKind): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const send = (job: MessageJob) => boss.send(messageQueue, job, { db: fromKysely(tx) });
    const rows = await tx
      .selectFrom('alert_outbox')
      .select(['id', 'connection_id', 'person_id', 'channel', 'after_alert', 'up_to_alert'])
      .where('kind', '=', kind)
      .orderBy('id')
      .limit(dispatchBatch)
      .forUpdate()
      .skipLocked()
      .execute();
    // oxlint-disable-next-line no-await-in-loop -- a few hundred small inserts, one transaction
    for (const job of jobsOfOutbox(rows, kind)) await send(job);
    if (rows.length > 0)
      await tx
        .deleteFrom('alert_outbox')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    if (kind === 'digest') return rows.length;
    const again = await tx
      .selectFrom('alert_delivery')
      .select('id')
      .where('status', '=', 'pending')
      .where('job_id', 'is', null)
      .limit(dispatchBatch)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const { id } of again) {
      // oxlint-disable-next-line no-await-in-loop -- as above
      const job = await jobOfDelivery(tx, id);
      // oxlint-disable-next-line no-await-in-loop -- as above
      const jobId = job && (await send(job));
      // oxlint-disable-next-line no-await-in-loop -- as above
      await tx
        .updateTable('alert_delivery')
        .set({ job_id: jobId ?? 'none' })
        .where('id', '=', id)
        .execute();
    }
    return rows.length + again.length;
  });
}

/** Dispatches until nothing of the kind is left (bounded, so one run never holds a worker for long). */
export async function dispatch(db: Kysely<Database>, boss: PgBoss, kind: DeliveryKind): Promise<number> {
  let total = 0;
  for (let round = 0; round < 100; round += 1) {
    // oxlint-disable-next-line no-await-in-loop -- each round takes what the last one left
    const done = await dispatchOnce(db, boss, kind);
    total += done;
    if (done === 0) break;
  }
  return total;
}

/**
 * Creates the queues (the dead-letter queue first: the message queue names it), and brings the
 * message queue of a database made before to the settings of this version: pg-boss's createQueue
 * leaves a queue that exists as it was made, so a changed schedule would never reach it.
 */
async function createQueues(boss: PgBoss, retry: RetryPolicy) {
  await boss.createQueue(deliverQueue, { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 });
  await boss.createQueue(digestQueue, { policy: 'singleton', retryLimit: 0, expireInSeconds: 3600 });
  // Kept 14 days after they failed, past the admins' weekly look.
  await boss.createQueue(deadLetterQueue, { retryLimit: 5, retryDelay: 30, deleteAfterSeconds: 14 * 86_400 });
  const messages = {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: retry.expireInSeconds,
    deadLetter: deadLetterQueue,
  };
  await boss.createQueue(messageQueue, messages);
  await boss.updateQueue(messageQueue, messages);
}

export async function startAlertQueues(boss: PgBoss, options: AlertQueueOptions) {
  const { db, log } = options;
  const retry = { ...defaultRetry, ...options.retry };
  const delivery: DeliveryOptions = {
    db,
    channels: options.channels,
    ...(options.webhookUrl && { webhookUrl: options.webhookUrl }),
  };
  await createQueues(boss, retry);
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  const run = async (kind: DeliveryKind) => {
    try {
      const dispatched = await dispatch(db, boss, kind);
      if (dispatched > 0)
        log.info({ event: 'alerts_dispatched', kind, rows: dispatched }, 'alert messages queued');
      return { dispatched };
    } catch (error) {
      log.warn({ event: 'alerts_dispatch_failed', kind, ...errorFacts(error) }, 'alert messages not queued');
      return { dispatched: 0 };
    }
  };
  await boss.work(deliverQueue, polling, async () => {
    await run('immediate');
  });
  await boss.work(digestQueue, polling, async () => {
    await run('digest');
  });
  /** One message's attempt, as pg-boss settles it: done, retried, or dead-lettered at once. */
  const attempt = async (job: { id: string; data: unknown }): Promise<JobResult> => {
    const data = messageJob.safeParse(job.data);
    if (!data.success) return { id: job.id, status: 'deadletter', output: { code: 'bad_job' } };
    try {
      const outcome = await deliverMessage(delivery, data.data);
      options.onDelivered?.(data.data.channel, outcome === 'sent' ? 'sent' : 'skipped');
      if (outcome === 'no_channel')
        log.info({ event: 'alert_message_dropped', channel: data.data.channel }, 'no channel configured');
      return { id: job.id, status: 'completed' };
    } catch (error) {
      const output = { code: failureCode(error), retryable: !isFinal(error) };
      options.onDelivered?.(data.data.channel, 'failed');
      log.warn(
        { event: 'alert_message_failed', channel: data.data.channel, ...output },
        'alert message not sent',
      );
      return { id: job.id, status: isFinal(error) ? 'deadletter' : 'failed', output };
    }
  };
  // Up to `messageBatch` jobs a fetch, sent one after the other: an SMTP server's pace.
  await boss.work(
    messageQueue,
    { ...polling, batchSize: messageBatch, perJobResults: true },
    async (jobs) => {
      const results: JobResult[] = [];
      // oxlint-disable-next-line no-await-in-loop -- one message after the other
      for (const job of jobs) results.push(await attempt(job));
      return results;
    },
  );
  await boss.work(deadLetterQueue, { ...polling, includeMetadata: true }, async ([job]) => {
    const data = messageJob.safeParse(job?.data);
    if (!job || !data.success) return;
    await recordDeadLetter(db, data.data, (job.sourceRetryCount ?? 0) + 1, job.sourceOutput);
  });
  if (options.schedule) {
    await boss.schedule(deliverQueue, '* * * * *');
    await boss.schedule(digestQueue, options.digestCron ?? '0 7 * * *');
  }
  return {
    /** Queues what is due now (after a refresh raised an immediate alert, or an admin's "Send again"). */
    nudge: () => boss.send(deliverQueue, {}),
    /** Dispatches a kind here and now (tests, the demo). */
    run,
    /** An admin's "Send again": one attempt now, its outcome answered (send-again.ts). */
    sendAgain: async (connectionId: string, id: number) => {
      const sent = await sendAgainNow(delivery, connectionId, id);
      if (sent)
        options.onDelivered?.(
          sent.row.channel === 'webhook' ? 'webhook' : 'email',
          onDeliveredOf(sent.outcome),
        );
      return sent;
    },
  };
}

const onDeliveredOf = (outcome: 'sent' | 'failed' | 'dropped') =>
  outcome === 'dropped' ? 'skipped' : outcome;
