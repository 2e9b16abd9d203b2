// The alerts' jobs on the watcher's pg-boss (docs/decisions/0026), so that several proxies share
// them and the embedded default runs the same definitions:
// - `alert-deliver`: immediate e-mails and chat posts, and every retry that is due. Sent right
//   after a refresh raised an immediate alert, and every minute by cron (retries, a lost job).
// - `alert-digest`: each person's pending digest e-mail and each connection's digest chat post, once
//   a day (ALERT_DIGEST_CRON's default, 07:00 UTC).
// Each run claims rows (features/alerts/delivery.ts), so two runs at once still send each message once.
import type { PgBoss } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Logger } from '../../core/http/context.ts';
import type { Database } from '../../core/store/schema.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import type { Channels } from './channels.ts';
import { deliverDue, type DeliveryKind, type DeliveryOptions } from './delivery.ts';

export const deliverQueue = 'alert-deliver';
export const digestQueue = 'alert-digest';

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
  retry?: Pick<DeliveryOptions, 'maxAttempts' | 'baseDelayMs'>;
}

export async function startAlertQueues(boss: PgBoss, options: AlertQueueOptions) {
  // A run sends batches (deliverDue claims up to 200 rows) until one finds nothing due, so that a
  // day's digest with more rows than a batch is sent that morning, not over the following days.
  const maxBatches = 50;
  const run = async (kind: DeliveryKind) => {
    const total = { sent: 0, failed: 0 };
    try {
      for (let batch = 0; batch < maxBatches; batch += 1) {
        // oxlint-disable-next-line no-await-in-loop -- each batch claims what the last one left
        const result = await deliverDue(
          {
            db: options.db,
            channels: options.channels,
            now: options.now,
            ...(options.webhookUrl && { webhookUrl: options.webhookUrl }),
            ...options.retry,
          },
          kind,
        );
        total.sent += result.sent;
        total.failed += result.failed;
        // Every row claimed is in a message sent or failed: nothing counted, nothing was due.
        if (result.sent + result.failed === 0) break;
      }
    } catch (error) {
      options.log.warn(
        { event: 'alerts_delivery_failed', kind, ...errorFacts(error) },
        'alert delivery failed',
      );
    }
    if (total.sent + total.failed > 0)
      options.log.info({ event: 'alerts_delivered', kind, ...total }, 'alert messages sent');
    return total;
  };
  await boss.createQueue(deliverQueue, { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 });
  await boss.createQueue(digestQueue, { policy: 'singleton', retryLimit: 0, expireInSeconds: 3600 });
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work(deliverQueue, polling, async () => {
    await run('immediate');
  });
  await boss.work(digestQueue, polling, async () => {
    await run('digest');
  });
  if (options.schedule) {
    await boss.schedule(deliverQueue, '* * * * *');
    await boss.schedule(digestQueue, options.digestCron ?? '0 7 * * *');
  }
  return {
    /** Sends what is due now (after a refresh raised an immediate alert). */
    nudge: () => boss.send(deliverQueue, {}),
    /** Runs a kind here and now (tests, the demo). */
    run,
  };
}
