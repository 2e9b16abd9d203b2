// The token proxy's entry point under Node: configuration from the environment, then the server.
// `node src/proxy/main.ts` (or `npm start`, which builds the console first). Each phase is a
// module of start/: read the configuration, open the resources, serve the app, start the
// background work, announce, and stop on a signal.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from './core/log/logger.ts';
import { traceFields } from './features/operations/trace-fields.ts';
import { announce, consoleOriginOf } from './start/announce.ts';
import { observeStores, startBackground, WatcherSlot } from './start/background.ts';
import { readConfig } from './start/config.ts';
import { openResources } from './start/resources.ts';
import { serve } from './start/serve.ts';
import { createOperations } from './features/operations/operations.ts';
import { stopOnSignals } from './start/signals.ts';

export interface MainOptions {
  /** The demo environment's world: a generated one (N centres × M doctors) instead of D12's seed. */
  demoSeed?: { centres: number; doctors: number } | undefined;
}

export async function main(
  env: Record<string, string | undefined> = process.env,
  options: MainOptions = {},
): Promise<void> {
  const config = await readConfig(env);
  // Metrics, traces and the drain (features/operations): traces before the database connects.
  const operations = createOperations(config.operations);
  const resources = await openResources(config, createLogger(undefined, traceFields), {
    ...options,
    meters: operations.meters,
  });
  // The app asks the watcher for on-demand refreshes; the watcher starts once the app listens.
  const watcher = new WatcherSlot();
  const served = await serve(resources, watcher, operations);
  await startBackground(resources, served, watcher, consoleOriginOf(resources, served), operations.meters);
  operations.watchQueue(() => watcher.queueDepths());
  observeStores(resources, operations);
  const metricsUrl = await operations.listen();
  announce(resources, served, metricsUrl);
  stopOnSignals(resources, served, watcher, operations);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
