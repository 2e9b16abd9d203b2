import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { createProxyApp } from '../../app.ts';
import { createLoginLimiter, pairPolicy } from './login-limiter.ts';
import { createMemoryStore } from '../../core/sessions/store.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

test('100,000 refused logins with unique client ids from one address retain under 5 MB of heap', async () => {
  const store = createMemoryStore();
  let tokenCalls = 0;
  const { app } = createProxyApp({
    environments: [{ id: 'qa', baseUrl: 'https://qa.example', templatesPrefix: '' }],
    store,
    encryptionKey: new Uint8Array(32),
    transports: {
      qa: async () => {
        tokenCalls += 1;
        return Response.json({ error: 'invalid_client' }, { status: 401 });
      },
    },
  });
  // With its length, as a browser sends it: a body without one is rebuilt by the body limit into a
  // new Request, whose finalizers hold about 800 bytes each until they run (not a leak).
  const login = (clientId: string) => {
    const body = JSON.stringify({ environment: 'qa', providerId: 100, clientId, clientSecret: 'guess' });
    return app.fetch(
      new Request('http://127.0.0.1/auth/login', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'x-requested-with': 'provider-console',
        },
        body,
      }),
      { clientAddress: '203.0.113.9' },
    );
  };
  // Warm up (modules, JIT), then measure.
  for (let index = 0; index < 30; index++) await login(`warm-${index}`); // oxlint-disable-line no-await-in-loop
  const before = heapAfterGc();
  const statuses = new Map<number, number>();
  for (let batch = 0; batch < 1_000; batch++) {
    // oxlint-disable-next-line no-await-in-loop -- batches of 100 parallel logins
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => login(`unique-${batch}-${index}`)),
    );
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  }
  const retained = heapAfterGc() - before;
  // The address locked during the warm-up; its lock doubles at each attempt let through when it
  // ends, so only a handful reach the upstream, and the store holds the address's counter and
  // those few pairs.
  expect(statuses.get(429)).toBeGreaterThan(99_990);
  expect([...statuses.keys()].sort()).toEqual(statuses.size === 1 ? [429] : [401, 429]);
  expect(tokenCalls).toBeLessThanOrEqual(40);
  expect(store.size()).toBeLessThanOrEqual(40);
  console.info(`retained ${(retained / 1024 / 1024).toFixed(2)} MB after 100,000 refused logins`);
  expect(retained).toBeLessThan(5 * 1024 * 1024);
  await store.close();
});

test('the in-memory counter table is capped', async () => {
  const store = createMemoryStore({ maxCounters: 1_000 });
  const limiter = createLoginLimiter(store, Date.now);
  for (let index = 0; index < 5_000; index++) {
    // oxlint-disable-next-line no-await-in-loop -- one address after the other
    const attempt = await limiter.attempt('client', `198.51.100.${index % 250}-${index}`);
    // oxlint-disable-next-line no-await-in-loop -- as above
    if (attempt.kind === 'allowed') await attempt.settle('failed');
  }
  expect(store.size()).toBeLessThanOrEqual(1_000);
  await store.close();
});

test('a success forgets the pair and takes the address\u2019s claim back; an upstream failure counts nothing', async () => {
  const store = createMemoryStore();
  const limiter = createLoginLimiter(store, Date.now);
  for (let index = 0; index < pairPolicy.free + 1; index++) {
    // oxlint-disable-next-line no-await-in-loop -- sequential failures
    const attempt = await limiter.attempt('owner', '192.0.2.1');
    // oxlint-disable-next-line no-await-in-loop -- as above
    if (attempt.kind === 'allowed') await attempt.settle('failed');
  }
  expect((await limiter.attempt('owner', '192.0.2.1')).kind).toBe('locked');
  const other = await limiter.attempt('owner', '192.0.2.2');
  if (other.kind !== 'allowed') throw new Error('another address is not locked');
  await other.settle('succeeded');
  expect(store.size()).toBe(2);
  const down = await limiter.attempt('colleague', '192.0.2.3');
  if (down.kind !== 'allowed') throw new Error('not locked');
  await down.settle('not_counted');
  expect(store.size()).toBe(2);
  await store.close();
});
