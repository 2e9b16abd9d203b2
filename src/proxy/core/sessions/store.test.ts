import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pairPolicy } from '../../features/sign-in/login-limiter.ts';
import { createRedisStore } from './redis-store.ts';
import { createSecretBox } from '../store/secret-box.ts';
import { createMemoryStore, lockAfter, type LockPolicy, type SessionStore } from './store.ts';
import { createSessionManager } from './sessions.ts';
import { whenConnected, startRedisServer, type RedisServer } from '../../testing/redis-server.ts';

interface Subject {
  store: SessionStore;
  /** Lets `ms` pass for the store's own expiry (a fake clock in memory, real time in Redis). */
  pass(ms: number): Promise<void>;
}

let plain: RedisServer;
let tls: RedisServer;
beforeAll(async () => {
  [plain, tls] = await Promise.all([
    startRedisServer(),
    // rediss:// with an ACL user and password, on a certificate made for this run.
    startRedisServer({ transport: 'tls', user: { name: 'console', password: 'store-test-password' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain.stop(), tls.stop()]);
});

const redisSubject = (server: () => RedisServer) => async (): Promise<Subject> => ({
  store: await whenConnected(
    createRedisStore(server().url, {
      prefix: `test-${randomBytes(6).toString('hex')}:`,
      ...(server().ca ? { tls: { ca: server().ca } } : {}),
    }),
  ),
  pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

const subjects: [string, () => Promise<Subject>][] = [
  [
    'memory',
    async () => {
      let now = 1_000_000;
      return {
        store: createMemoryStore({ now: () => now }),
        pass: async (ms) => {
          now += ms;
        },
      };
    },
  ],
  ['Redis (unix socket)', redisSubject(() => plain)],
  ['Redis over TLS (rediss://, ACL user)', redisSubject(() => tls)],
];

const policy: LockPolicy = { free: 2, baseMs: 200, capMs: 400, forgetMs: 300 };

describe.each(subjects)('the %s session store', (_, make) => {
  test('keeps a value, answers it, and forgets it on delete', async () => {
    const { store } = await make();
    expect(await store.get('a')).toBeUndefined();
    await store.set('a', '{"x":"ü"}', 60_000);
    expect(await store.get('a')).toBe('{"x":"ü"}');
    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
    await store.close();
  });

  test('forgets a value after its time to live', async () => {
    const { store, pass } = await make();
    await store.set('short', 'v', 100);
    await store.set('long', 'v', 60_000);
    await pass(250);
    expect(await store.get('short')).toBeUndefined();
    expect(await store.get('long')).toBe('v');
    await store.close();
  });

  test("counts the live values under a prefix (the metrics' live sessions), past SCAN's pages", async () => {
    const { store, pass } = await make();
    const prefix = `counted-${Math.random().toString(36).slice(2)}:`;
    await Promise.all(Array.from({ length: 1_200 }, (__, n) => store.set(`${prefix}${n}`, 'v', 60_000)));
    await store.set(`${prefix}short`, 'v', 100);
    await store.set(`other-${prefix}`, 'v', 60_000);
    await pass(250);
    expect(await store.countKeys?.(prefix)).toBe(1_200);
    await store.close();
  });

  test('keeps a set of members, each addition restarting its time to live, until it expires or is deleted', async () => {
    const { store, pass } = await make();
    expect(await store.members('sessions-of')).toEqual([]);
    await store.addMember('sessions-of', 'a', 200);
    await store.addMember('sessions-of', 'b', 60_000);
    await store.addMember('sessions-of', 'b', 60_000);
    await store.addMember('short', 'x', 100);
    await pass(250);
    expect((await store.members('sessions-of')).toSorted()).toEqual(['a', 'b']);
    expect(await store.members('short')).toEqual([]);
    await store.delete('sessions-of');
    expect(await store.members('sessions-of')).toEqual([]);
    await store.close();
  });

  test('replaces a value only while it exists: a deleted key never comes back', async () => {
    const { store } = await make();
    expect(await store.replace('gone', 'late write', 60_000)).toBe(false);
    expect(await store.get('gone')).toBeUndefined();
    await store.set('here', 'v1', 60_000);
    expect(await store.replace('here', 'v2', 60_000)).toBe(true);
    expect(await store.get('here')).toBe('v2');
    await store.delete('here');
    expect(await store.replace('here', 'v3', 60_000)).toBe(false);
    expect(await store.get('here')).toBeUndefined();
    await store.close();
  });

  test('a failure counter is free for a while, then locks for a growing time, and a locked claim changes nothing', async () => {
    const { store, pass } = await make();
    const now = 5_000_000;
    expect(await store.claim('c', policy, now)).toBe(0);
    expect(await store.claim('c', policy, now)).toBe(0);
    // The third failure is past the free two: it is counted, and locks for 200 ms.
    expect(await store.claim('c', policy, now)).toBe(0);
    expect(await store.claim('c', policy, now + 50)).toBe(150);
    expect(await store.claim('c', policy, now + 199)).toBe(1);
    // The lock ended: the fourth failure locks for twice as long, capped at 400.
    expect(await store.claim('c', policy, now + 200)).toBe(0);
    expect(await store.claim('c', policy, now + 201)).toBe(399);
    // Forgotten once its lock and the forget window have passed.
    await pass(800);
    expect(await store.claim('c', policy, now + 10_000)).toBe(0);
    expect(await store.claim('c', policy, now + 10_000)).toBe(0);
    await store.close();
  });

  test('a released claim is taken back, lifts a lock it caused, and deletes the counter at zero', async () => {
    const { store } = await make();
    const now = 7_000_000;
    await store.release('none', policy);
    expect(await store.claim('r', policy, now)).toBe(0);
    expect(await store.claim('r', policy, now)).toBe(0);
    expect(await store.claim('r', policy, now)).toBe(0);
    expect(await store.claim('r', policy, now)).toBeGreaterThan(0);
    await store.release('r', policy);
    expect(await store.claim('r', policy, now)).toBe(0);
    await store.release('r', policy);
    await store.release('r', policy);
    await store.release('r', policy);
    await store.release('r', policy);
    // Back to nothing: two free failures again.
    expect(await store.claim('r', policy, now)).toBe(0);
    expect(await store.claim('r', policy, now)).toBe(0);
    await store.close();
  });

  test('answers ping while it is reachable', async () => {
    const { store } = await make();
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
  });

  test('holds sessions whose secrets are sealed: the stored bytes never contain them', async () => {
    const { store } = await make();
    const raw: string[] = [];
    // A proxy rather than a spread: a store may be a class instance, whose methods are not its own.
    const spy: SessionStore = new Proxy(store, {
      get(target, name) {
        if (name === 'set')
          return async (key: string, value: string, ttl: number) => {
            raw.push(value);
            await target.set(key, value, ttl);
          };
        const value: unknown = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
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
      providerVerified: true,
      clientSecret: 'STORE-CANARY-SECRET',
      accessToken: 'STORE-CANARY-TOKEN',
      expiresInSeconds: undefined,
    });
    const found = await sessions.lookup(created.id);
    expect(found.kind).toBe('active');
    if (found.kind !== 'active') return;
    expect(await sessions.secretOf(found.session)).toBe('STORE-CANARY-SECRET');
    expect(await sessions.tokenOf(found.session)).toBe('STORE-CANARY-TOKEN');
    expect(raw.join('\n')).not.toContain('STORE-CANARY');
    expect(raw.join('\n')).not.toContain(created.id);
    await sessions.destroy(created.id);
    expect((await sessions.lookup(created.id)).kind).toBe('expired');
    await store.close();
  });
});

test('the lock doubles per failure past the free ones, up to its cap', () => {
  expect([5, 6, 7, 8, 15, 16, 40].map((count) => lockAfter(count, pairPolicy))).toEqual([
    0, 1_000, 2_000, 4_000, 512_000, 900_000, 900_000,
  ]);
});

test('every Redis key the store writes has a time to live', async () => {
  const prefix = `ttl-${randomBytes(4).toString('hex')}:`;
  const store = await whenConnected(createRedisStore(plain.url, { prefix }));
  await store.set('value', 'v', 60_000);
  await store.claim('counter', pairPolicy, Date.now());
  await store.claim('counter', pairPolicy, Date.now());
  await store.addMember('set', 'member', 60_000);
  const admin = await plain.admin();
  const keys = await admin.keys(`${prefix}*`);
  expect(keys).toHaveLength(3);
  const ttls = await Promise.all(keys.map((key) => admin.pTTL(key)));
  expect(ttls.every((ttl) => ttl > 0)).toBe(true);
  admin.destroy();
  await store.close();
});
