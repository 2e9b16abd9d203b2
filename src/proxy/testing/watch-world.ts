// What the watcher's tests share (docs/decisions/0025): the simulator behind a transport that
// counts what reaches it (requests in flight, at most, and each request's start, end and status),
// stored connections to its demo parents, and a watcher on a given store with a way to wait for
// the refreshes it runs.
import { randomBytes } from 'node:crypto';
import { createWatchRepository } from '../features/watch/repository.ts';
import type { Store } from '../core/store/engine.ts';
import type { WebhookStore } from '../features/connections/webhook-repository.ts';
import { createSqlDirectory } from '../features/people/repository.ts';
import { demoLogins, type EnvironmentConfig } from '../core/upstream/environments.ts';
import { silentLogger } from '../core/http/context.ts';
import type { Connection, Directory } from '../features/people/directory.ts';
import { createSecretBox } from '../core/store/secret-box.ts';
import type { RaisedAlert } from '../features/alerts/raise.ts';
import type { Channels } from '../features/alerts/channels.ts';
import type { RefreshResult } from '../features/watch/refresh.ts';
import { startWatcher, type Watcher } from '../features/watch/watcher.ts';
import { createSimulator, type Simulator } from '../../simulator/index.ts';

export interface Seen {
  method: string;
  path: string;
  started: number;
  ended: number;
  status: number;
}

/** The simulator behind a counting transport. */
export function countedSimulator(simulator: Simulator = createSimulator({ seed: 'demo' })) {
  const seen: Seen[] = [];
  let inFlight = 0;
  const counts = { maxInFlight: 0 };
  return {
    simulator,
    seen,
    counts,
    async transport(request: Request): Promise<Response> {
      inFlight += 1;
      counts.maxInFlight = Math.max(counts.maxInFlight, inFlight);
      const started = Date.now();
      const body = request.method === 'POST' ? await request.clone().text() : '';
      try {
        const response = await simulator.fetch(request);
        const url = new URL(request.url);
        seen.push({
          method: request.method,
          path: `${url.pathname}${url.search}${body.includes('client_id') ? ` ${new URLSearchParams(body).get('client_id') ?? ''}` : ''}`,
          started,
          ended: Date.now(),
          status: response.status,
        });
        return response;
      } finally {
        inFlight -= 1;
      }
    },
    /** D11's control API, on the simulator itself. */
    async control(path: string, body: unknown): Promise<unknown> {
      const response = await simulator.fetch(
        new Request(`http://simulator.invalid/__sim${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      if (!response.ok) throw new Error(`control ${path}: ${response.status}`);
      return response.json();
    },
  };
}
export type CountedSimulator = ReturnType<typeof countedSimulator>;

export const demoEnvironment: EnvironmentConfig = { id: 'demo', templatesPrefix: '' };

/** A stored connection to one of the simulator's parents (D12's by default). */
export async function addConnection(
  directory: Directory,
  credentials: { providerId: number; clientId: string; clientSecret: string } = demoLogins.processor,
): Promise<Connection> {
  const added = await directory.addConnection({
    label: `Parent ${credentials.providerId}`,
    environment: 'demo',
    ...credentials,
    providerVerified: true,
    createdBy: null,
    at: Date.now(),
  });
  if (added === 'exists') throw new Error('the connection exists already');
  return added;
}

export interface WatchWorld {
  directory: Directory;
  repository: ReturnType<typeof createWatchRepository>;
  watcher: Watcher;
  /** Every refresh this watcher ran, in order. */
  runs: { connectionId: string; result: RefreshResult; alerts: RaisedAlert[] }[];
  /** Resolves with the next refresh of `connectionId` this watcher runs. */
  refreshed(connectionId: string): Promise<RefreshResult>;
}

export async function startWatchWorld(
  store: Store,
  upstream: CountedSimulator,
  options: {
    key?: Uint8Array;
    concurrency?: number;
    attempts?: number;
    channels?: Channels;
    now?: () => number;
    webhooks?: Pick<WebhookStore, 'url'>;
    adminEmails?: ReadonlySet<string>;
  } = {},
): Promise<WatchWorld> {
  const directory = createSqlDirectory(store.db, createSecretBox(options.key ?? randomBytes(32)));
  const repository = createWatchRepository(store.db);
  const runs: WatchWorld['runs'] = [];
  const waiting = new Map<string, ((result: RefreshResult) => void)[]>();
  const watcher = await startWatcher({
    store,
    directory,
    repository,
    environments: new Map([['demo', demoEnvironment]]),
    transportOf: () => upstream.transport,
    intervalMinutes: 15,
    concurrency: options.concurrency ?? 4,
    tokenTimeoutMs: 5_000,
    apiTimeoutMs: 5_000,
    maxAnswerBytes: 16 * 1024 * 1024,
    backoff: { baseMs: 200, maxMs: 10_000, attempts: options.attempts ?? 6 },
    log: silentLogger,
    schedule: false,
    pollingIntervalSeconds: 0.5,
    ...(options.channels ? { channels: options.channels } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.adminEmails ? { adminEmails: options.adminEmails } : {}),
    onRefreshed(connectionId, result, alerts) {
      runs.push({ connectionId, result, alerts });
      for (const resolve of waiting.get(connectionId) ?? []) resolve(result);
      waiting.delete(connectionId);
    },
  });
  return {
    directory,
    repository,
    watcher,
    runs,
    refreshed: (connectionId) =>
      new Promise((resolve) => waiting.set(connectionId, [...(waiting.get(connectionId) ?? []), resolve])),
  };
}
