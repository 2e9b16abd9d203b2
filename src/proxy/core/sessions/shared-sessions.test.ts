import { randomBytes } from 'node:crypto';
import { CLIENT_SESSION_PERMISSIONS } from '../../../proxy-api/permissions.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRedisStore } from './redis-store.ts';
import { storeKey } from './sessions.ts';
import { canary, startFakeUpstream } from '../../testing/fake-upstream.ts';
import type { FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';
import { whenConnected, startRedisServer } from '../../testing/redis-server.ts';
import type { RedisServer } from '../../testing/redis-server.ts';

let redis: RedisServer;
let upstream: FakeUpstream;

beforeAll(async () => {
  // TCP on a free loopback port this time (the store suite uses a unix socket and TLS).
  redis = await startRedisServer({ transport: 'tcp' });
  upstream = await startFakeUpstream();
});

afterAll(async () => {
  await upstream.close();
  await redis.stop();
});

async function twoProxies(prefix = `shared-${randomBytes(4).toString('hex')}:`): Promise<[Harness, Harness]> {
  const encryptionKey = randomBytes(32);
  const [a, b] = await Promise.all(
    [1, 2].map(async () =>
      startProxy(upstream.url, {
        encryptionKey,
        store: await whenConnected(createRedisStore(redis.url, { prefix })),
      }),
    ),
  );
  if (!a || !b) throw new Error('proxies did not start');
  return [a, b];
}

test('two proxy instances sharing one Redis serve one session, logout on one ends it on both', async () => {
  const [a, b] = await twoProxies();
  const { session } = await a.login();
  const onB = await b.request('/auth/session', { session });
  expect(onB.status).toBe(200);
  expect(await onB.json()).toEqual({
    environment: 'qa',
    providerId: 100,
    clientId: canary.clientId,
    providerVerified: true,
    permissions: [...CLIENT_SESSION_PERMISSIONS],
  });
  // B renews the token A obtained (the sealed secret opens on B with the shared key).
  upstream.validTokens.clear();
  const tokenCalls = upstream.tokenCalls().length;
  expect((await b.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
  expect((await a.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
  expect(upstream.tokenCalls()).toHaveLength(tokenCalls + 1);
  expect((await b.request('/auth/logout', { method: 'POST', session })).status).toBe(204);
  expect((await a.request('/auth/session', { session })).status).toBe(401);
  await Promise.all([a.close(), b.close()]);
});

test('a session destroyed by logout never comes back, whatever lookups were in flight on either instance', async () => {
  const [a, b] = await twoProxies();
  const sessions = await Promise.all(Array.from({ length: 30 }, async () => (await a.login()).session));
  await Promise.all(
    sessions.map(async (session) => {
      // Lookups on both instances race the logout: each reads the record, then restarts its idle timer.
      const inFlight = Array.from({ length: 8 }, (_, index) =>
        (index % 2 === 0 ? a : b).request('/auth/session', { session }),
      );
      const logout = await b.request('/auth/logout', { method: 'POST', session });
      expect(logout.status).toBe(204);
      await Promise.all(inFlight);
    }),
  );
  const tokenCalls = upstream.tokenCalls().length;
  upstream.validTokens.clear();
  for (const session of sessions) {
    // oxlint-disable-next-line no-await-in-loop -- one session after the other, on both instances
    const answers = await Promise.all([
      a.request('/auth/session', { session }),
      b.request('/api/core/v1/provider/100/child', { session }),
    ]);
    expect(answers.map((response) => response.status)).toEqual([401, 401]);
  }
  // No request after the logouts reached the upstream for a token with a stored secret.
  expect(upstream.tokenCalls()).toHaveLength(tokenCalls);
  await Promise.all([a.close(), b.close()]);
});

test('login failures are counted across instances', async () => {
  const [a, b] = await twoProxies();
  const clientId = `shared-${randomBytes(4).toString('hex')}`;
  await Promise.all([1, 2, 3].map(() => a.login({ clientId })));
  await Promise.all([1, 2, 3].map(() => b.login({ clientId })));
  // Six failures for one (client id, address): the sixth locked the pair for a second.
  expect((await a.login({ clientId })).response.status).toBe(429);
  expect((await b.login({ clientId })).response.status).toBe(429);
  await Promise.all([a.close(), b.close()]);
});

test('a thousand refused logins with unique client ids leave a bounded number of Redis keys, each with a TTL', async () => {
  const prefix = `flood-${randomBytes(4).toString('hex')}:`;
  const proxy = await startProxy(upstream.url, {
    store: await whenConnected(createRedisStore(redis.url, { prefix })),
  });
  // 40 failures lock the address; what follows is refused before anything is counted.
  await Promise.all(Array.from({ length: 40 }, (_, index) => proxy.login({ clientId: `flood-${index}` })));
  const statuses = new Set<number>();
  for (let batch = 0; batch < 20; batch++) {
    // oxlint-disable-next-line no-await-in-loop -- batches of parallel logins, one batch at a time
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => proxy.login({ clientId: `flood-${batch}-${index}-x` })),
    );
    for (const { response } of answers) statuses.add(response.status);
  }
  expect([...statuses]).toEqual([429]);
  const admin = await redis.admin();
  const keys = await admin.keys(`${prefix}*`);
  // One counter for the address, one per client id tried before it locked.
  expect(keys.length).toBeLessThanOrEqual(25);
  const ttls = await Promise.all(keys.map((key) => admin.pTTL(key)));
  expect(ttls.every((ttl) => ttl > 0)).toBe(true);
  admin.destroy();
  await proxy.close();
});

test('readiness fails while the session store cannot be reached', async () => {
  const proxy = await startProxy(upstream.url, { store: createRedisStore('redis://127.0.0.1:1') });
  const ready = await proxy.request('/readyz', { csrf: false });
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ code: 'not_ready' });
  expect((await proxy.request('/healthz', { csrf: false })).status).toBe(200);
  // Requests that need the store answer 503, not 500.
  const session = await proxy.request('/auth/session', { session: 'A'.repeat(43) });
  expect(session.status).toBe(503);
  expect(await session.json()).toMatchObject({ code: 'store_unavailable' });
  await proxy.close();
});

test('a wrong Redis password keeps open connections bounded and /readyz at 503', async () => {
  const guarded = await startRedisServer({
    transport: 'tcp',
    user: { name: 'console', password: 'right' },
    // Its connections are counted (through a relay of its own): nobody else's may come and go.
    own: true,
  });
  const wrong = guarded.url.replace('console:right@', 'console:wrong@');
  const proxy = await startProxy(upstream.url, { store: createRedisStore(wrong) });
  const before = await guarded.connections();
  const statuses = new Set<number>();
  for (let batch = 0; batch < 15; batch++) {
    // oxlint-disable-next-line no-await-in-loop -- ten requests at a time, 150 in all
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? proxy.request('/readyz', { csrf: false })
          : proxy.request('/auth/session', { session: 'A'.repeat(43) }),
      ),
    );
    for (const answer of answers) statuses.add(answer.status);
  }
  expect([...statuses]).toEqual([503]);
  // The client retries its two connections (commands, and the logout announcements of
  // docs/decisions/0017) with backoff: never one per request.
  expect((await guarded.connections()) - before).toBeLessThanOrEqual(2);
  await proxy.close();
  await guarded.stop();
});

test('a logout on one instance drops the token the other keeps in memory at once, before any request reaches it', async () => {
  const [a, b] = await twoProxies();
  const { session } = await a.login();
  if (!session) throw new Error('no session');
  const key = await storeKey(session);
  // Both instances serve the session; each keeps the upstream token it unsealed.
  expect((await a.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
  expect((await b.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
  expect([a.sessions.holdsToken(key), b.sessions.holdsToken(key)]).toEqual([true, true]);
  expect((await b.request('/auth/logout', { method: 'POST', session })).status).toBe(204);
  expect(b.sessions.holdsToken(key)).toBe(false);
  // A hears of it through Redis, with no request of its own.
  const deadline = Date.now() + 2_000;
  while (a.sessions.holdsToken(key) && Date.now() < deadline)
    // oxlint-disable-next-line no-await-in-loop -- polling the other instance
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(a.sessions.holdsToken(key)).toBe(false);
  const apiCalls = upstream.apiCalls().length;
  expect((await a.request('/api/core/v1/provider/100/child', { session })).status).toBe(401);
  expect(upstream.apiCalls()).toHaveLength(apiCalls);
  await Promise.all([a.close(), b.close()]);
});
