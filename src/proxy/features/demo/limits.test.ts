// A public demo stays usable whoever visits it (docs/decisions/0020): sign-ins and live sessions
// are bounded per address and per instance, and the embedded world is bounded and reset daily.
import { afterEach, expect, test } from 'vitest';
import { createSimulator } from '../../../simulator/index.ts';
import type { DemoLimits } from './guard.ts';
import { demoCapacity, startDemoWorld } from './world.ts';
import { silentLogger } from '../../core/http/context.ts';
import { sessionFrom, startProxy, type Harness } from '../../testing/harness.ts';

let proxy: Harness | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

async function demoProxy(limits: Partial<DemoLimits>): Promise<Harness> {
  const simulator = createSimulator();
  proxy = await startProxy(undefined, {
    transports: { demo: (request) => simulator.fetch(request) },
    simulatorControl: (request) => simulator.fetch(request),
    demoLimits: { maxSessions: 100, sessionsPerAddress: 100, signInsPerMinute: 100, ...limits },
    // The load balancer in front tells each visitor's address (docs/decisions/0011).
    trustedProxies: ['127.0.0.1'],
  });
  return proxy;
}

async function demoLogin(target: Harness, address: string) {
  const response = await target.request('/auth/demo-login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ as: 'parent' }),
  });
  return { response, session: sessionFrom(response) };
}

const works = async (target: Harness, session: string | undefined) =>
  (await target.request('/auth/session', { session })).status === 200;

test('demo sign-ins are rate-limited per address: past DEMO_SIGNINS_PER_MINUTE, 429 with the wait; other addresses sign in', async () => {
  const target = await demoProxy({ signInsPerMinute: 3 });
  const statuses = [];
  for (let index = 0; index < 3; index++)
    // oxlint-disable-next-line no-await-in-loop -- one after the other
    statuses.push((await demoLogin(target, '203.0.113.1')).response.status);
  expect(statuses).toEqual([200, 200, 200]);
  const refused = (await demoLogin(target, '203.0.113.1')).response;
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ code: 'too_many_attempts' });
  // One sign-in comes back every 20 s at three a minute.
  expect(refused.headers.get('retry-after')).toBe('20');
  expect((await demoLogin(target, '203.0.113.2')).response.status).toBe(200);
  target.clock.advance(20_000);
  expect((await demoLogin(target, '203.0.113.1')).response.status).toBe(200);
  // Typed demo credentials count the same.
  const typed = await target.request('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.1' },
    body: JSON.stringify({
      environment: 'demo',
      providerId: 100,
      clientId: 'demo-parent',
      clientSecret: 'demo-parent-secret',
    }),
  });
  expect(typed.status).toBe(429);
});

test('one address holds at most DEMO_SESSIONS_PER_ADDRESS live demo sessions: a further sign-in ends its oldest', async () => {
  const target = await demoProxy({ sessionsPerAddress: 2 });
  const first = (await demoLogin(target, '203.0.113.7')).session;
  const second = (await demoLogin(target, '203.0.113.7')).session;
  const elsewhere = (await demoLogin(target, '198.51.100.1')).session;
  const third = (await demoLogin(target, '203.0.113.7')).session;
  expect(await works(target, first)).toBe(false);
  expect([await works(target, second), await works(target, third), await works(target, elsewhere)]).toEqual([
    true,
    true,
    true,
  ]);
});

test('the instance holds at most DEMO_MAX_SESSIONS live demo sessions: then 503 demo_full, until one ends or idles out', async () => {
  const target = await demoProxy({ maxSessions: 2 });
  const a = (await demoLogin(target, '203.0.113.1')).session;
  expect((await demoLogin(target, '203.0.113.2')).response.status).toBe(200);
  const full = (await demoLogin(target, '203.0.113.3')).response;
  expect(full.status).toBe(503);
  expect(await full.json()).toMatchObject({ code: 'demo_full' });
  expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
  // A logout makes room.
  expect((await target.request('/auth/logout', { method: 'POST', session: a })).status).toBe(204);
  expect((await demoLogin(target, '203.0.113.3')).response.status).toBe(200);
  expect((await demoLogin(target, '203.0.113.4')).response.status).toBe(503);
  // Sessions idle past the idle timeout no longer count.
  target.clock.advance(15 * 60_000 + 1_000);
  expect((await demoLogin(target, '203.0.113.4')).response.status).toBe(200);
});

test('a flood of demo sign-ins from one address leaves a bounded number of live sessions', async () => {
  const target = await demoProxy({ sessionsPerAddress: 5, signInsPerMinute: 1_000 });
  const sessions = await Promise.all(
    Array.from({ length: 60 }, async () => (await demoLogin(target, '203.0.113.9')).session),
  );
  const live = await Promise.all(sessions.map((session) => works(target, session)));
  expect(live.filter(Boolean).length).toBeLessThanOrEqual(5);
});

test('the embedded demo world grows by at most its capacity, with a 429 saying so', async () => {
  const world = await startDemoWorld({ templatesPrefix: '', resetMs: 3_600_000, logger: silentLogger });
  const create = () =>
    world.fetch(
      new Request('http://simulator.invalid/__sim/providers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Centre', country: 'ES', city: 'Girona', parentId: 100 }),
      }),
    );
  const statuses = new Set<number>();
  for (let index = 0; index < demoCapacity.centres; index++)
    // oxlint-disable-next-line no-await-in-loop -- one after the other, as a visitor would
    statuses.add((await create()).status);
  expect([...statuses]).toEqual([200]);
  const refused = await create();
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ success: false, code: 429 });
  world.stop();
});

test('the embedded demo world goes back to its seed by itself, at that moment’s real time, every DEMO_RESET_HOURS', async () => {
  const lines: string[] = [];
  const world = await startDemoWorld({
    templatesPrefix: '',
    resetMs: 300,
    logger: { ...silentLogger, info: (fields) => void lines.push(JSON.stringify(fields)) },
  });
  const clock = async () =>
    (
      (await (await world.fetch(new Request('http://simulator.invalid/__sim/clock'))).json()) as {
        now: string;
      }
    ).now;
  const seeded = await clock();
  await world.fetch(
    new Request('http://simulator.invalid/__sim/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 3 }),
    }),
  );
  expect(await clock()).not.toBe(seeded);
  await new Promise((resolve) => setTimeout(resolve, 700));
  // A fresh world on the real clock (its dates agree with the calendar, issue 21 item 16), not the
  // one three days ahead; the clock counts whole seconds.
  const reset = Date.parse(await clock());
  expect(Math.abs(reset - Date.now())).toBeLessThan(5_000);
  expect(reset - Date.parse(seeded)).toBeLessThan(86_400_000);
  expect(lines.join('\n')).toContain('demo_reset');
  world.stop();
});
