// `POST /watch/refresh` (docs/decisions/0025): a person asks for the connection they work through
// to be read again now; the real app, signed in through the embedded OpenID provider, with a real
// watcher on the same PostgreSQL. A client-credential session has no stored connection to refresh.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { sessionFrom } from '../../testing/harness.ts';
import { countedSimulator, startWatchWorld, type WatchWorld } from '../../testing/watch-world.ts';

let server: PostgresServer;
let proxy: PeopleProxy;
let world: WatchWorld;

beforeAll(async () => {
  server = await startPostgresServer();
  const key = randomBytes(32);
  const asked: { world?: WatchWorld } = {};
  proxy = await startPeopleProxy({
    databaseUrl: await server.createDatabase('on_demand'),
    dataKey: key,
    watch: { refresh: (id) => asked.world?.watcher.refresh(id) ?? Promise.resolve(false) },
  });
  world = await startWatchWorld(proxy.database, countedSimulator(), { key });
  asked.world = world;
}, 120_000);

afterAll(async () => {
  await world?.watcher.stop();
  await proxy?.close();
  await server?.destroy();
}, 60_000);

test('support asks for their connection to be read again: one job, run, its centres stored', async () => {
  const { session } = await proxy.signIn('demo-sofia');
  const mine = (await (await proxy.request('/auth/session', { session })).json()) as {
    connection?: { id?: string };
  };
  const connectionId = mine.connection?.id;
  expect(connectionId).toBeDefined();
  const done = world.refreshed(connectionId ?? '');
  const asked = await proxy.request('/watch/refresh', { method: 'POST', session });
  expect(asked.status).toBe(202);
  expect(await asked.json()).toEqual({ requested: true });
  expect(await done).toMatchObject({ outcome: 'ok' });
  expect((await world.repository.snapshots(connectionId ?? '')).size).toBeGreaterThan(0);
  // Without the console's header the request is refused (CSRF), like every other change.
  const forged = await proxy.request('/watch/refresh', {
    method: 'POST',
    session,
    headers: { 'x-requested-with': 'nothing' },
  });
  expect(forged.status).toBe(403);
}, 60_000);

test('a client-credential session has no stored connection: 409 in words, nothing asked', async () => {
  const demo = await proxy.request('/auth/demo-login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"as":"parent"}',
  });
  const runs = world.runs.length;
  const answer = await proxy.request('/watch/refresh', { method: 'POST', session: sessionFrom(demo) });
  expect(answer.status).toBe(409);
  expect(await answer.json()).toMatchObject({ code: 'no_connection' });
  expect(world.runs.length).toBe(runs);
});

test('an admin who replaces a connection’s secret has it read at once, not at its next due tick', async () => {
  const { session } = await proxy.signIn('demo-ana');
  const mine = (await (await proxy.request('/auth/session', { session })).json()) as {
    connection?: { id?: string };
  };
  const connectionId = mine.connection?.id ?? '';
  const done = world.refreshed(connectionId);
  const replaced = await proxy.request(`/connections/${connectionId}/secret`, {
    method: 'PUT',
    session,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientSecret: 'demo-parent-secret' }),
  });
  expect(replaced.status).toBe(200);
  expect(await done).toMatchObject({ outcome: 'ok' });
}, 60_000);
