// The operations feature as the Node host starts it (issue 49): metrics when METRICS_PORT is set,
// traces when OTEL_EXPORTER_OTLP_ENDPOINT is, and the drain, behind one handle that main.ts holds
// and createProxyApp receives as `operations` (hooks.ts, the app's web-standard view of it).
import type { MiddlewareHandler } from 'hono';
import type { OperationsConfig } from './config.ts';
import { createDrain, type Drain } from './drain.ts';
import type { OperationsHooks } from './hooks.ts';
import { noMeters } from './meters.ts';
import { createMetrics, type Metrics, type QueueDepths } from './metrics.ts';
import { startMetricsServer, type MetricsServer, type OnlineBackup } from './metrics-server.ts';
import { startTracing, type Tracing } from './tracing.ts';

export interface Operations extends OperationsHooks {
  drain: Drain;
  /** Counts the live sessions when Prometheus scrapes (no-op with metrics off). */
  observeSessions(count: () => number | Promise<number>): void;
  /** Reads each connection's newest snapshot's age when Prometheus scrapes (no-op with metrics off). */
  observeSnapshotAges(read: () => Promise<readonly number[]>): void;
  /**
   * The job queue's waiting jobs by queue (once the watcher has started): readiness asks it (a
   * failure is `queue: not_connected`) and the metrics read it as `console_queue_depth`.
   */
  watchQueue(depths: QueueDepths): void;
  /** The embedded database's dump while it serves, offered at `POST /backup` on the metrics listener. */
  offerBackup(dump: OnlineBackup): void;
  /** Opens the metrics listener, if any; its URL (for the start-up log line). */
  listen(): Promise<string | undefined>;
  /** The metrics listener closed and the last spans sent (main's last shutdown step). */
  close(): Promise<void>;
}

/** Traces must start before the database client connects: call this first in main. */
export function createOperations(config: OperationsConfig): Operations {
  const tracing: Tracing | undefined =
    config.traces && startTracing({ serviceName: config.traces.serviceName });
  const metrics: Metrics | undefined = config.metrics && createMetrics();
  const drain = createDrain(config.drainMs);
  let queue: (() => Promise<unknown>) | undefined;
  let server: MetricsServer | undefined;
  let backup: OnlineBackup | undefined;
  const requests: MiddlewareHandler = async (c, next) => {
    const counted = async () => {
      await (metrics ? metrics.requests(c, next) : next());
    };
    await (tracing ? tracing.requests(c, counted) : counted());
  };
  return {
    requests,
    readiness: {
      drain,
      get queue() {
        return queue;
      },
    },
    meters: metrics?.meters ?? noMeters,
    drain,
    observeSessions: (count) => metrics?.observeSessions(count),
    observeSnapshotAges: (read) => metrics?.observeSnapshotAges(read),
    watchQueue(depths) {
      queue = depths;
      metrics?.observeQueues(depths);
    },
    offerBackup(dump) {
      backup = dump;
    },
    async listen() {
      if (!metrics || !config.metrics) return undefined;
      server = await startMetricsServer(metrics.registry, config.metrics, () => backup);
      return server.url;
    },
    async close() {
      await server?.close();
      await tracing?.shutdown();
    },
  };
}
