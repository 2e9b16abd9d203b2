// Prometheus metrics with prom-client (issue 49, item 2): one registry per process, the request
// middleware, and `Meters` (meters.ts) for what other features count. Served on a listener of its
// own (metrics-server.ts), never on the console's origin. Labels are route patterns, methods, status
// classes and closed sets of words (bounded cardinality; metrics.test.ts parses the output).
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Gauge, Histogram, Registry, Summary, collectDefaultMetrics } from 'prom-client';
import { OPERATION_IDS } from '../../../contract/operations.ts';
import { bounded, type Meters } from './meters.ts';

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const operations = new Set<string>([...OPERATION_IDS, 'token']);
/** A word of lower-case letters and `_`/`-` (a kind or a queue's name), never an id or a name. */
const word = (value: string) => (/^[a-z][a-z_-]{0,39}$/.test(value) ? value : 'other');

export interface Metrics {
  registry: Registry;
  meters: Meters;
  /** `app.use('*', …)`: each request by route pattern, method and status class. */
  requests: MiddlewareHandler;
  /** How many sessions are live, read when Prometheus scrapes. */
  observeSessions(count: () => number | Promise<number>): void;
  /** Jobs waiting in each job queue, read when Prometheus scrapes. */
  observeQueues(depths: QueueDepths): void;
  /** Each connection's newest snapshot's age in seconds, read when Prometheus scrapes. */
  observeSnapshotAges(read: () => Promise<readonly number[]>): void;
}

export type QueueDepths = () => Promise<Readonly<Record<string, number>>>;

export function createMetrics(options: { defaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaults !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Histogram({
    name: 'console_http_request_duration_seconds',
    help: 'Requests to the proxy by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: seconds,
    registers,
  });
  let sessions: (() => number | Promise<number>) | undefined;
  // Registered for its collect(): read when Prometheus scrapes.
  registry.registerMetric(
    new Gauge({
      name: 'console_sessions_active',
      help: 'Live sessions in the session store.',
      registers: [],
      async collect() {
        if (sessions) this.set(await sessions());
      },
    }),
  );
  const queues: Scraped = {};
  return {
    registry,
    meters: createMeters(registers, queues),
    observeSnapshotAges(read) {
      queues.ages = () => read().catch(() => undefined);
    },
    observeSessions(count) {
      sessions = count;
    },
    observeQueues(depths) {
      queues.depths = depths;
    },
    requests: async (c, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        requests.observe(
          {
            route: routePath(c),
            method: methods.has(c.req.method) ? c.req.method : 'other',
            status: `${Math.floor(c.res.status / 100)}xx`,
          },
          (performance.now() - started) / 1_000,
        );
      }
    },
  };
}

/** What the registry reads when Prometheus scrapes. */
interface Scraped {
  depths?: QueueDepths;
  ages?: () => Promise<readonly number[] | undefined>;
  /** This scrape's read of the ages: the summary starts it, the oldest-age gauge (collected next) reuses it. */
  agesRead?: Promise<readonly number[] | undefined>;
}

function createMeters(registers: Registry[], queues: Scraped): Meters {
  const upstream = new Histogram({
    name: 'console_upstream_request_duration_seconds',
    help: 'Calls to the upstream by spec operation and outcome.',
    labelNames: ['operation', 'outcome'] as const,
    buckets: seconds,
    registers,
  });
  const renewals = counter(
    'console_token_renewals_total',
    'Token renewals by outcome.',
    ['outcome'],
    registers,
  );
  const signIns = counter(
    'console_sign_ins_total',
    'Sign-ins by method and outcome.',
    ['method', 'outcome'],
    registers,
  );
  const audit = counter('console_audit_entries_written_total', 'Audit log entries written.', [], registers);
  const watch = watchMeters(registers, queues);
  const alerts = counter('console_alerts_raised_total', 'Alerts raised by kind.', ['kind'], registers);
  const deliveries = counter(
    'console_alert_deliveries_total',
    'Alert deliveries by channel and outcome.',
    ['channel', 'outcome'],
    registers,
  );
  const depth = new Gauge({
    name: 'console_queue_depth',
    help: 'Jobs waiting in each job queue.',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      // A queue that cannot answer leaves the last depths; /readyz says it is out.
      const depths = await queues.depths?.().catch(() => undefined);
      for (const [queue, jobs] of Object.entries(depths ?? {})) this.set({ queue: word(queue) }, jobs);
    },
  });
  return {
    upstreamCall: (operation, outcome, ms) =>
      upstream.observe({ operation: bounded(operation, operations), outcome }, ms / 1_000),
    tokenRenewal: (outcome) => renewals.inc({ outcome }),
    signIn: (method, outcome) => signIns.inc({ method, outcome }),
    auditEntriesWritten: (count) => audit.inc(count),
    ...watch,
    alertRaised: (kind) => alerts.inc({ kind: word(kind) }),
    alertDelivery: (channel, outcome) => deliveries.inc({ channel, outcome }),
    queueDepth: (queue, jobs) => depth.set({ queue: word(queue) }, jobs),
  };
}

/** The watcher's families: its refreshes, and its snapshots' ages read when Prometheus scrapes. */
function watchMeters(
  registers: Registry[],
  queues: Scraped,
): Pick<Meters, 'watcherRefresh' | 'snapshotAges'> {
  const refreshes = new Histogram({
    name: 'console_watch_refresh_duration_seconds',
    help: "The watcher's refreshes of one connection, by result.",
    labelNames: ['result'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers,
  });
  const centres = counter('console_watch_centres_read_total', 'Centres read by the watcher.', [], registers);
  const changes = counter('console_watch_changes_total', 'Changes the watcher found.', [], registers);
  const refreshErrors = counter(
    'console_watch_refresh_errors_total',
    'Refreshes that failed.',
    [],
    registers,
  );
  const ages = new Summary({
    name: 'console_watch_snapshot_age_seconds',
    help: "Age of each connection's newest snapshot, over connections (no connection label).",
    percentiles: [0.5, 0.9, 1],
    maxAgeSeconds: 600,
    ageBuckets: 2,
    registers,
    async collect() {
      // Read at scrape: the summary is over today's connections, one observation each.
      queues.agesRead = queues.ages?.();
      const values = await queues.agesRead;
      if (!values) return;
      this.reset();
      for (const value of values) this.observe(value);
    },
  });
  const oldest = new Gauge({
    name: 'console_watch_snapshot_oldest_seconds',
    help: 'Age of the oldest newest-snapshot across connections.',
    registers,
    async collect() {
      // prom-client calls each collect in registration order before awaiting any: the summary's read.
      const values = await queues.agesRead;
      if (values) this.set(values.length > 0 ? Math.max(...values) : 0);
    },
  });
  return {
    watcherRefresh: ({ ms, centres: read, changes: found, failed }) => {
      refreshes.observe({ result: failed ? 'failed' : 'ok' }, ms / 1_000);
      centres.inc(read);
      changes.inc(found);
      if (failed) refreshErrors.inc();
    },
    snapshotAges: (values) => {
      for (const value of values) ages.observe(value);
      oldest.set(values.length > 0 ? Math.max(...values) : 0);
    },
  };
}

function counter<L extends string>(name: string, help: string, labelNames: L[], registers: Registry[]) {
  return new Counter<L>({ name, help, labelNames, registers });
}
