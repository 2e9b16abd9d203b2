// The watcher's jobs (issue 26, docs/decisions/0025), in PostgreSQL through pg-boss, so that
// several proxies on one database share them and none runs twice; the embedded default (PGlite, no
// DATABASE_URL) runs the same definitions in this process through pg-boss's own PGlite adapter.
// - `watch-tick`, scheduled every minute by pg-boss's cron (one instance sends each minute's job):
//   asks for a refresh of every connection not refreshed for WATCH_INTERVAL_MINUTES, and not
//   paused for a refused secret.
// - `watch-refresh`, one job per request, keyed by upstream under pg-boss's `singleton` policy: one
//   refresh per upstream runs at a time across all instances (its unique index, not a poll), which
//   with WATCH_CONCURRENCY per refresh bounds the requests in flight to each upstream.
// A request is recorded before its job is sent and a job claims it before it runs
// (features/watch/repository.ts): of two instances asking at once one sends; a second job for a request
// already served does nothing.
import { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { Logger } from '../../core/http/context.ts';
import type { Store } from '../../core/store/engine.ts';
import type { WebhookStore } from '../connections/index.ts';
import type { WatchRepository } from './repository.ts';
import type { EnvironmentConfig } from '../../core/upstream/environments.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import type { Directory } from '../people/index.ts';
import type { FetchLike } from '../../core/upstream/upstream.ts';
import {
  IMMEDIATE_RULES,
  raiseAlerts,
  startAlertQueues,
  type AlertQueueOptions,
  type Channels,
  type RaisedAlert,
} from '../alerts/index.ts';
import { defaultBackoff, type BackoffOptions } from './pacing.ts';
import { refreshConnection, type RefreshResult } from './refresh.ts';

export const tickQueue = 'watch-tick';
export const refreshQueue = 'watch-refresh';

export interface WatcherOptions {
  store: Store;
  directory: Directory;
  repository: WatchRepository;
  environments: ReadonlyMap<string, EnvironmentConfig>;
  transportOf(env: EnvironmentConfig): FetchLike;
  /** WATCH_INTERVAL_MINUTES (default 15). */
  intervalMinutes: number;
  /** WATCH_CONCURRENCY: requests in flight per upstream (default 8). */
  concurrency: number;
  tokenTimeoutMs: number;
  apiTimeoutMs: number;
  maxAnswerBytes: number;
  backoff?: BackoffOptions;
  now?: () => number;
  /**
   * The instant an environment's alert rules count days from, when not `now`: the demo's, its
   * simulator's test clock (D10), which the composition passes (start/background.ts).
   */
  rulesNow?: (environment: EnvironmentConfig) => number;
  log: Logger;
  connectionsChanged?: () => Promise<void>;
  /** Run the minute's tick from pg-boss's cron (default true; tests call `tick()` themselves). */
  schedule?: boolean;
  /** How often an idle worker looks for a job (default 2 s, pg-boss's). */
  pollingIntervalSeconds?: number;
  /** Told after each refresh this instance ran, and how long it took (tests, logs and metrics). */
  onRefreshed?: (connectionId: string, result: RefreshResult, alerts: RaisedAlert[], ms: number) => void;
  /** Told how each alert message's attempt ended (the metrics, features/operations). */
  onDelivered?: AlertQueueOptions['onDelivered'];
  /** Where alert e-mails and chat posts go (src/proxy/mail/); without, deliveries wait (docs/decisions/0026). */
  channels?: Channels;
  /** The connections' sealed chat webhooks, opened at send time (docs/decisions/0027). */
  webhooks?: Pick<WebhookStore, 'url'>;
  /** ADMIN_EMAILS: admins of every connection, who receive its alerts too (docs/decisions/0023). */
  adminEmails?: ReadonlySet<string>;
}

const refreshJob = z.object({ connectionId: z.string(), requestedAt: z.iso.datetime() });

type AlertQueues = Awaited<ReturnType<typeof startAlertQueues>>;

/** What the jobs below share: the options, the queue, the clock and the interval. */
interface Watching {
  options: WatcherOptions;
  boss: PgBoss;
  now: () => number;
  intervalMs: number;
}

/** pg-boss over the store's engine, started, with the watcher's two queues. */
async function openQueue(options: WatcherOptions): Promise<PgBoss> {
  // pg-boss's own loops, slowed to what a minute's schedule needs: each run is a query, in this
  // process when embedded (its defaults check the cron every 5 s and flows every 5 s).
  const loops = { cronWorkerIntervalSeconds: 30, flowIntervalSeconds: 60 };
  // Both engines by a connection string: a server's, or the embedded engine's socket (core/store/engine.ts).
  const boss = new PgBoss({
    connectionString: options.store.engine.connectionString,
    max: 3,
    application_name: 'provider-console-watch',
    ...loops,
  });
  // docs/decisions/0020: a reason code and the error's class, never its message.
  boss.on('error', (error) =>
    options.log.warn({ event: 'watch_queue_error', ...errorFacts(error) }, 'job queue error'),
  );
  await boss.start();
  await boss.createQueue(tickQueue, { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 });
  await boss.createQueue(refreshQueue, {
    policy: 'singleton',
    // A refresh that fails is asked for again by the next due tick; a retry would find it claimed.
    retryLimit: 0,
    // A worker that stops (its process died) loses the job after 30 s without a heartbeat.
    heartbeatSeconds: 30,
    expireInSeconds: 4 * 3600,
  });
  return boss;
}

/** The stored connection and its environment, when both are still known. */
async function connectionOf(options: WatcherOptions, connectionId: string) {
  const connection = (await options.directory.connections()).find(
    (candidate) => candidate.id === connectionId,
  );
  const env = connection && options.environments.get(connection.environment);
  return connection && env ? { connection, env } : undefined;
}

/** Asks for a refresh of `connection` (due ones only when `dueOnly`); true when a job was sent. */
async function request(watching: Watching, connectionId: string, dueOnly: boolean): Promise<boolean> {
  const { options, boss, now, intervalMs } = watching;
  const found = await connectionOf(options, connectionId);
  if (!found) return false;
  const at = now();
  const requestedAt = await options.repository.request(connectionId, new Date(at), {
    // Half a tick of slack: a refresh that started a few ms after last interval's tick is due at
    // this one, not a minute later.
    ...(dueOnly ? { dueBefore: new Date(at - intervalMs + 30_000) } : {}),
    lostBefore: new Date(at - Math.max(intervalMs, 5 * 60_000)),
  });
  if (!requestedAt) return false;
  await boss.send(
    refreshQueue,
    { connectionId, requestedAt: requestedAt.toISOString() },
    { singletonKey: found.env.id },
  );
  return true;
}

/** Asks for a refresh of every connection that is due; how many jobs were sent. */
async function tick(watching: Watching): Promise<number> {
  const { options } = watching;
  const connections = await options.directory.connections();
  let sent = 0;
  for (const connection of connections) {
    if (connection.refusedAt !== null || !options.environments.has(connection.environment)) continue;
    // oxlint-disable-next-line no-await-in-loop -- a few connections, one small statement each
    if (await request(watching, connection.id, true)) sent += 1;
  }
  return sent;
}

/** After a refresh: the alerts its changes and the dates now near raise, once (docs/decisions/0026). */
async function raise(
  watching: Watching,
  alertQueues: AlertQueues,
  connectionId: string,
  since: number,
): Promise<RaisedAlert[]> {
  const { options, now } = watching;
  const { directory, log } = options;
  const found = await connectionOf(options, connectionId);
  if (!found) return [];
  const { connection, env } = found;
  try {
    const raised = await raiseAlerts(options.store.db, directory, connection, new Date(since), now(), {
      ...(options.adminEmails && { adminEmails: options.adminEmails }),
      ...(options.rulesNow && { rulesAt: options.rulesNow(env) }),
      log,
    });
    if (raised.length > 0) {
      log.info({ event: 'alerts_raised', connectionId, alerts: raised.length }, 'alerts raised');
      if (raised.some((alert) => alert.emails + alert.webhooks > 0 && IMMEDIATE_RULES.has(alert.rule)))
        await alertQueues.nudge();
    }
    return raised;
  } catch (error) {
    log.warn({ event: 'alerts_raise_failed', connectionId, ...errorFacts(error) }, 'alerts not raised');
    return [];
  }
}

/** One `watch-refresh` job: claims the request, refreshes, records the outcome, raises alerts. */
async function runRefresh(watching: Watching, alertQueues: AlertQueues, data: unknown): Promise<void> {
  const { options, now } = watching;
  const { directory, repository, log } = options;
  const job = refreshJob.safeParse(data);
  if (!job.success) return;
  const { connectionId } = job.data;
  const found = await connectionOf(options, connectionId);
  if (!found) return;
  if (!(await repository.claim(connectionId, new Date(job.data.requestedAt), new Date(now())))) return;
  const started = now();
  const result = await refreshConnection(
    {
      directory,
      repository,
      transport: options.transportOf(found.env),
      concurrency: options.concurrency,
      tokenTimeoutMs: options.tokenTimeoutMs,
      apiTimeoutMs: options.apiTimeoutMs,
      maxAnswerBytes: options.maxAnswerBytes,
      backoff: options.backoff ?? defaultBackoff,
      now,
      log,
      ...(options.connectionsChanged ? { connectionsChanged: options.connectionsChanged } : {}),
    },
    found.connection,
    found.env,
  ).catch((error: unknown): RefreshResult => {
    log.warn({ event: 'watch_refresh_failed', connectionId, ...errorFacts(error) }, 'refresh failed');
    return { outcome: 'failed', centres: 0, failedCentres: 0, changed: 0, changes: 0 };
  });
  await repository.finish(connectionId, new Date(now()), result);
  // Whatever the outcome, the changes written so far are news (a partial refresh wrote some).
  const alerts =
    result.changes > 0 || result.outcome === 'ok'
      ? await raise(watching, alertQueues, connectionId, started)
      : [];
  const ms = now() - started;
  log.info(
    { event: 'watch_refreshed', connectionId, ...result, alerts: alerts.length, ms },
    'connection refreshed',
  );
  options.onRefreshed?.(connectionId, result, alerts, ms);
}

export async function startWatcher(options: WatcherOptions) {
  const now = options.now ?? Date.now;
  const boss = await openQueue(options);
  const watching: Watching = { options, boss, now, intervalMs: options.intervalMinutes * 60_000 };
  // The minute's tick may start up to 30 s late; each poll is a query, in this process when
  // embedded (measured in process: idle, both queues at 2 s cost 0.72 s of CPU a minute).
  const alertQueues = await startAlertQueues(boss, {
    db: options.store.db,
    channels: options.channels ?? {},
    ...(options.webhooks && { webhookUrl: options.webhooks.url }),
    now,
    log: options.log,
    ...(options.onDelivered && { onDelivered: options.onDelivered }),
    schedule: options.schedule !== false,
    ...(options.pollingIntervalSeconds === undefined
      ? {}
      : { pollingIntervalSeconds: options.pollingIntervalSeconds }),
  });
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work(tickQueue, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 }, async () => {
    await tick(watching);
  });
  await boss.work(refreshQueue, { ...polling, heartbeatRefreshSeconds: 10 }, async ([job]) =>
    runRefresh(watching, alertQueues, job?.data),
  );
  if (options.schedule !== false) await boss.schedule(tickQueue, '* * * * *');

  return {
    /** Asks for a refresh of every connection that is due (what the minute's job does). */
    tick: () => tick(watching),
    /** On demand: a refresh of the connection now (after the one running, if any). */
    refresh: (connectionId: string) => request(watching, connectionId, false),
    boss,
    /** Asks the queue to send the alert messages due now (on whichever instance takes the job). */
    nudge: alertQueues.nudge,
    /** Sends the due alert messages of a kind here and now (tests, the demo's digest button). */
    deliver: alertQueues.run,
    /** An admin's "Send again": one attempt now, answered with its outcome. */
    sendAgain: alertQueues.sendAgain,
    async stop(): Promise<void> {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

export type Watcher = Awaited<ReturnType<typeof startWatcher>>;
