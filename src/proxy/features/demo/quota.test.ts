// The public demo's world grows only so far per visitor (issue 46 M3): the probe's flood (one demo
// session registering 100 doctors of 2 kB a request) through `node src/proxy/main.ts` as `npm start`
// runs it, with the demo on, measured in the process's resident memory (/proc/<pid>/status).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { processHeaders, spawnProxy, type ProxyProcess } from '../../testing/process.ts';
import { sessionFrom } from '../../testing/harness.ts';
import { sessionCookieName } from '../../core/sessions/carrier.ts';
import { createDemoQuota, defaultDemoQuota, growthOf } from './quota.ts';

let proxy: ProxyProcess;
let url: string;

beforeAll(async () => {
  proxy = spawnProxy({ DEMO: 'true', DEMO_SIGNINS_PER_MINUTE: '1000', DEMO_SESSIONS_PER_ADDRESS: '100' });
  url = await proxy.listening;
}, 120_000);

afterAll(async () => {
  proxy?.child.kill('SIGTERM');
  await proxy?.exited;
});

const residentMb = () => {
  const status = readFileSync(`/proc/${proxy.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
};

const demoSession = async () => {
  const response = await fetch(`${url}/auth/demo-login`, {
    method: 'POST',
    headers: processHeaders,
    body: JSON.stringify({ as: 'parent' }),
  });
  expect(response.status).toBe(200);
  return `${sessionCookieName}=${sessionFrom(response) ?? ''}`;
};

let serial = 0;
/** 100 doctors of about 2 kB each, as the probe sent them. */
const hundredDoctors = () =>
  JSON.stringify({
    doctors: Array.from({ length: 100 }, () => {
      serial += 1;
      return {
        name: 'Flood',
        lastname: `Doctor ${serial}`,
        doctorId: `flood-${serial}`,
        healthProviderId: 101,
        doctorSpeciality: 1,
        lang: 'ES',
        doctorDictionary: 'x'.repeat(1_900),
      };
    }),
  });

const register = (cookie: string) =>
  fetch(`${url}/api/iam/v1/register/healthProviderDoctor`, {
    method: 'POST',
    headers: { ...processHeaders, cookie },
    body: hundredDoctors(),
  });

test('one visitor flooding registrations is refused in words before 10,000 doctors, and the proxy grows by less than 100 MB', async () => {
  // Warm: the first registration loads what every later one uses.
  expect((await register(await demoSession())).status).toBe(200);
  const before = residentMb();
  let accepted = 100;
  let cookie = await demoSession();
  const refusals: { status: number; code: string; detail: string; retryAfter: string | null }[] = [];
  // The probe's 104 requests, a new session whenever one is refused, as a script would.
  for (let request = 0; request < 104 && refusals.length < 20; request += 1) {
    // oxlint-disable-next-line no-await-in-loop -- a flood from one client, one request at a time
    const answer = await register(cookie);
    if (answer.status === 200) {
      accepted += 100;
      // oxlint-disable-next-line no-await-in-loop -- as above
      await answer.arrayBuffer();
      continue;
    }
    // oxlint-disable-next-line no-await-in-loop -- as above
    const problem = (await answer.json()) as { code: string; detail: string };
    refusals.push({ status: answer.status, ...problem, retryAfter: answer.headers.get('retry-after') });
    // oxlint-disable-next-line no-await-in-loop -- as above
    cookie = await demoSession();
  }
  const grown = residentMb() - before;
  expect(accepted).toBeLessThan(10_000);
  expect(accepted).toBeLessThanOrEqual(defaultDemoQuota.address.doctors);
  expect(refusals.length).toBeGreaterThan(0);
  expect(refusals[0]).toMatchObject({
    status: 429,
    code: 'demo_limit',
    detail: expect.stringMatching(/^This demo session has added as many doctors as the demo allows \(500\)/),
  });
  expect(refusals.at(-1)?.detail).toMatch(/^Your address has added as many doctors as the demo allows/);
  expect(Number(refusals[0]?.retryAfter)).toBeGreaterThan(0);
  expect(grown).toBeLessThan(100);
}, 180_000);

test('what counts: doctors by the request’s list, a centre, a webhook event by its bytes; reads not at all', () => {
  const body = new TextEncoder().encode(JSON.stringify({ doctors: [{}, {}, {}] }));
  expect(growthOf('registerDoctors', body)).toEqual({ centres: 0, doctors: 3, bytes: body.byteLength });
  expect(growthOf('createChildCenter', new Uint8Array(10))).toEqual({ centres: 1, doctors: 0, bytes: 10 });
  expect(growthOf('listChildCenters', undefined)).toBeUndefined();
  // The world's counts go with the world at its reset.
  let now = 0;
  const quota = createDemoQuota(
    { ...defaultDemoQuota, session: { centres: 1, doctors: 10, bytes: 1_000 } },
    { now: () => now, nextResetAt: 3 * 3_600_000 },
  );
  quota.admit('s', 'a', 'createChildCenter', new Uint8Array(10));
  expect(() => quota.admit('s', 'a', 'createChildCenter', new Uint8Array(10))).toThrow(
    /This demo session has added as many centres as the demo allows \(1\): it starts afresh from its seed in 3 hours/,
  );
  now = 3 * 3_600_000;
  quota.reset(now + 24 * 3_600_000);
  expect(() => quota.admit('s', 'a', 'createChildCenter', new Uint8Array(10))).not.toThrow();
});

test('the control API’s reset takes the counts back with the world (D11)', async () => {
  const { startDemoWorld } = await import('./world.ts');
  const { silentLogger } = await import('../../core/http/context.ts');
  const world = await startDemoWorld({ templatesPrefix: '', resetMs: 86_400_000, logger: silentLogger });
  try {
    const body = new TextEncoder().encode(
      JSON.stringify({ doctors: Array.from({ length: 100 }, () => ({})) }),
    );
    for (let request = 0; request < 5; request += 1) world.quota.admit('s', 'a', 'registerDoctors', body);
    expect(() => world.quota.admit('s', 'a', 'registerDoctors', body)).toThrow(/as many doctors/);
    const reset = await world.fetch(new Request('http://simulator.invalid/__sim/reset', { method: 'POST' }));
    expect(reset.ok).toBe(true);
    expect(() => world.quota.admit('s', 'a', 'registerDoctors', body)).not.toThrow();
  } finally {
    world.stop();
  }
});
