// Issue 49, item 4: SIGTERM during steady load on two instances sharing PostgreSQL and Redis. The
// load goes through a balancer that follows /readyz, as a real one does (the design: draining is
// for a load balancer; a client is never asked to retry): the stopped instance turns 503 at
// /readyz, the balancer sends it nothing new, it finishes what it holds, and exits 0 within
// DRAIN_SECONDS + SHUTDOWN_GRACE_SECONDS. No request is answered with an error, and none is cut.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { json, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { signInOnQa, spawnProxy, processHeaders, type ProxyProcess } from '../../testing/process.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { startRedisServer, type RedisServer } from '../../testing/redis-server.ts';

let upstream: FakeUpstream;
let postgres: PostgresServer;
let redis: RedisServer;

beforeAll(async () => {
  [upstream, postgres, redis] = await Promise.all([
    startFakeUpstream(),
    startPostgresServer(),
    startRedisServer({ transport: 'tcp' }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([upstream?.close(), postgres?.destroy(), redis?.stop()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  name: string;
  proxy: ProxyProcess;
  url: string;
  /** In the balancer's rotation: its last probe of /readyz answered 200. */
  inRotation: boolean;
}

/** A balancer's health check: /readyz every 100 ms; a 503 or no answer takes the instance out. */
function probe(instances: Instance[]): () => void {
  const check = async (instance: Instance) => {
    try {
      const answer = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(500) });
      instance.inRotation = answer.status === 200;
    } catch {
      instance.inRotation = false;
    }
  };
  const timer = setInterval(() => {
    for (const instance of instances) void check(instance);
  }, 100);
  return () => clearInterval(timer);
}

interface Outcome {
  instance: string;
  sentAt: number;
  answeredAt: number;
  status: number | string;
}

/**
 * Client `index`: a request after the other, each to the next instance in rotation, until told to
 * stop; the clients start apart and on different instances, so that both always hold some.
 */
async function client(
  index: number,
  instances: Instance[],
  cookie: string,
  stop: { now: boolean },
  seen: Outcome[],
  flying: Map<string, number>,
) {
  await sleep(index * 25);
  for (let turn = index; !stop.now; turn++) {
    const rotation = instances.filter((instance) => instance.inRotation);
    const target = rotation[turn % rotation.length];
    if (!target) throw new Error('no instance in rotation');
    const sentAt = performance.now();
    flying.set(target.name, (flying.get(target.name) ?? 0) + 1);
    // oxlint-disable-next-line no-await-in-loop -- one request after the other, as a page makes them
    const status = await fetch(`${target.url}/api/core/v1/provider/100/child`, {
      headers: { ...processHeaders, cookie },
    }).then(
      async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      },
      (error: unknown) => `failed: ${String(error)}`,
    );
    flying.set(target.name, (flying.get(target.name) ?? 1) - 1);
    seen.push({ instance: target.name, sentAt, answeredAt: performance.now(), status });
  }
}

test('SIGTERM during steady load through a balancer: no request fails or is cut, the instance exits 0 within its grace', async () => {
  const env = {
    HOST: '127.0.0.1',
    UPSTREAM_QA_URL: upstream.url,
    DATABASE_URL: await postgres.createDatabase('drain'),
    REDIS_URL: redis.url,
    SESSION_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DRAIN_SECONDS: '1',
    SHUTDOWN_GRACE_SECONDS: '3',
  };
  // Every upstream answer takes 150 ms: a few requests are always in flight on each instance.
  upstream.answer((_, response) => {
    setTimeout(() => json(response, 200, { success: true, code: 200, response: [] }), 150);
  });
  const started = [spawnProxy(env), spawnProxy(env)];
  const instances: Instance[] = await Promise.all(
    started.map(async (proxy, index) => ({
      name: index === 0 ? 'stopped' : 'kept',
      proxy,
      url: await proxy.listening,
      inRotation: true,
    })),
  );
  const [stopped, kept] = instances as [Instance, Instance];
  const stopProbing = probe(instances);
  const stop = { now: false };
  const seen: Outcome[] = [];
  /** Requests sent to each instance and not yet answered. */
  const flying = new Map<string, number>();
  try {
    // One session in the shared store, used through both instances.
    const { status, cookie } = await signInOnQa(stopped.url);
    expect(status).toBe(200);
    const clients = Array.from({ length: 6 }, (_, index) =>
      client(index, instances, cookie, stop, seen, flying),
    );
    await sleep(1_000);
    // Signalled while the instance holds a request, before any answer can arrive: on a loaded
    // machine the balancer's probe may have had it out of rotation for a moment just then.
    await vi.waitFor(() => expect(flying.get(stopped.name) ?? 0).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 5,
    });
    const signalled = performance.now();
    stopped.proxy.child.kill('SIGTERM');
    const exited = stopped.proxy.exited.then((code) => ({ code, after: performance.now() - signalled }));
    // Draining: it tells the balancer it is not ready, and so is taken out of rotation.
    await sleep(300);
    expect((await fetch(`${stopped.url}/readyz`)).status).toBe(503);
    expect(stopped.inRotation).toBe(false);
    // Load goes on past the drain and the shutdown, on the instance that stays.
    await sleep(2_700);
    stop.now = true;
    await Promise.all(clients);
    const { code, after } = await exited;
    expect(code).toBe(0);
    expect(after).toBeLessThan((1 + 3) * 1_000);
    const failed = seen.filter((outcome) => outcome.status !== 200);
    expect(failed).toEqual([]);
    // The stopped instance finished the requests it held at the signal, and the other took the rest.
    const held = seen.filter(
      (outcome) =>
        outcome.instance === 'stopped' && outcome.sentAt < signalled && outcome.answeredAt > signalled,
    );
    expect(held.length).toBeGreaterThan(0);
    const afterSignal = seen.filter((outcome) => outcome.sentAt > signalled);
    expect(afterSignal.filter((outcome) => outcome.instance === 'kept').length).toBeGreaterThan(20);
    expect((await fetch(`${kept.url}/readyz`)).status).toBe(200);
  } finally {
    stop.now = true;
    stopProbing();
    upstream.answer(undefined);
    for (const instance of instances)
      if (instance.proxy.child.exitCode === null) instance.proxy.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.proxy.exited));
  }
}, 120_000);
