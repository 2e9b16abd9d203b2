// The token proxy's entry point under Node: configuration from the environment, then the server.
// `node src/proxy/main.ts` (or `npm start`, which builds the console first).
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAlertInbox } from './features/alerts/inbox.ts';
import { createProxyApp } from './app.ts';
import { ConfigError, isLoopbackHost, parseConfig, type ProxyConfig } from './config.ts';
import { createSqlAuditStore } from './features/audit/repository.ts';
import { dataKeyFor } from './core/store/data-key.ts';
import { createSqlDirectory } from './features/people/repository.ts';
import { createWebhookStore } from './features/connections/webhook-repository.ts';
import { createWatchRepository } from './features/watch/repository.ts';
import { createWatchReads } from './features/watch/reads.ts';
import { createWatchRetention } from './features/watch/retention.ts';
import { openStore, type Store } from './core/store/engine.ts';
import { DatabaseStartError } from './core/store/errors.ts';
import { hasEmbeddedEngineFlags } from './core/store/pglite.ts';
import { startDemoWorld } from './features/demo/world.ts';
import { demoLogins } from './core/upstream/environments.ts';
import { errorFacts } from './core/log/error-codes.ts';
import { demoPeople, seedDemo } from './features/demo/people.ts';
import { embeddedOidc } from './features/demo/embedded-oidc.ts';
import { createOidcClient } from './features/sign-in/oidc-client.ts';
import type { OrganisationSignIn } from './features/sign-in/organisation.ts';
import { createSecretBox } from './core/store/secret-box.ts';
import { createLogger, requestLineLogger } from './core/log/logger.ts';
import { createRedisStore } from './core/sessions/redis-store.ts';
import { controlTokenHeader } from './features/demo/simulator-control.ts';
import { cutConnection, listen, type NodeMount } from './core/http/server.ts';
import { createMemoryStore, type SessionStore } from './core/sessions/store.ts';
import { loadOverviewRender, loadStaticSite, type StaticSite } from './features/site/static-site.ts';
import type { RenderOverview } from '../proxy-api/first-screen.ts';
import { createUpstreamPool } from './core/upstream/pool.ts';
import { scheduleRetention } from './core/store/retention.ts';
import { startWatcher, type Watcher } from './features/watch/watcher.ts';
import { startAlertChannels } from './features/mail/channels.ts';

/** Stops with exit code 2 and a message a person can act on (the configuration is wrong). */
function refuseToStart(message: string): never {
  console.error(message);
  process.exit(2);
}

export interface MainOptions {
  /** The demo environment's world: a generated one (N centres × M doctors) instead of D12's seed. */
  demoSeed?: { centres: number; doctors: number } | undefined;
}

