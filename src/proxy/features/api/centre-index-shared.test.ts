import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { centreRecordSchema } from '../../../proxy-api/centres.ts';
import { createRedisStore } from '../../core/sessions/redis-store.ts';
import { createMemoryStore } from '../../core/sessions/store.ts';
import { createSimulator } from '../../../simulator/index.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';
import { startRedisServer, whenConnected, type RedisServer } from '../../testing/redis-server.ts';
import { createCentreIndex } from './centre-index.ts';

// The centre index shared by several proxies through Redis, and its memory bound
// (docs/decisions/0024).

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer({ transport: 'tcp' });
});
afterAll(() => redis.stop());

test('proxies sharing Redis share the index, and a create on one is served by the other at once', async () => {
  const sim = createSimulator({ seed: 'demo' });
  let listReads = 0;
  const transport = (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/core/v1/provider/100/child' && !url.searchParams.has('limit')) listReads += 1;
    return sim.fetch(request);
  };
  const prefix = `centres-${randomBytes(4).toString('hex')}:`;
  const encryptionKey = randomBytes(32);
  const start = async (): Promise<Harness> =>
    startProxy(undefined, {
      encryptionKey,
      store: await whenConnected(createRedisStore(redis.url, { prefix })),
      transports: { demo: transport },
    });
  const a = await start();
  const b = await start();
  try {
    const { session } = await a.login({ clientId: 'demo-parent', clientSecret: 'demo-parent-secret' });
    expect((await a.request('/api/centres/101', { session })).status).toBe(200);
    // B finds A's read in Redis: the service is not asked again.
    expect((await b.request('/api/centres/102', { session })).status).toBe(200);
    expect(listReads).toBe(1);
    const created = await b.request('/api/iam/v1/register/childProvider', {
      session,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Compartida', country: 'ES', city: 'Lleida' }),
    });
    const { response } = (await created.json()) as { response: { providerId: number } };
    // A held its copy in memory, fresh: the version it checks in Redis is gone, so it asks again.
    const onA = await a.request(`/api/centres/${response.providerId}`, { session });
    expect(onA.status).toBe(200);
    expect(centreRecordSchema.parse(await onA.json()).centre.name).toBe('Compartida');
    expect(listReads).toBe(2);
    // A logout on B drops it for A too.
    expect((await b.request('/auth/logout', { method: 'POST', session })).status).toBe(204);
    const again = (await a.login({ clientId: 'demo-parent', clientSecret: 'demo-parent-secret' })).session;
    expect((await a.request('/api/centres/101', { session: again })).status).toBe(200);
    expect(listReads).toBe(3);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

/** A fill of `count` made-up centres. */
const fill = (count: number) => async () => ({
  kind: 'centres' as const,
  centres: Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Centre ${i}`, country: 'ES' })),
});

test('memory holds at most its entries and bytes, least recently used parent first', async () => {
  const store = createMemoryStore();
  const index = createCentreIndex({ store, now: () => 0, maxEntries: 2, maxBytes: 1_000 });
  await index.read('a', fill(2));
  await index.read('b', fill(2));
  await index.read('a', fill(2));
  await index.read('c', fill(2));
  expect(index.held().scopes).toEqual(['a', 'c']);
  // A list larger than the byte bound is answered, and not held.
  const large = await index.read('d', fill(40));
  expect(large.kind === 'list' && large.centres.length).toBe(40);
  expect(index.held().bytes).toBeLessThanOrEqual(1_000);
  expect(index.held().scopes).toEqual(['a', 'c']);
  await store.close();
});
