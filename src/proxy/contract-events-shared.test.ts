import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contractEventsSchema, type ContractEvent } from '../contract/console-wire.ts';
import { createSimulator } from '../simulator/index.ts';
import { DEFAULT_LOG_BOUNDS, readContractEvents, recordAttempt } from './contract-event-log.ts';
import { createRedisStore } from './redis-store.ts';
import { startProxy, type Harness } from './testing/harness.ts';
import { whenConnected, startRedisServer, type RedisServer } from './testing/redis-server.ts';

// The contract-event log in Redis (docs/decisions/0016): one log per provider, shared by every
// proxy instance on the store, bounded, and written atomically when instances record at once.

let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedisServer({ transport: 'unix' });
});
afterAll(() => redis.stop());

/** Two proxies on one Redis, in front of one simulator (the demo seed, D12). */
async function twoProxies(): Promise<{ a: Harness; b: Harness; prefix: string }> {
  const sim = createSimulator({ seed: 'demo' });
  const transport = (request: Request) => sim.fetch(request);
  const prefix = `events-${randomBytes(4).toString('hex')}:`;
  const start = async () =>
    startProxy(undefined, {
      transports: { demo: transport },
      simulatorControl: transport,
      store: await whenConnected(createRedisStore(redis.url, { prefix })),
    });
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

test('an event sent through one proxy is in the log read through the other, for that parent only', async () => {
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

const answer = () =>
  Response.json({ success: true, code: 200, response: { eventId: 'x', applied: true, status: 'ACTIVE' } });
const body = (id: string) =>
  new TextEncoder().encode(
    JSON.stringify({
      id,
      type: 'customer.subscription.deleted',
      created: '2026-11-22T10:00:00Z',
      data: { providerId: 101 },
    }),
  );

test('in Redis the log keeps a provider’s newest 1,000 events in three keys that expire', async () => {
  const prefix = `bounds-${randomBytes(4).toString('hex')}:`;
  const store = await whenConnected(createRedisStore(redis.url, { prefix }));
  const sender = { environment: 'qa', providerId: 100, clientId: 'client' };
  const at = Date.parse('2026-11-23T08:00:00Z');
  for (let batch = 0; batch < 21; batch += 1)
    // oxlint-disable-next-line no-await-in-loop -- batches of 50, in time order
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const n = batch * 50 + index;
        return recordAttempt(store.contractEvents, sender, body(`evt_${n}`), answer(), at + n);
      }),
    );
  const events = await readContractEvents(store.contractEvents, sender, at + 1_050);
  expect(events).toHaveLength(DEFAULT_LOG_BOUNDS.maxEvents);
  expect(events[0]?.eventId).toBe('evt_1049');
  expect(events.at(-1)?.eventId).toBe('evt_50');

  // 90 days after the last write nothing is left to read, and every key has a TTL meanwhile.
  const admin = await redis.admin();
  const keys = await admin.keys(`${prefix}contract-events:*`);
  expect(keys.sort()).toEqual(
    ['attempts', 'events', 'order'].map((part) => `${prefix}contract-events:qa:100:${part}`),
  );
  const ttls = await Promise.all(keys.map((key) => admin.pTTL(key)));
  for (const ttl of ttls) {
    expect(ttl).toBeGreaterThan(DEFAULT_LOG_BOUNDS.maxAgeMs - 60_000);
    expect(ttl).toBeLessThanOrEqual(DEFAULT_LOG_BOUNDS.maxAgeMs);
  }
  const later = at + DEFAULT_LOG_BOUNDS.maxAgeMs + 1_050;
  expect(await readContractEvents(store.contractEvents, sender, later)).toEqual([]);
  // A write past the age drops the old events from the store itself.
  await recordAttempt(store.contractEvents, sender, body('evt_new'), answer(), later);
  const stored = await readContractEvents(store.contractEvents, sender, 0);
  expect(stored.map((event) => event.eventId)).toEqual(['evt_new']);
  admin.destroy();
  await store.close();
});
