// The token proxy's entry point under Node: configuration from the environment, then the server.
// `node src/proxy/main.ts` (or `npm start`, which builds the console first).
import { lookup } from 'node:dns/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProxyApp } from './app.ts';
import { ConfigError, isLoopbackHost, parseConfig, type ProxyConfig } from './config.ts';
import { demoLogins } from './environments.ts';
import { createLogger } from './logger.ts';
import { createRedisStore } from './redis-store.ts';
import { listen } from './server.ts';
import { createMemoryStore, type SessionStore } from './session-store.ts';
import { loadStaticSite, type StaticSite } from './static-site.ts';
import type { FetchLike } from './upstream.ts';

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
  const store: SessionStore = config.redisUrl
    ? createRedisStore(config.redisUrl, { logger: log })
    : createMemoryStore();
  const distDir = path.resolve(config.distDir ?? path.join(import.meta.dirname, '../../dist'));
  let site: StaticSite | undefined;
  try {
    site = loadStaticSite(distDir);
  } catch {
    log.warn(
      { event: 'no_console_build', detail: 'dist/index.html is missing: serving the API only' },
      'no console build',
    );
  }
  const demoEnvironment = config.environments.find((environment) => environment.id === 'demo');
  const demo = demoEnvironment
    ? await startSimulator(demoEnvironment.templatesPrefix, options.demoSeed)
    : undefined;
  let running;
  try {
    running = await listen(
      (address) =>
        createProxyApp({
          environments: config.environments,
          store,
          encryptionKey: config.encryptionKey,
          transports: demo ? { demo } : {},
          simulatorControl: demo,
          publicOrigin: config.publicOrigin,
          allowedHosts: allowedHostsFor(config, address),
          idleTimeoutMs: config.idleTimeoutMs,
          absoluteTimeoutMs: config.absoluteTimeoutMs,
          logger: log,
          site,
        }),
      store,
      { host: config.host, port: config.port, trustedProxies: config.trustedProxies, logger: log },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      refuseToStart(
        `Port ${config.port} on ${config.host} is taken by another program. Choose another: PORT=${config.port + 1} npm start (or npm start -- --port ${config.port + 1}).`,
      );
    throw error;
  }
  const server = running;
  log.info(
    {
      event: 'listening',
      url: server.url,
      environments: config.environments.map((environment) => environment.id).join(','),
      store: config.redisUrl ? 'redis' : 'memory',
    },
    'listening',
  );
  // For a person at a terminal: one plain line beside the JSON logs (on stderr, so that stdout
  // stays JSON lines for a log collector).
  const open = config.publicOrigin ?? server.url.replace('://[::1]', '://localhost');
  const logins = demo
    ? ` Demo logins (D12): provider ${demoLogins.parent.providerId} ${demoLogins.parent.clientId} / ${demoLogins.parent.clientSecret}, provider ${demoLogins.processor.providerId} ${demoLogins.processor.clientId} / ${demoLogins.processor.clientSecret}.`
    : '';
  process.stderr.write(`Provider Console: open ${open}/ in your browser.${logins}\n`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info({ event: 'stopping', signal, graceMs: config.shutdownGraceMs }, 'stopping');
      void server.close(config.shutdownGraceMs).then(() => {
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

/**
 * The embedded simulator (the `demo` environment, D11): its `fetch` is the upstream transport and
 * its `/__sim` control API is served on the proxy's origin. Imported only when the demo is on, so
 * a deployment without it never loads MSW.
 */
async function startSimulator(
  templatesPrefix: string,
  generated: MainOptions['demoSeed'],
): Promise<FetchLike> {
  const { createSimulator } = await import('../simulator/index.ts');
  // The demo's test clock starts at the real time (D10: from there it moves only through the control
  // API), so that "in 20 days" agrees with the date beside it and with the calendar people read; a
  // world seeded days earlier read "in 20 days" beside a date 16 days away. D11's reset goes back to
  // the world it started with, generated or not, at the same start.
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const simulator = createSimulator({ seed: generated ?? 'demo', templatesPrefix, now });
  return (request) => simulator.fetch(request);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
