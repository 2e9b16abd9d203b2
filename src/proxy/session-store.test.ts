import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRedisClient } from './redis-client.ts';
import { createSecretBox } from './secret-box.ts';
import { createMemoryStore, createRedisStore } from './session-store.ts';
import type { SessionStore } from './session-store.ts';
import { createSessionManager } from './sessions.ts';
import { startRedisServer } from './testing/redis-server.ts';
import type { RedisServer } from './testing/redis-server.ts';

interface Subject {
  store: SessionStore;
  /** Lets `ms` pass for the store's own expiry (a fake clock in memory, real time in Redis). */
  pass(ms: number): Promise<void>;
}

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});

const subjects: [string, () => Subject][] = [
  [
    'memory',
    () => {
      let now = 1_000_000;
      return {
        store: createMemoryStore({ now: () => now }),
        pass: async (ms) => {
          now += ms;
        },
      };
    },
  ],
  [
    'redis',
    () => ({
      store: createRedisStore(createRedisClient(redis.url), {
        prefix: `test-${randomBytes(6).toString('hex')}:`,
      }),
      pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }),
  ],
];

describe.each(subjects)('the %s session store', (_, make) => {
  test('keeps a value, answers it, and forgets it on delete', async () => {
    const { store } = make();
    expect(await store.get('a')).toBeUndefined();
    await store.set('a', '{"x":"ü"}', 60_000);
    expect(await store.get('a')).toBe('{"x":"ü"}');
    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
    await store.close();
  });

  test('forgets a value after its time to live', async () => {
    const { store, pass } = make();
    await store.set('short', 'v', 100);
    await store.set('long', 'v', 60_000);
    await pass(250);
    expect(await store.get('short')).toBeUndefined();
    expect(await store.get('long')).toBe('v');
    await store.close();
  });

  test('counts hits in a window that starts at the first hit, then starts again', async () => {
    const { store, pass } = make();
    expect(await store.peek('c')).toEqual({ count: 0, remainingMs: 0 });
    expect((await store.increment('c', 300)).count).toBe(1);
    await pass(100);
    const second = await store.increment('c', 300);
    expect(second.count).toBe(2);
    expect(second.remainingMs).toBeLessThanOrEqual(200);
    expect(second.remainingMs).toBeGreaterThan(0);
    expect((await store.peek('c')).count).toBe(2);
    await pass(300);
    expect((await store.peek('c')).count).toBe(0);
    expect((await store.increment('c', 300)).count).toBe(1);
    await store.close();
  });

  test('takes a hit back without ever creating or underflowing a counter', async () => {
    const { store, pass } = make();
    await store.decrement('none');
    expect(await store.peek('none')).toEqual({ count: 0, remainingMs: 0 });
    await store.increment('d', 200);
    await store.increment('d', 200);
    await store.decrement('d');
    expect((await store.peek('d')).count).toBe(1);
    await pass(300);
    await store.decrement('d');
    expect(await store.peek('d')).toEqual({ count: 0, remainingMs: 0 });
    expect((await store.increment('d', 200)).count).toBe(1);
    await store.close();
  });

  test('answers ping while it is reachable', async () => {
    const { store } = make();
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
  });

  test('holds sessions whose secrets are sealed: the stored bytes never contain them', async () => {
    const { store } = make();
    const raw: string[] = [];
    const spy: SessionStore = {
      ...store,
      set: async (key, value, ttl) => {
        raw.push(value);
        await store.set(key, value, ttl);
      },
    };
    const sessions = createSessionManager({
      store: spy,
      box: createSecretBox(randomBytes(32)),
      now: () => Date.now(),
      idleTimeoutMs: 60_000,
      absoluteTimeoutMs: 120_000,
    });
    const created = await sessions.create({
      environment: 'qa',
      providerId: 7,
      clientId: 'client',
      clientSecret: 'STORE-CANARY-SECRET',
      accessToken: 'STORE-CANARY-TOKEN',
      expiresInSeconds: undefined,
    });
    const found = await sessions.lookup(created.id);
    expect(found.kind).toBe('active');
    expect(found.kind === 'active' && sessions.secretOf(found.session)).toBe('STORE-CANARY-SECRET');
    expect(found.kind === 'active' && sessions.tokenOf(found.session)).toBe('STORE-CANARY-TOKEN');
    expect(raw.join('\n')).not.toContain('STORE-CANARY');
    expect(raw.join('\n')).not.toContain(created.id);
    await sessions.destroy(created.id);
    expect((await sessions.lookup(created.id)).kind).toBe('expired');
    await store.close();
  });
});

test('the Redis store reports itself unreachable when Redis is down', async () => {
  const store = createRedisStore(createRedisClient('redis://127.0.0.1:6399', { commandTimeoutMs: 300 }));
  await expect(store.ping()).rejects.toThrow(/cannot connect to Redis/);
  await store.close();
});
