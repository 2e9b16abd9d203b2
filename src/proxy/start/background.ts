// Start-up, phase 4: the work that runs beside the server once it listens: the demo's connections
// and people registered, and the watcher (docs/decisions/0025).
import type { WatchRequests } from './app-options.ts';
import type { SentAgain } from '../features/alerts/index.ts';
import { errorFacts } from '../core/log/error-codes.ts';
import { seedDemo } from '../features/demo/people.ts';
import { createWatchRepository } from '../features/watch/repository.ts';
import { startWatcher, type Watcher } from '../features/watch/watcher.ts';
import type { Meters } from '../features/operations/meters.ts';
import type { Operations } from '../features/operations/operations.ts';
import { sessionKeyPrefix } from '../core/sessions/records.ts';
import { observeCalls } from '../core/upstream/observed.ts';
import { readSnapshotAges } from '../features/watch/reads.ts';
import type { Resources } from './resources.ts';
import type { Served } from './serve.ts';
import { checkOrganisation } from './organisation-check.ts';

/**
 * What the app asks of the watcher, which starts only after the app is built (pg-boss installs its
 * tables on the first start): until it runs, a refresh is refused as "already waiting" and a
 * delivery waits for the queue.
 */
export class WatcherSlot implements WatchRequests {
  #watcher: Watcher | undefined;

  fill(watcher: Watcher | undefined): void {
    this.#watcher = watcher;
  }

  refresh(connectionId: string): Promise<boolean> {
    return this.#watcher?.refresh(connectionId) ?? Promise.resolve(false);
  }

  async deliver(): Promise<unknown> {
    return this.#watcher?.nudge();
  }

  sendAgain(connectionId: string, id: number): Promise<SentAgain | undefined> | undefined {
    return this.#watcher?.sendAgain(connectionId, id);
  }

  async stop(): Promise<void> {
    await this.#watcher?.stop();
  }

  /** Jobs waiting per queue (readiness and `console_queue_depth`); throws when the queue cannot answer. */
  async queueDepths(): Promise<Record<string, number>> {
    const watcher = this.#watcher;
    if (!watcher) return {};
    const queues = await watcher.boss.getQueues();
    return Object.fromEntries(queues.map((queue) => [queue.name, queue.queuedCount]));
  }
}

/** Seeds the demo, then starts the watcher into `slot`; the alerts' links go to `consoleOrigin`. */
export async function startBackground(
  resources: Resources,
  served: Served,
  slot: WatcherSlot,
  consoleOrigin: string,
  meters: Meters,
): Promise<void> {
  const { config, database, demo, directory, log } = resources;
  if (config.people.oidc && served.organisation)
    void checkOrganisation(served.organisation, consoleOrigin, log, config.people.oidc.issuerUrl);
  // The demo's connections (and, with the embedded provider, its people) are registered; beside a
  // real provider only with DEMO_CONNECTIONS=true (issue 45 item 6).
  if (demo && config.people.demoConnections)
    await seedDemo(directory, served.access, {
      issuer: served.embeddedIssuer,
      people: served.embeddedIssuer !== undefined,
      at: Date.now(),
    });
  if (!config.watch.enabled) return;
  // docs/decisions/0025: every stored connection's centres, on a schedule, through the job queue.
  // A queue that cannot start leaves the proxy serving, and says so.
  const watcher = await startWatcher({
    store: database,
    directory,
    repository: createWatchRepository(database.db),
    environments: new Map(config.environments.map((environment) => [environment.id, environment])),
    // Its upstream calls counted as the app's are (issue 49; start/app-services.ts).
    transportOf: (environment) =>
      observeCalls(
        environment.id === 'demo' && demo ? demo.world.fetch : resources.pool.transport,
        environment,
        meters.upstreamCall,
      ),
    intervalMinutes: config.watch.intervalMinutes,
    concurrency: config.watch.concurrency,
    tokenTimeoutMs: 5_000,
    apiTimeoutMs: 10_000,
    maxAnswerBytes: config.maxAnswerBytes,
    // D10: in the demo, the alert rules count days on the simulator's test clock, as the console's
    // "in N days" do, so that a moved clock brings a downgrade or a TRIAL's end near for both.
    ...(demo && {
      rulesNow: (environment) => (environment.id === 'demo' ? demo.world.now() : Date.now()),
    }),
    log,
    // docs/decisions/0026 and 0027: the alerts' e-mail leaves through SMTP_URL, or the demo's
    // catcher; chat posts through each connection's webhook, opened at send time.
    channels: resources.alertChannels.channelsFor(consoleOrigin),
    webhooks: resources.webhooks,
    adminEmails: config.people.policy.adminEmails,
    connectionsChanged: () => served.access.changed('connections'),
    // The metrics (issue 49): each refresh, the alerts it raised (one audit entry each), each message.
    onRefreshed: (_connection, result, alerts, ms) => {
      meters.watcherRefresh({
        ms,
        centres: result.centres,
        changes: result.changes,
        failed: result.outcome === 'failed',
      });
      for (const alert of alerts) meters.alertRaised(alert.rule);
      if (alerts.length > 0) meters.auditEntriesWritten(alerts.length);
    },
    onDelivered: meters.alertDelivery,
  }).catch((error: unknown) => {
    log.error({ event: 'watch_not_started', ...errorFacts(error) }, 'the watcher could not start');
    return undefined;
  });
  slot.fill(watcher);
}

/** What the operations listener reads from the stores: live sessions, snapshots' ages, the backup. */
export function observeStores(resources: Resources, operations: Operations): void {
  const { store, database } = resources;
  operations.observeSessions(async () => (await store.countKeys?.(sessionKeyPrefix)) ?? 0);
  operations.observeSnapshotAges(() => readSnapshotAges(database.db, Date.now()));
  // The embedded database's online backup (`npm run backup` asks the metrics listener for it).
  if (database.dump) operations.offerBackup(database.dump);
}