export async function main(
  env: Record<string, string | undefined> = process.env,
  options: MainOptions = {},
): Promise<void> {
  let config: ProxyConfig;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) refuseToStart(error.message);
    throw error;
  }
  // Listening beyond this machine, the proxy must know the one host name it answers to (DNS
  // rebinding, docs/decisions/0005). HOST is resolved as listen() will resolve it.
  const bound = await lookup(config.host).catch(() =>
    refuseToStart(`Invalid configuration:\n  HOST: ${config.host} does not resolve`),
  );
  if (!isLoopbackHost(bound.address) && !config.publicOrigin)
    refuseToStart(
      `Invalid configuration:\n  PUBLIC_ORIGIN: is required when HOST (${config.host}) is not a loopback address: the origin browsers use, like https://console.example`,
    );
  const log = createLogger();
  // docs/decisions/0018: the database first: unreachable, or at a newer schema, stops the start.
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
  const audit = createSqlAuditStore(database.db, database.ping);
  // docs/decisions/0023: connections' secrets are sealed with the deployment key.
  let dataKey: Uint8Array;
  try {
    dataKey = dataKeyFor({
      dataEncryptionKey: config.people.dataEncryptionKey,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
  } catch (error) {
    await database.close();
    if (error instanceof DatabaseStartError)
      refuseToStart(`The database cannot be used:\n  ${error.message}`);
    throw error;
  }
  const directory = createSqlDirectory(database.db, createSecretBox(dataKey));
  // The embedded demo provider answers on loopback only (docs/decisions/0023).
  if (config.people.embeddedOidc && !isLoopbackHost(bound.address))
    refuseToStart(
      `Invalid configuration:\n  EMBEDDED_OIDC: the embedded demo identity provider answers on loopback only, and HOST (${config.host}) is not: set EMBEDDED_OIDC=false, or configure OIDC_ISSUER_URL`,
    );
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
  const store: SessionStore = config.redisUrl
    ? createRedisStore(config.redisUrl, { logger: log })
    : createMemoryStore();
  const distDir = path.resolve(config.distDir ?? path.join(import.meta.dirname, '../../dist'));
  let site: StaticSite | undefined;
  let renderOverview: RenderOverview | undefined;
  try {
    site = loadStaticSite(distDir);
    renderOverview = await loadOverviewRender(distDir);
  } catch {
    log.warn(
      { event: 'no_console_build', detail: 'dist/index.html is missing: serving the API only' },
      'no console build',
    );
  }
  const demoEnvironment = config.environments.find((environment) => environment.id === 'demo');
  const demo = demoEnvironment
    ? await startDemoWorld({
        templatesPrefix: demoEnvironment.templatesPrefix,
        generated: options.demoSeed,
        resetMs: config.demo.resetMs,
        logger: log,
      })
    : undefined;
  // docs/decisions/0027: e-mail through SMTP_URL, else the demo's in-process catcher; the webhook
  // poster. The alerts' delivery job sends through `alertChannels.channels`.
  let consoleOrigin = config.publicOrigin ?? '';
  const alertChannels = await startAlertChannels({
    mail: config.mail,
    demo: demo !== undefined,
    consoleOrigin: () => consoleOrigin,
  });
  // One store of the connections' sealed chat webhooks: set by admins (the app), opened by the
  // alerts' delivery job (the watcher).
  const webhooks = createWebhookStore(database.db, createSecretBox(dataKey));
  let built: ReturnType<typeof createProxyApp> | undefined;
  // Started once the proxy listens (below); the app asks it for on-demand refreshes meanwhile.
  let watcher: Watcher | undefined;
  let embeddedIssuer: string | undefined;
  // docs/decisions/0020: the demo beside a real upstream only when asked for, and said out loud.
  const upstreams = config.environments.filter((environment) => environment.id !== 'demo');
  if (demo && upstreams.length > 0)
    log.warn(
      {
        event: 'demo_beside_upstream',
        upstreams: upstreams.map((environment) => environment.id).join(','),
      },
      'DEMO=true beside a real upstream: anyone who can reach this proxy can sign in to the demo',
    );
  // /__sim asks for this token (the tests pass theirs in DEMO_CONTROL_TOKEN).
  const controlToken = demo ? (config.demo.controlToken ?? randomBytes(24).toString('base64url')) : undefined;
  // A bounded pool of connections to each real upstream (the demo's is in-process).
  const pool = createUpstreamPool({ connections: config.upstreamConnections });
  const transports = Object.fromEntries(upstreams.map((environment) => [environment.id, pool.transport]));
  let running;
  try {
    running = await listen(
      (address, port) => {
        const hosts = allowedHostsFor(config, address);
        let organisation: OrganisationSignIn | undefined = config.people.oidc
          ? createOidcClient(config.people.oidc)
          : undefined;
        const mounts: NodeMount[] = [];
        if (config.people.embeddedOidc) {
          const embedded = embeddedOidc(hosts, port, config.publicOrigin);
          embeddedIssuer = embedded.issuer;
          organisation = embedded.organisation;
          mounts.push(embedded.mount);
        }
        built = createProxyApp({
          environments: config.environments,
          store,
          audit,
          auditRetentionDays: config.auditRetentionDays,
          encryptionKey: config.encryptionKey,
          transports: demo ? { ...transports, demo: demo.fetch } : transports,
          ...(demo && {
            simulatorControl: demo.fetch,
            simulatorControlToken: controlToken,
            demoLimits: config.demo,
          }),
          publicOrigin: config.publicOrigin,
          allowedHosts: hosts,
          idleTimeoutMs: config.idleTimeoutMs,
          absoluteTimeoutMs: config.absoluteTimeoutMs,
          maxAnswerBytes: config.maxAnswerBytes,
          maxRequestsPerSession: config.maxRequestsPerSession,
          cutConnection,
          logger: log,
          requestLogger: requestLineLogger(log),
          site,
          ...(renderOverview && { renderOverview }),
          directory,
          alerts: createAlertInbox(database.db),
          organisation,
          people: config.people.policy,
          clientCredentialsLogin: config.people.clientCredentialsLogin,
          webhooks,
          demoMail: alertChannels.catcher,
          ...(config.watch.enabled && {
            watch: {
              refresh: (id: string) => watcher?.refresh(id) ?? Promise.resolve(false),
              deliver: async () => watcher?.nudge(),
            },
          }),
          watchReads: createWatchReads(database.db),
        });
        return { ...built, mounts };
      },
      store,
      {
        host: config.host,
        port: config.port,
        trustedProxies: config.trustedProxies,
        logger: log,
        maxConnections: config.maxConnections,
      },
    );
  } catch (error) {
    await database.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      refuseToStart(
        `Port ${config.port} on ${config.host} is taken by another program. Choose another: PORT=${config.port + 1} npm start (or npm start -- --port ${config.port + 1}).`,
      );
    throw error;
  }
  const server = running;
  // The demo's connections (and, with the embedded provider, its people) are registered.
  if (demo && built)
    await seedDemo(directory, built.access, {
      issuer: embeddedIssuer,
      people: embeddedIssuer !== undefined,
      at: Date.now(),
    });
  // docs/decisions/0025: every stored connection's centres, on a schedule, through the job queue.
  // Started once the proxy listens (pg-boss installs its tables on the first start); a queue that
  // cannot start leaves the proxy serving, and says so.
  const builtAccess = built?.access;
  watcher = !config.watch.enabled
    ? undefined
    : await startWatcher({
        store: database,
        directory,
        repository: createWatchRepository(database.db),
        environments: new Map(config.environments.map((environment) => [environment.id, environment])),
        transportOf: (environment) => (environment.id === 'demo' && demo ? demo.fetch : pool.transport),
        intervalMinutes: config.watch.intervalMinutes,
        concurrency: config.watch.concurrency,
        tokenTimeoutMs: 5_000,
        apiTimeoutMs: 10_000,
        maxAnswerBytes: config.maxAnswerBytes,
        log,
        // docs/decisions/0026 and 0027: the alerts' e-mail leaves through SMTP_URL, or the demo's
        // catcher; chat posts through each connection's webhook, opened at send time.
        channels: alertChannels.channels,
        webhooks,
        adminEmails: config.people.policy.adminEmails,
        ...(builtAccess && { connectionsChanged: () => builtAccess.changed('connections') }),
      }).catch((error: unknown) => {
        log.error({ event: 'watch_not_started', ...errorFacts(error) }, 'the watcher could not start');
        return undefined;
      });
  log.info(
    {
      event: 'listening',
      url: server.url,
      environments: config.environments.map((environment) => environment.id).join(','),
      store: config.redisUrl ? 'redis' : 'memory',
      database: database.engine.kind,
      email: alertChannels.email,
    },
    'listening',
  );
  // For a person at a terminal: one plain line beside the JSON logs (on stderr, so that stdout
  // stays JSON lines for a log collector).
  const open = config.publicOrigin ?? server.url.replace('://[::1]', '://localhost');
  consoleOrigin = open;
  const logins = demo
    ? ` Demo logins (D12): provider ${demoLogins.parent.providerId} ${demoLogins.parent.clientId} / ${demoLogins.parent.clientSecret}, provider ${demoLogins.processor.providerId} ${demoLogins.processor.clientId} / ${demoLogins.processor.clientSecret}.`
    : '';
  const people = embeddedIssuer
    ? ` Sign in with your organisation as a demo person: ${demoPeople.map((person) => `${person.name} (${person.title})`).join(', ')}.`
    : '';
  // A token made here is shown once, to the person who started the proxy; one set in the
  // environment is theirs already and is never echoed.
  const control = !demo
    ? ''
    : config.demo.controlToken === undefined
      ? ` Simulator control (/__sim): send ${controlTokenHeader}: ${controlToken}`
      : ` Simulator control (/__sim): send ${controlTokenHeader} with DEMO_CONTROL_TOKEN.`;
  const mail = alertChannels.catcher ? ` Demo e-mail is caught in-process: ${open}/demo-mail.` : '';
  process.stderr.write(
    `Provider Console: open ${open}/ in your browser.${logins}${people}${mail}${control}\n`,
  );
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info({ event: 'stopping', signal, graceMs: config.shutdownGraceMs }, 'stopping');
      const stop = async () => {
        await server.close(config.shutdownGraceMs);
        await watcher?.stop();
        await alertChannels.close();
        demo?.stop();
        stopRetention();
        await pool.close();
        // The embedded database writes its last pages and frees DATA_DIR for the next start.
        await database.close();
      };
      void stop().finally(() => {
        log.info({ event: 'stopped' }, 'stopped');
        process.exit(0);
      });
    });
  }
}

/**
 * The Host names to answer (DNS rebinding, docs/decisions/0005): the public origin's when one is
 * configured; else the address actually bound (a loopback one, checked above) and `localhost`.
 */
function allowedHostsFor(config: ProxyConfig, address: string): string[] {
  if (config.publicOrigin) return [new URL(config.publicOrigin).hostname];
  return [address.includes(':') ? `[${address}]` : address, 'localhost'];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
