// Two proxies sharing one Redis and one PostgreSQL (docs/decisions/0023): a role changed or a
// person removed through one is how the other judges that person's very next request. Each
// instance caches what a person may do; the change is announced over Redis pub/sub, so the other
// drops its copy at once (without the announcement it would keep it for half a minute).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRedisStore } from '../../core/sessions/redis-store.ts';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { startRedisServer, whenConnected, type RedisServer } from '../../testing/redis-server.ts';
import { peopleSchema } from '../../../proxy-api/people.ts';

let postgres: PostgresServer;
let redis: RedisServer;
let a: PeopleProxy;
let b: PeopleProxy;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer({ transport: 'tcp' })]);
  const databaseUrl = await postgres.createDatabase('shared');
  const shared = {
    databaseUrl,
    dataKey: randomBytes(32),
    encryptionKey: randomBytes(32),
  };
  const prefix = `shared-access-${randomBytes(4).toString('hex')}:`;
  a = await startPeopleProxy({
    ...shared,
    store: await whenConnected(createRedisStore(redis.url, { prefix })),
  });
  // The second instance finds the demo's connections registered, and signs nobody in itself.
  b = await startPeopleProxy({
    ...shared,
    seedPeople: false,
    store: await whenConnected(createRedisStore(redis.url, { prefix })),
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all([postgres?.destroy(), redis?.stop()]);
});

const newCentre = JSON.stringify({
  name: 'Clínica Nueva',
  country: 'ES',
  city: 'Lleida',
  email: 'x@example.test',
});

/** Asks `proxy` until `done` holds, up to `limitMs`; answers how long it took. */
async function until(limitMs: number, ask: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  // oxlint-disable-next-line no-await-in-loop -- polling
  while (!(await ask())) {
    if (performance.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    // oxlint-disable-next-line no-await-in-loop -- polling
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

test('a role changed on one instance, then the person removed there: the other judges the next request by it, and ends the session within a second', async () => {
  const { session: admin } = await a.signIn('demo-ana');
  const { session: support } = await a.signIn('demo-sofia');
  const create = () =>
    b.request('/api/iam/v1/register/childProvider', {
      method: 'POST',
      session: support,
      headers: { 'content-type': 'application/json' },
      body: newCentre,
    });
  // B has read Sofía's role, and keeps it in its cache.
  expect((await b.request('/auth/session', { session: support })).status).toBe(200);
  expect((await create()).status).toBe(403);
  const people = peopleSchema.parse(await (await a.request('/people', { session: admin })).json()).people;
  const sofia = people.find((person) => person.email === 'sofia.vidal@redsalud.demo')?.id ?? '';
  const promoted = await a.request(`/people/${sofia}/role`, {
    method: 'PUT',
    session: admin,
    headers: { 'content-type': 'application/json' },
    body: '{"role":"operator"}',
  });
  expect(promoted.status).toBe(200);
  await until(1_000, async () => (await create()).status !== 403);

  expect((await a.request(`/people/${sofia}`, { method: 'DELETE', session: admin })).status).toBe(204);
  const took = await until(
    1_000,
    async () => (await b.request('/auth/session', { session: support })).status === 401,
  );
  expect(took).toBeLessThan(1_000);
  // Ended for good, on both.
  expect((await a.request('/api/core/v1/provider/100/child', { session: support })).status).toBe(401);
  expect((await b.request('/api/core/v1/provider/100/child', { session: support })).status).toBe(401);
});
