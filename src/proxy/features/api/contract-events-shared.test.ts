import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contractEventsSchema, type ContractEvent } from '../../../proxy-api/console.ts';
import { createSimulator } from '../../../simulator/index.ts';
import { createSqlAuditStore } from '../audit/repository.ts';
import { openStore, type Store } from '../../core/store/engine.ts';
import { createRedisStore } from '../../core/sessions/redis-store.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { whenConnected, startRedisServer, type RedisServer } from '../../testing/redis-server.ts';

// Two proxy instances as a deployment runs them (docs/decisions/0016, 0018): sessions in one Redis,
// the audit log in one real PostgreSQL, both started by the test. What one records, the other reads
// at once; attempts recorded by both at the same moment are all kept.

let redis: RedisServer;
let postgres: PostgresServer;
let databaseUrl: string;
const stores: Store[] = [];

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedisServer({ transport: 'unix' }), startPostgresServer()]);
  databaseUrl = await postgres.createDatabase('shared');
}, 120_000);
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await Promise.all([redis?.stop(), postgres?.destroy()]);
});

/** Two proxies on one Redis and one PostgreSQL, in front of one simulator (the demo seed, D12). */
async function twoProxies(): Promise<{ a: Harness; b: Harness; prefix: string }> {
  const sim = createSimulator({ seed: 'demo' });
  const transport = (request: Request) => sim.fetch(request);
  const prefix = `events-${randomBytes(4).toString('hex')}:`;
  const start = async () => {
    // Each instance opens and migrates the database itself, at the same moment (the Migrator's lock).
    const database = await openStore({ databaseUrl, dataDir: '' });
    stores.push(database);
    return startProxy(undefined, {
      transports: { demo: transport },
      simulatorControl: transport,
      store: await whenConnected(createRedisStore(redis.url, { prefix })),
      audit: createSqlAuditStore(database.db, database.ping),
    });
  };
  const [a, b] = await Promise.all([start(), start()]);
  return { a, b, prefix };
}

async function signIn(proxy: Harness, credentials: Record<string, unknown>): Promise<string> {
  const { response, session } = await proxy.login(credentials);
  expect(response.status).toBe(200);
  if (!session) throw new Error('no session');
  return session;
}

const PARENT = { clientId: 'demo-parent', clientSecret: 'demo-parent-secret' };

const send = (proxy: Harness, session: string, body: unknown) =>
  proxy.request('/api/payments/v1/partner/webhook', {
    method: 'POST',
    session,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function readLog(proxy: Harness, session: string): Promise<ContractEvent[]> {
  const response = await proxy.request('/contract-events', { session });
  expect(response.status).toBe(200);
  return contractEventsSchema.parse(await response.json()).events;
}

test('an event sent through one proxy is in the log read through the other at once, for that parent only', async () => {
  const { a, b } = await twoProxies();
  const onA = await signIn(a, PARENT);
  const onB = await signIn(b, PARENT);
  const body = {
    id: 'evt_shared_1',
    type: 'customer.subscription.updated',
    created: '2026-11-22T10:00:00Z',
    data: {
      providerId: 101,
      items: [
        { planType: 'BASIC', quantity: 12 },
        { planType: 'ELITE', quantity: 3 },
      ],
    },
  };
  expect((await send(a, onA, body)).status).toBe(200);
  const [logged] = await readLog(b, onB);
  expect(logged).toMatchObject({
    eventId: 'evt_shared_1',
    centreId: 101,
    attempts: [{ status: 200, applied: true }],
  });

  // Both instances record attempts of one event at the same moment: none is lost.
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      send(index % 2 === 0 ? a : b, index % 2 === 0 ? onA : onB, body),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
  const [again] = await readLog(a, onA);
  expect(again?.attempts).toHaveLength(11);
  expect(again?.attempts.filter((attempt) => attempt.applied === true)).toHaveLength(1);

  // Another parent, and the centre's own login, on either instance: their own (empty) logs.
  const processor = await signIn(b, {
    providerId: 200,
    clientId: 'demo-processor',
    clientSecret: 'demo-processor-secret',
  });
  expect(await readLog(b, processor)).toEqual([]);
  const centre = await signIn(a, {
    providerId: 101,
    clientId: 'demo-child-101',
    clientSecret: 'demo-child-101-secret',
  });
  expect(await readLog(a, centre)).toEqual([]);
  await Promise.all([a.close(), b.close()]);
});
