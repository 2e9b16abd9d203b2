// Start-up, phase 2: what the proxy holds open while it runs: the database and what reads it, the
// session store, the console's build, the demo's world, the upstream pool and the alerts' channels.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type pino from 'pino';
import type { ProxyConfig } from '../config.ts';
import type { RenderOverview, RenderScreen } from '../../proxy-api/first-screen.ts';
import { openStore, type Store } from '../core/store/engine.ts';
import { DatabaseStartError } from '../core/store/errors.ts';
import { hasEmbeddedEngineFlags } from '../core/store/pglite.ts';
import { dataKeyFor } from '../core/store/data-key.ts';
import { createSecretBox } from '../core/store/secret-box.ts';
import { scheduleRetention } from '../core/store/retention.ts';
import { createRedisStore } from '../core/sessions/redis-store.ts';
import { createMemoryStore, type SessionStore } from '../core/sessions/store.ts';
import { createUpstreamPool, type UpstreamPool } from '../core/upstream/pool.ts';
import { createSqlAuditStore } from '../features/audit/repository.ts';
import type { AuditStore } from '../features/audit/store.ts';
import { createSqlDirectory } from '../features/people/repository.ts';
import { createSigningKeys, type SigningKeys } from '../features/sign-in/signing-key.ts';
import type { Directory } from '../features/people/directory.ts';
import { createWebhookStore, type WebhookStore } from '../features/connections/webhook-repository.ts';
import { createWatchRetention } from '../features/watch/retention.ts';
import { startDemoWorld, type DemoWorld } from '../features/demo/world.ts';
import {
  loadOverviewRender,
  loadScreenRender,
  loadStaticSite,
  type StaticSite,
} from '../features/site/static-site.ts';
import { startAlertChannels, type AlertChannels } from '../features/mail/channels.ts';
import type { Meters } from '../features/operations/meters.ts';
import { webhookReachOf } from '../features/mail/index.ts';
import { refuseToStart } from './config.ts';

export interface Resources {
  config: ProxyConfig;
  log: pino.Logger;
  database: Store;
  audit: AuditStore;
  directory: Directory;
  /** The connections' sealed chat webhooks: set by admins (the app), opened by the alerts' delivery. */
  webhooks: WebhookStore;
  /** The console's own key for private_key_jwt (made on first use). */
  signingKeys: SigningKeys;
  store: SessionStore;
  site: { site?: StaticSite; renderOverview?: RenderOverview; renderScreen?: RenderScreen };
  demo: { world: DemoWorld; controlToken: string } | undefined;
  pool: UpstreamPool;
  alertChannels: AlertChannels;
  stopRetention(): void;
}

export interface ResourceOptions {
  demoSeed?: { centres: number; doctors: number } | undefined;
  /** The metrics (features/operations): the audit log tells them how many entries it wrote. */
  meters?: Meters;
}

export async function openResources(
  config: ProxyConfig,
  log: pino.Logger,
  options: ResourceOptions,
): Promise<Resources> {
  const { database, dataKey } = await openDatabase(config, log);
  const audit = createSqlAuditStore(database.db, database.ping, options.meters?.auditEntriesWritten);
  // Everything kept by age, purged at start and daily (docs/decisions/0018 and 0025): the audit log,
  // and the watcher's history and alerts (whichever instance wrote them, watcher on or off).
  const stopRetention = scheduleRetention(
    [
      {
        name: 'audit',
        retentionDays: config.auditRetentionDays,
        purge: async (before) => ({ removed: await audit.purge(before) }),
      },
      {
        name: 'watch_history',
        retentionDays: config.watch.historyDays,
        purge: createWatchRetention(database.db),
      },
    ],
    log,
  );
  const demo = await startDemo(config, log, options);
  return {
    config,
    log,
    database,
    audit,
    // docs/decisions/0023: connections' secrets are sealed with the deployment key.
    directory: createSqlDirectory(database.db, createSecretBox(dataKey)),
    webhooks: createWebhookStore(database.db, createSecretBox(dataKey)),
    // Issue 45 item 3: the private_key_jwt key, sealed with the deployment key too.
    signingKeys: createSigningKeys(database.db, createSecretBox(dataKey)),
    store: config.redisUrl ? createRedisStore(config.redisUrl, { logger: log }) : createMemoryStore(),
    site: await loadSite(config, log),
    demo,
    // A bounded pool of connections to each real upstream (the demo's is in-process).
    pool: createUpstreamPool({ connections: config.upstreamConnections }),
    // docs/decisions/0027: e-mail through SMTP_URL, else the demo's in-process catcher; the webhook poster.
    alertChannels: await startAlertChannels({
      mail: config.mail,
      demo: demo !== undefined,
      webhookReach: webhookReachOf(
        config.environments.map((environment) => environment.id),
        config.mail.webhookAllowedHosts,
      ),
    }),
    stopRetention,
  };
}

