// The session store stalled or out (docs/decisions/0020), with a real redis-server: stopped with
// SIGSTOP (its connections stay open and nothing answers), or taken down and brought back with its
// data (connections refused meanwhile).
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createLogger } from '../log/logger.ts';
import { createRedisStore } from './redis-store.ts';
import { sessionCookieName } from './carrier.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';
import { startRedisServer, whenConnected, type RedisServer } from '../../testing/redis-server.ts';

let upstream: FakeUpstream;
let redis: RedisServer;
const proxies: Harness[] = [];
/** What the Redis stores logged. */
let storeLines: string[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await redis.stop();
});

async function proxiesOnRedis(count: number): Promise<Harness[]> {
  redis = await startRedisServer({ transport: 'tcp', own: true });
  const prefix = `outage-${randomBytes(4).toString('hex')}:`;
  const encryptionKey = randomBytes(32);
  storeLines = [];
  const logger = createLogger({ write: (line: string) => void storeLines.push(line) });
  const started = await Promise.all(
    Array.from({ length: count }, async () =>
      startProxy(upstream.url, {
        encryptionKey,
        store: await whenConnected(createRedisStore(redis.url, { prefix, logger })),
      }),
    ),
  );
  proxies.push(...started);
  return started;
}

/** Without a deadline a request would wait as long as Redis stays stopped: give up well before. */
const signal = () => AbortSignal.timeout(8_000);

/** Polls until `check` holds, for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    // oxlint-disable-next-line no-await-in-loop -- polling
    if (await check()) return true;
    // oxlint-disable-next-line no-await-in-loop -- as above
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

test('a stalled Redis never hangs the proxy: 503 problem+json within seconds, /readyz 503, and it recovers by itself', async () => {
  const [proxy] = await proxiesOnRedis(1);
  if (!proxy) throw new Error('no proxy');
  const { session } = await proxy.login();
  expect((await proxy.request('/readyz', { csrf: false })).status).toBe(200);

  redis.pause();
  try {
    const started = performance.now();
    const answers = await Promise.all([
      proxy.request('/auth/session', { session, signal: signal() }),
      proxy.request('/api/core/v1/provider/100/child', { session, signal: signal() }),
      proxy.request('/auth/login', {
        method: 'POST',
        signal: signal(),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ environment: 'qa', providerId: 100, clientId: 'a', clientSecret: 'b' }),
      }),
      proxy.request('/contract-events', { session, signal: signal() }),
    ]);
    const took = performance.now() - started;
    expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503, 503]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      // oxlint-disable-next-line no-await-in-loop -- four bodies
      expect(await answer.json()).toMatchObject({ code: 'store_unavailable', status: 503 });
    }
    // The deadline is 1 s; a few seconds leave room for a loaded machine.
    expect(took).toBeLessThan(5_000);

    // While it lasts, readiness says so, and requests are refused at once.
    const ready = await proxy.request('/readyz', { csrf: false, signal: signal() });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: 'not_ready', store: 'stalled' });
    const again = performance.now();
    expect((await proxy.request('/auth/session', { session, signal: signal() })).status).toBe(503);
    expect(performance.now() - again).toBeLessThan(1_000);
  } finally {
    redis.resume();
  }

  // Back by itself, with the session it had.
  expect(await eventually(async () => (await proxy.request('/readyz', { csrf: false })).status === 200)).toBe(
    true,
  );
  expect((await proxy.request('/auth/session', { session })).status).toBe(200);
  const events = [...proxy.logLines, ...storeLines].map(
    (line) => (JSON.parse(line) as { event: string }).event,
  );
  expect(events).toEqual(expect.arrayContaining(['redis_stalled', 'redis_recovered', 'store_unavailable']));
});

test('a proxy stopping while Redis is stalled does not wait for it', async () => {
  const [proxy] = await proxiesOnRedis(1);
  if (!proxy) throw new Error('no proxy');
  proxies.length = 0;
  const { session } = await proxy.login();
  redis.pause();
  try {
    // A request in flight leaves a command waiting on the stopped server.
    const inFlight = proxy.request('/auth/session', { session, signal: signal() }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = await Promise.race([
      proxy.close().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 8_000)),
    ]);
    // About 2 s here: the request's 1 s deadline, then each connection's 1 s to close.
    expect(stopped).toBe('stopped');
    await inFlight;
  } finally {
    redis.resume();
  }
});

test('a logout during a store outage sticks: that cookie never works again, here or on another instance', async () => {
  const [a, b] = await proxiesOnRedis(2);
  if (!a || !b) throw new Error('no proxies');
  const { session } = await a.login();
  expect((await b.request('/auth/session', { session })).status).toBe(200);

  await redis.down();
  const logout = await a.request('/auth/logout', { method: 'POST', session });
  expect(logout.status).toBe(503);
  expect(await logout.json()).toMatchObject({ code: 'store_unavailable' });
  expect(logout.headers.getSetCookie()).toEqual([
    `${sessionCookieName}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`,
  ]);
  // Refused at once by the instance that took the logout, store or no store.
  expect((await a.request('/auth/session', { session })).status).toBe(401);

  await redis.up();
  // The record came back with the store; the instance that took the logout still refuses it, and
  // deletes it as soon as the store answers, so that the other instance refuses it too.
  expect((await a.request('/auth/session', { session })).status).toBe(401);
  expect(await eventually(async () => (await b.request('/auth/session', { session })).status === 401)).toBe(
    true,
  );
  expect((await b.request('/api/core/v1/provider/100/child', { session })).status).toBe(401);
  const admin = await redis.admin();
  expect(await admin.keys('*session:*')).toEqual([]);
  admin.destroy();
  expect((await a.request('/auth/session', { session })).status).toBe(401);
});
