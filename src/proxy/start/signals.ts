// Start-up, phase 6: SIGTERM and SIGINT stop the proxy within SHUTDOWN_GRACE_SECONDS: the server
// first (requests in flight may finish), then the watcher, then what phase 2 opened. Before that the
// instance drains: /readyz answers 503 for DRAIN_SECONDS (features/operations/drain.ts).
import { closeResources, type Resources } from './resources.ts';
import type { Served } from './serve.ts';
import type { WatcherSlot } from './background.ts';
import type { Operations } from '../features/operations/operations.ts';

export function stopOnSignals(
  resources: Resources,
  served: Served,
  watcher: WatcherSlot,
  operations: Operations,
): void {
  const { config, log } = resources;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info({ event: 'stopping', signal, graceMs: config.shutdownGraceMs }, 'stopping');
      const stop = async () => {
        // The load balancer sees /readyz turn 503 first (DRAIN_SECONDS), then requests in flight finish.
        await operations.drain.begin();
        await served.server.close(config.shutdownGraceMs);
        await watcher.stop();
        await closeResources(resources);
        await operations.close();
      };
      void stop().finally(() => {
        log.info({ event: 'stopped' }, 'stopped');
        process.exit(0);
      });
    });
  }
}