/** docs/decisions/0018: the database first: unreachable, or at a newer schema, stops the start. */
async function openDatabase(config: ProxyConfig, log: pino.Logger) {
  let database: Store;
  try {
    database = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger: log });
  } catch (error) {
    if (error instanceof DatabaseStartError)
      refuseToStart(`The database cannot be used:\n  ${error.message}`);
    throw error;
  }
  if (database.engine.kind === 'pglite' && !hasEmbeddedEngineFlags())
    log.warn(
      {
        event: 'embedded_database_flags',
        detail:
          'run node with --liftoff-only (npm start does): without it the embedded database takes ~500 MB more at start',
      },
      'embedded database without its Node flag',
    );
  try {
    const dataKey = dataKeyFor({
      dataEncryptionKey: config.people.dataEncryptionKey,
      keyFile: config.dataKeyFile,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    return { database, dataKey };
  } catch (error) {
    await database.close();
    if (error instanceof DatabaseStartError)
      refuseToStart(`The database cannot be used:\n  ${error.message}`);
    throw error;
  }
}

/** The built console, when there is one; without it the proxy serves the API only. */
async function loadSite(config: ProxyConfig, log: pino.Logger): Promise<Resources['site']> {
  const distDir = path.resolve(config.distDir ?? path.join(import.meta.dirname, '../../../dist'));
  try {
    const site = loadStaticSite(distDir);
    const renderOverview = await loadOverviewRender(distDir);
    const renderScreen = await loadScreenRender(distDir);
    return { site, ...(renderOverview && { renderOverview }), ...(renderScreen && { renderScreen }) };
  } catch {
    log.warn(
      { event: 'no_console_build', detail: 'dist/index.html is missing: serving the API only' },
      'no console build',
    );
    return {};
  }
}

/** The demo environment's world (D11), when the demo is on. */
async function startDemo(config: ProxyConfig, log: pino.Logger, options: ResourceOptions) {
  const environment = config.environments.find((candidate) => candidate.id === 'demo');
  if (!environment) return undefined;
  const world = await startDemoWorld({
    templatesPrefix: environment.templatesPrefix,
    generated: options.demoSeed,
    resetMs: config.demo.resetMs,
    logger: log,
    // Issue 47 item 6: the world is kept where the store is, in DATA_DIR. A PostgreSQL store may be
    // shared by several proxies, each with a world of its own, so none of them keeps one there.
    keepIn: config.databaseUrl ? undefined : config.dataDir,
  });
  // docs/decisions/0020: the demo beside a real upstream only when asked for, and said out loud.
  const upstreams = config.environments.filter((candidate) => candidate.id !== 'demo');
  if (upstreams.length > 0)
    log.warn(
      { event: 'demo_beside_upstream', upstreams: upstreams.map((candidate) => candidate.id).join(',') },
      'DEMO=true beside a real upstream: anyone who can reach this proxy can sign in to the demo',
    );
  // /__sim asks for this token (the tests pass theirs in DEMO_CONTROL_TOKEN).
  return { world, controlToken: config.demo.controlToken ?? randomBytes(24).toString('base64url') };
}

/** What phase 2 opened, closed in the reverse order once the server and the watcher have stopped. */
export async function closeResources(resources: Resources): Promise<void> {
  await resources.alertChannels.close();
  resources.demo?.world.stop();
  resources.stopRetention();
  await resources.pool.close();
  // The embedded database writes its last pages and frees DATA_DIR for the next start.
  await resources.database.close();
}
