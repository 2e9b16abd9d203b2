import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRedisClient } from './redis-client.ts';
import { createRedisStore } from './session-store.ts';
import { canary, startFakeUpstream } from './testing/fake-upstream.ts';
import type { FakeUpstream } from './testing/fake-upstream.ts';
import { startProxy } from './testing/harness.ts';
import { startRedisServer } from './testing/redis-server.ts';
import type { RedisServer } from './testing/redis-server.ts';

let redis: RedisServer;
let upstream: FakeUpstream;

beforeAll(async () => {
  // TCP on loopback this time (the store suite uses a unix socket): both transports are covered.
  redis = await startRedisServer({ port: 6391 });
  upstream = await startFakeUpstream();
});

afterAll(async () => {
  await upstream.close();
  await redis.stop();
});

test('two proxy instances sharing one Redis serve one session, logout on one ends it on both', async () => {
  const encryptionKey = randomBytes(32);
  const [a, b] = await Promise.all(
    [1, 2].map(() =>
      startProxy(upstream.url, { encryptionKey, store: createRedisStore(createRedisClient(redis.url)) }),
    ),
  );
  if (!a || !b) throw new Error('proxies did not start');
  const { session } = await a.login();
  const onB = await b.request('/auth/session', { session });
  expect(onB.status).toBe(200);
  expect(await onB.json()).toEqual({ environment: 'qa', providerId: 100, clientId: canary.clientId });
  // B renews the token A obtained (the sealed secret opens on B with the shared key).
  upstream.validTokens.clear();
  expect((await b.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
  expect((await a.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
  expect(upstream.tokenCalls()).toHaveLength(2);
  expect((await b.request('/auth/logout', { method: 'POST', session })).status).toBe(204);
  expect((await a.request('/auth/session', { session })).status).toBe(401);
  await Promise.all([a.close(), b.close()]);
});

test('login failures are counted across instances', async () => {
  const encryptionKey = randomBytes(32);
  const [a, b] = await Promise.all(
    [1, 2].map(() =>
      startProxy(upstream.url, { encryptionKey, store: createRedisStore(createRedisClient(redis.url)) }),
    ),
  );
  if (!a || !b) throw new Error('proxies did not start');
  const clientId = `shared-${randomBytes(4).toString('hex')}`;
  await Promise.all([1, 2, 3].map(() => a.login({ clientId })));
  await Promise.all([1, 2].map(() => b.login({ clientId })));
  expect((await a.login({ clientId })).response.status).toBe(429);
  expect((await b.login({ clientId })).response.status).toBe(429);
  await Promise.all([a.close(), b.close()]);
});

test('readiness fails while the session store cannot be reached', async () => {
  const proxy = await startProxy(upstream.url, {
    store: createRedisStore(createRedisClient('redis://127.0.0.1:6398', { commandTimeoutMs: 300 })),
  });
  const ready = await proxy.request('/readyz', { csrf: false });
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ code: 'not_ready' });
  expect((await proxy.request('/healthz', { csrf: false })).status).toBe(200);
  await proxy.close();
});
