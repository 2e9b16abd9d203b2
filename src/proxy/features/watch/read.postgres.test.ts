// `GET /watch/centres` and `GET /watch/centres/:id` (docs/decisions/0025 "The overview's read"):
// what the watcher stored, read by people through the real app, signed in through the embedded
// OpenID provider, with a real watcher on the same PostgreSQL. Each person reads only the
// connection they work through; a client-credential session has none (409).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { watchedCentresSchema } from '../../../proxy-api/watch.ts';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { sessionFrom } from '../../testing/harness.ts';
import {
  countedSimulator,
  startWatchWorld,
  type CountedSimulator,
  type WatchWorld,
} from '../../testing/watch-world.ts';

let server: PostgresServer;
let proxy: PeopleProxy;
let world: WatchWorld;
let upstream: CountedSimulator;

interface Timeline {
  centre: { suspended: boolean; suspendedSince: number | null } | null;
  changes: { id: number; at: number; kind: string }[];
  next: number | null;
}

beforeAll(async () => {
  server = await startPostgresServer();
  const key = randomBytes(32);
  const asked: { world?: WatchWorld } = {};
  proxy = await startPeopleProxy({
    databaseUrl: await server.createDatabase('watch_read'),
    dataKey: key,
    watch: { refresh: (id) => asked.world?.watcher.refresh(id) ?? Promise.resolve(false) },
  });
  upstream = countedSimulator();
  world = await startWatchWorld(proxy.database, upstream, { key });
  asked.world = world;
}, 120_000);

afterAll(async () => {
  await world?.watcher.stop();
  await proxy?.close();
  await server?.destroy();
}, 60_000);

async function signedIn(subject: string) {
  const { session } = await proxy.signIn(subject);
  const mine = (await (await proxy.request('/auth/session', { session })).json()) as {
    connection?: { id?: string };
    connections?: { id: string }[];
  };
  return {
    session: session ?? '',
    connectionId: mine.connection?.id ?? '',
    connections: mine.connections ?? [],
  };
}

async function refreshed(session: string, connectionId: string) {
  const done = world.refreshed(connectionId);
  expect((await proxy.request('/watch/refresh', { method: 'POST', session })).status).toBe(202);
  expect(await done).toMatchObject({ outcome: 'ok' });
}

async function switchTo(session: string, connectionId: string) {
  const switched = await proxy.request('/auth/connection', {
    method: 'POST',
    session,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ connectionId }),
  });
  expect(switched.status).toBeLessThan(300);
}

const overviewOf = async (session: string) =>
  watchedCentresSchema.parse(await (await proxy.request('/watch/centres', { session })).json());

test('before any refresh: no centres and no time; after one, every centre of the connection, with its time and outcome', async () => {
  const { session, connectionId } = await signedIn('demo-sofia');
  const before = await overviewOf(session);
  expect(before).toMatchObject({ asOf: null, centres: [] });
  await refreshed(session, connectionId);
  const answer = await proxy.request('/watch/centres', { session });
  expect(answer.status).toBe(200);
  const after = watchedCentresSchema.parse(await answer.json());
  const stored = await world.repository.snapshots(connectionId);
  expect(after.centres.map((centre) => centre.id)).toEqual([...stored.keys()].sort((a, b) => a - b));
  expect(after.centres.length).toBeGreaterThan(0);
  expect(after.asOf?.oldest).toBeLessThanOrEqual(after.asOf?.newest ?? 0);
  expect(after.refresh).toMatchObject({ outcome: 'ok', running: false, waiting: false });
  // Kept between refreshes (features/watch/centres-answer.ts): gzipped when asked so, the same answer plain.
  expect(answer.headers.get('content-encoding')).toBe('gzip');
  const plain = await proxy.request('/watch/centres', {
    session,
    headers: { 'accept-encoding': 'identity' },
  });
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(watchedCentresSchema.parse(await plain.json())).toEqual(after);
}, 60_000);

test("another parent's connection's snapshots are never served: each person reads the connection they work through", async () => {
  const sofia = await signedIn('demo-sofia');
  const pau = await signedIn('demo-pau');
  const otherId = pau.connections.find((connection) => connection.id !== sofia.connectionId)?.id ?? '';
  expect(otherId).not.toBe('');
  // Pau is support of both parents: he works through the one Sofía does not have, refreshed.
  await switchTo(pau.session, otherId);
  await refreshed(pau.session, otherId);
  await refreshed(sofia.session, sofia.connectionId);
  const theirs = new Set((await world.repository.snapshots(otherId)).keys());
  const mine = new Set((await world.repository.snapshots(sofia.connectionId)).keys());
  expect(theirs.size).toBeGreaterThan(0);
  const hers = (await overviewOf(sofia.session)).centres.map((centre) => centre.id);
  expect(new Set(hers)).toEqual(mine);
  expect(hers.some((id) => theirs.has(id))).toBe(false);
  // Her timeline read names a centre of the other parent: nothing of it comes back.
  const [foreign] = [...theirs];
  const timeline = (await (
    await proxy.request(`/watch/centres/${foreign}`, { session: sofia.session })
  ).json()) as Timeline;
  expect(timeline).toEqual({ centre: null, changes: [], next: null });
}, 90_000);

