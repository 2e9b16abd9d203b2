// Two proxies' watchers on one PostgreSQL (two stores, two pg-boss instances, one simulator):
// every refresh runs once, whoever asks, and the requests in flight to the upstream stay within
// WATCH_CONCURRENCY across both, counted where they reach the simulator.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoLogins } from '../../core/upstream/environments.ts';
import { openStore, type Store } from '../../core/store/engine.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import {
  addConnection,
  countedSimulator,
  startWatchWorld,
  type WatchWorld,
} from '../../testing/watch-world.ts';

let server: PostgresServer;
const stores: Store[] = [];
const worlds: WatchWorld[] = [];
const upstream = countedSimulator();
const key = randomBytes(32);
const clientIds: string[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
  const url = await server.createDatabase('instances');
  for (const _ of [1, 2]) {
    // oxlint-disable-next-line no-await-in-loop -- the second instance starts on a migrated database
    const store = await openStore({ databaseUrl: url, dataDir: '' });
    stores.push(store);
    // oxlint-disable-next-line no-await-in-loop -- as above
    worlds.push(await startWatchWorld(store, upstream, { key, concurrency: 3 }));
  }
  const [first] = worlds;
  if (!first) throw new Error('two instances');
  // The two demo parents, and four more, each with five processor-billed centres.
  for (const login of [demoLogins.parent, demoLogins.processor]) {
    // oxlint-disable-next-line no-await-in-loop -- a few rows
    await addConnection(first.directory, login);
    clientIds.push(login.clientId);
  }
  for (let n = 0; n < 4; n += 1) {
    // oxlint-disable-next-line no-await-in-loop -- a few providers
    const parent = (await upstream.control('/providers', {
      name: `Parent ${n}`,
      country: 'ES',
      city: 'Madrid',
    })) as {
      providerId: number;
      clientId: string;
      secret: string;
    };
    for (let c = 0; c < 5; c += 1)
      // oxlint-disable-next-line no-await-in-loop -- a few providers
      await upstream.control('/providers', {
        name: `Centre ${n}.${c}`,
        country: 'ES',
        city: 'Madrid',
        parentId: parent.providerId,
      });
    // oxlint-disable-next-line no-await-in-loop -- a few rows
    await addConnection(first.directory, {
      providerId: parent.providerId,
      clientId: parent.clientId,
      clientSecret: parent.secret,
    });
    clientIds.push(parent.clientId);
  }
  // Every licence read waits 30 ms: without a bound, requests would pile up.
  await upstream.control('/faults', { match: 'GET /payments', delayMs: 30, times: 10_000 });
}, 120_000);

afterAll(async () => {
  for (const world of worlds) await world.watcher.stop(); // oxlint-disable-line no-await-in-loop
  for (const store of stores) await store.close(); // oxlint-disable-line no-await-in-loop
  await server?.destroy();
}, 60_000);

const allRuns = () => worlds.flatMap((world) => world.runs);
async function until(done: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    // oxlint-disable-next-line no-await-in-loop -- polling what the workers report
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const tokensOf = (clientId: string) => upstream.seen.filter((r) => r.path.endsWith(` ${clientId}`)).length;

test('both instances tick at once: each connection is refreshed once, and never more than 3 requests are in flight', async () => {
  const [a, b] = worlds;
  if (!a || !b) throw new Error('two instances');
  const sent = await Promise.all([a.watcher.tick(), b.watcher.tick()]);
  // Of the two instances asking for the same six refreshes, one sent each job.
  expect(sent[0] + sent[1]).toBe(6);
  await until(() => allRuns().length >= 6);
  // A little longer: a second run of any of them would show here.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const runs = allRuns();
  expect(runs).toHaveLength(6);
  expect(new Set(runs.map((run) => run.connectionId)).size).toBe(6);
  expect(runs.every((run) => run.result.outcome === 'ok')).toBe(true);
  for (const clientId of clientIds) expect(tokensOf(clientId), clientId).toBe(1);
  expect(upstream.counts.maxInFlight).toBeLessThanOrEqual(3);
  console.info(
    `refreshes run by each instance: ${a.runs.length} / ${b.runs.length}; peak in flight ${upstream.counts.maxInFlight}`,
  );
  // Nothing is due again within the interval.
  expect(await Promise.all([a.watcher.tick(), b.watcher.tick()])).toEqual([0, 0]);
}, 90_000);

test('both ask for the same connection on demand at once: one job, one refresh', async () => {
  const [a, b] = worlds;
  if (!a || !b) throw new Error('two instances');
  const [connection] = await a.directory.connections();
  if (!connection) throw new Error('a connection');
  const before = allRuns().length;
  const tokens = tokensOf(connection.clientId);
  const asked = await Promise.all([a.watcher.refresh(connection.id), b.watcher.refresh(connection.id)]);
  expect(asked.filter(Boolean)).toHaveLength(1);
  await until(() => allRuns().length > before);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(allRuns().length).toBe(before + 1);
  expect(tokensOf(connection.clientId)).toBe(tokens + 1);
}, 60_000);
