// The token proxy's entry point: configuration from the environment, then the server.
// `node src/proxy/main.ts` (or `npm start`, which builds the console first).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProxyApp } from './app.ts';
import { ConfigError, isLoopbackHost, parseConfig } from './config.ts';
import type { ProxyConfig } from './config.ts';
import { jsonLinesLogger } from './logger.ts';
import { createRedisClient } from './redis-client.ts';
import { listen } from './server.ts';
import { createMemoryStore, createRedisStore } from './session-store.ts';
import type { SessionStore } from './session-store.ts';
import { loadStaticSite } from './static-site.ts';
import type { StaticSite } from './static-site.ts';
import type { FetchLike } from './upstream.ts';

export interface MainOptions {
  /** The demo environment's world: a generated one (N centres × M doctors) instead of D12's seed. */
  demoSeed?: { centres: number; doctors: number } | undefined;
}

export async function main(
  env: Record<string, string | undefined> = process.env,
  options: MainOptions = {},
): Promise<void> {
  let config;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = jsonLinesLogger();
  const store: SessionStore = config.redisUrl
    ? createRedisStore(createRedisClient(config.redisUrl))
    : createMemoryStore();
  const distDir = path.resolve(config.distDir ?? path.join(import.meta.dirname, '../../dist'));
  let site: StaticSite | undefined;
  try {
    site = loadStaticSite(distDir);
  } catch {
    log({
      level: 'warn',
      event: 'no_console_build',
      detail: 'dist/index.html is missing: serving the API only',
    });
  }
  const demoEnvironment = config.environments.find((environment) => environment.id === 'demo');
  const demo = demoEnvironment
    ? await startSimulator(demoEnvironment.templatesPrefix, options.demoSeed)
    : undefined;
  const proxy = createProxyApp({
    environments: config.environments,
    store,
    encryptionKey: config.encryptionKey,
    transports: demo ? { demo } : {},
    simulatorControl: demo,
    publicOrigin: config.publicOrigin,
    allowedHosts: allowedHostsFor(config),
    idleTimeoutMs: config.idleTimeoutMs,
    absoluteTimeoutMs: config.absoluteTimeoutMs,
    logger: log,
    site,
  });
  const running = await listen(proxy, store, { host: config.host, port: config.port });
  log({
    level: 'info',
    event: 'listening',
    url: running.url,
    environments: config.environments.map((environment) => environment.id).join(','),
    store: config.redisUrl ? 'redis' : 'memory',
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log({ level: 'info', event: 'stopping', signal });
      void running.close().then(() => {
        log({ level: 'info', event: 'stopped' });
        process.exit(0);
      });
    });
  }
}

/**
 * The Host names to answer: the public origin's when one is configured; the loopback names when
 * listening on loopback (DNS rebinding, see app.ts); any otherwise (a balancer in front decides).
 */
function allowedHostsFor(config: ProxyConfig): string[] | undefined {
  if (config.publicOrigin) return [new URL(config.publicOrigin).hostname];
  if (isLoopbackHost(config.host)) return ['127.0.0.1', 'localhost', '[::1]'];
  return undefined;
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
  // D11's reset goes back to the world it started with, generated or not.
  const simulator = createSimulator({ seed: generated ?? 'demo', templatesPrefix });
  return (request) => simulator.fetch(request);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