test('a suspended centre says since when, and its timeline pages newest first', async () => {
  const sofia = await signedIn('demo-sofia');
  const pau = await signedIn('demo-pau');
  // The second parent's centres are processor-billed: the simulator suspends those (2.8, D11).
  const processor = pau.connections.find((connection) => connection.id !== sofia.connectionId)?.id ?? '';
  await switchTo(pau.session, processor);
  await refreshed(pau.session, processor);
  const centres = (await overviewOf(pau.session)).centres;
  const target = centres.find((centre) => !centre.state.suspended)?.id ?? 0;
  const before = Date.now();
  await upstream.control(`/providers/${target}/suspension`, { suspended: true });
  await refreshed(pau.session, processor);
  // The answer read before this refresh is kept between refreshes: this one is read anew.
  const after = (await overviewOf(pau.session)).centres.find((centre) => centre.id === target);
  expect(after?.state.suspended).toBe(true);
  const first = (await (
    await proxy.request(`/watch/centres/${target}?limit=1`, { session: pau.session })
  ).json()) as Timeline;
  expect(first.centre?.suspended).toBe(true);
  expect(first.centre?.suspendedSince).toBeGreaterThanOrEqual(before);
  expect(first.changes.map((change) => change.kind)).toEqual(['suspension']);
  expect(first.changes[0]?.at).toBe(first.centre?.suspendedSince);
  expect(first.next).toBe(first.changes[0]?.id);
  const rest = (await (
    await proxy.request(`/watch/centres/${target}?before=${first.next}`, { session: pau.session })
  ).json()) as Timeline;
  expect(rest.changes.map((change) => change.kind)).toEqual(['appeared']);
  expect(rest.next).toBeNull();
  const bad = await proxy.request(`/watch/centres/${target}?limit=0`, { session: pau.session });
  expect(bad.status).toBe(400);
}, 90_000);

test('a client-credential session has no stored connection: 409 on both reads', async () => {
  const demo = await proxy.request('/auth/demo-login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"as":"parent"}',
  });
  const session = sessionFrom(demo);
  for (const path of ['/watch/centres', '/watch/centres/101']) {
    // oxlint-disable-next-line no-await-in-loop -- two reads, in order
    const answer = await proxy.request(path, { session });
    expect(answer.status).toBe(409);
    // oxlint-disable-next-line no-await-in-loop -- its body
    expect(await answer.json()).toMatchObject({ code: 'no_connection' });
  }
});

test("a centre's own login is told its own name as the watcher read it in its parent's list", async () => {
  const signInAsChild = async (providerId: number) => {
    const answer = await proxy.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        environment: 'demo',
        providerId,
        clientId: `demo-child-${providerId}`,
        clientSecret: `demo-child-${providerId}-secret`,
      }),
    });
    expect(answer.status).toBe(200);
    return sessionFrom(answer);
  };
  const ownName = async (session: string | undefined) => {
    const answer = await proxy.request('/api/centres/own', { session });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { name: string | null }).name;
  };
  const child = await signInAsChild(134);
  const sofia = await signedIn('demo-sofia');
  await refreshed(sofia.session, sofia.connectionId);
  const stored = (await world.repository.snapshots(sofia.connectionId)).get(134);
  expect(stored?.name).toBeTruthy();
  expect(await ownName(child)).toBe(stored?.name);
  // A parent's own login is no child of a watched list: no name is made up for it.
  const demo = await proxy.request('/auth/demo-login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"as":"parent"}',
  });
  expect(await ownName(sessionFrom(demo))).toBeNull();
}, 60_000);

test("a centre of another of the person's connections names that connection; never one they have no role on", async () => {
  const sofia = await signedIn('demo-sofia');
  const pau = await signedIn('demo-pau');
  const processor = pau.connections.find((connection) => connection.id !== sofia.connectionId)?.id ?? '';
  await switchTo(pau.session, processor);
  await refreshed(pau.session, processor);
  const [theirs] = (await overviewOf(pau.session)).centres.map((centre) => centre.id);
  if (theirs === undefined) throw new Error('a centre of the processor');
  // Pau works through Red Salud again: the processor's centre is not there, but is his elsewhere.
  await switchTo(pau.session, sofia.connectionId);
  const asked = async (session: string) => {
    const answer = await proxy.request(`/watch/centres/${theirs}/connections`, { session });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { connections: { id: string; label: string }[] }).connections;
  };
  expect((await asked(pau.session)).map((connection) => connection.id)).toEqual([processor]);
  // Sofía has no role on the processor's connection: nothing is said of it.
  expect(await asked(sofia.session)).toEqual([]);
}, 90_000);
