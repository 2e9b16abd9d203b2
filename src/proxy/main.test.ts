import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { canary, json, startFakeUpstream } from './testing/fake-upstream.ts';
import type { FakeUpstream } from './testing/fake-upstream.ts';
import { startProxy } from './testing/harness.ts';
import { signInOnQa, spawnProxy, type ProxyProcess } from './testing/process.ts';
import type { FetchLike } from './core/upstream/upstream.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

const qa = () => ({
  HOST: '127.0.0.1',
  UPSTREAM_QA_URL: upstream.url,
  SESSION_ENCRYPTION_KEY: 'b'.repeat(64),
});
const headers = { 'x-requested-with': 'provider-console', 'content-type': 'application/json' };
/** What the control API's guard lets through reaches a stand-in simulator that answers anything. */
const simulator: FetchLike = async () => Response.json({ ok: true });
/** The `demo_beside_upstream` lines of a process's JSON logs. */
const warnings = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: string; event: string; upstreams?: string })
    .filter((line) => line.event === 'demo_beside_upstream');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A raw TCP connection that sends `text` and keeps quiet afterwards. */
function halfOpen(url: string, text: string): Promise<{ closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(text);
      resolve({ closed: new Promise((done) => socket.once('close', () => done())) });
    });
    socket.on('error', () => {});
  });
}

describe('stopping', () => {
  test('on SIGTERM the proxy finishes the request in flight, then exits 0; its JSON logs hold no secret', async () => {
    const proxy = spawnProxy(qa());
    const url = await proxy.listening;
    const { status, session, cookie } = await signInOnQa(url);
    expect(status).toBe(200);

    upstream.answer((_, response) => {
      setTimeout(() => json(response, 200, { success: true, code: 200, response: { slow: true } }), 400);
    });
    const inFlight = fetch(`${url}/api/core/v1/provider/100/child`, {
      headers: { ...headers, cookie },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    proxy.child.kill('SIGTERM');
    const response = await inFlight;
    upstream.answer(undefined);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ response: { slow: true } });
    expect(await proxy.exited).toBe(0);

    const lines = proxy.stdout().trim().split('\n');
    const events = lines.map((line) => (JSON.parse(line) as { event: string }).event);
    expect(events).toEqual(expect.arrayContaining(['listening', 'login_succeeded', 'stopping', 'stopped']));
    expect(proxy.stdout()).not.toContain(canary.secret);
    expect(proxy.stdout()).not.toContain(canary.tokenPrefix);
    expect(proxy.stdout()).not.toContain(session);
  });

  test('on SIGTERM the instance drains first: /readyz answers 503 draining while requests are still served, then it exits 0', async () => {
    const proxy = spawnProxy({ ...qa(), DRAIN_SECONDS: '2' });
    const url = await proxy.listening;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const stopped = performance.now();
    proxy.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status).toBe(503);
    expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({
      code: 'not_ready',
      draining: 'true',
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await proxy.exited).toBe(0);
    expect(performance.now() - stopped).toBeGreaterThan(1_900);
  });

  test('clients holding half a request cannot keep the process alive past SHUTDOWN_GRACE_SECONDS; a normal request still completes', async () => {
    const proxy = spawnProxy({ ...qa(), SHUTDOWN_GRACE_SECONDS: '1' });
    const url = await proxy.listening;
    const host = new URL(url).host;
    const partialHeaders = await halfOpen(url, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `);
    const partialBody = await halfOpen(
      url,
      `POST /auth/login HTTP/1.1\r\nHost: ${host}\r\nX-Requested-With: provider-console\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"environ`,
    );
    upstream.answer(undefined, (_, response) => {
      setTimeout(() => json(response, 401, { error: 'invalid_client' }), 500);
    });
    const normal = fetch(`${url}/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ environment: 'qa', providerId: 100, clientId: 'x', clientSecret: 'y' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = performance.now();
    proxy.child.kill('SIGTERM');
    expect((await normal).status).toBe(401);
    upstream.answer(undefined);
    expect(await proxy.exited).toBe(0);
    const took = performance.now() - stopped;
    // The grace period, plus the moment closing takes; not Node's 20-30 s request timeouts.
    expect(took).toBeGreaterThan(900);
    expect(took).toBeLessThan(5_000);
    await Promise.all([partialHeaders.closed, partialBody.closed]);
  });
});

// Each spawned proxy costs seconds (Node, the module graph, its embedded database): processes are
// shared by the tests that only read them, and what the app alone decides is checked in-process.
describe('starting', () => {
  // The demo's start (its world, the embedded identity provider) passed 20 s on a loaded machine.
  test('npm start prints one plain line with the URL to open and, in the demo, the demo logins; the control token it prints is the one asked for', async () => {
    const proxy = spawnProxy({ HOST: '127.0.0.1' });
    const url = await proxy.listening;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const plain = proxy.stderr().trim().split('\n');
    expect(plain).toHaveLength(1);
    expect(plain[0]).toMatch(
      new RegExp(
        `^${escape(`Provider Console: open ${url}/ in your browser. Demo logins (D12): provider 100 demo-parent / demo-parent-secret, provider 200 demo-processor / demo-processor-secret. Sign in with your organisation as a demo person: Ana Martín (Admin of Red Salud Demo), Óscar Ruiz (Operator of Red Salud Demo), Sofía Vidal (Support of Red Salud Demo), Pau Serra (Support of both demo parents). Demo e-mail is caught in-process: ${url}/demo-mail. Simulator control (/__sim): send x-demo-control-token: `)}[A-Za-z0-9_-]{32}$`,
      ),
    );
    const token = / x-demo-control-token: (\S+)$/.exec(proxy.stderr().trim())?.[1] ?? '';
    const reset = (extra: Record<string, string> = {}) =>
      fetch(`${url}/__sim/reset`, { method: 'POST', headers: { ...headers, ...extra } });
    expect((await reset()).status).toBe(403);
    expect((await reset({ 'x-demo-control-token': token })).status).toBe(200);
    proxy.child.kill('SIGTERM');
    expect(await proxy.exited).toBe(0);
  }, 60_000);

  test('the simulator control API asks for its token; reading the clock does not', async () => {
    const token = randomBytes(24).toString('base64url');
    const proxy = await startProxy(undefined, {
      transports: { demo: simulator },
      simulatorControl: simulator,
      simulatorControlToken: token,
    });
    try {
      const control = (path: string, init: RequestInit = {}, extra: Record<string, string> = {}) =>
        proxy.request(path, { ...init, headers: { ...headers, ...extra } });
      const reset = (extra: Record<string, string> = {}) =>
        control('/__sim/reset', { method: 'POST' }, extra);
      const refused = await reset();
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'control_token_required' });
      expect((await reset({ 'x-demo-control-token': `${token.slice(1)}x` })).status).toBe(403);
      const fault = await control('/__sim/faults', {
        method: 'POST',
        body: JSON.stringify({ match: 'GET /core', status: 503, times: 100 }),
      });
      expect(fault.status).toBe(403);
      expect((await control('/__sim/state')).status).toBe(403);
      expect((await control('/__sim/clock')).status).toBe(200);
      expect((await reset({ 'x-demo-control-token': token })).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  test('the demo beside a production upstream is refused with exit 2, naming both variables', async () => {
    const proxy = spawnProxy({ ...qa(), DEMO: 'true', UPSTREAM_PRODUCTION_URL: 'https://api.example.com' });
    expect(await proxy.exited).toBe(2);
    expect(proxy.stderr()).toContain('DEMO: cannot be on while UPSTREAM_PRODUCTION_URL is set');
  });
});

describe('starting beside a real upstream', () => {
  const token = 'e2e-control-token-0123456789abcdef';
  let quiet: ProxyProcess;
  let beside: ProxyProcess;
  // Two proxies at once: on a loaded machine their starts alone passed 20 s.
  beforeAll(async () => {
    quiet = spawnProxy(qa());
    beside = spawnProxy({ ...qa(), DEMO: 'true', DEMO_CONTROL_TOKEN: token });
    await Promise.all([quiet.listening, beside.listening]);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }, 60_000);
  afterAll(async () => {
    for (const proxy of [quiet, beside]) proxy.child.kill('SIGTERM');
    await Promise.all([quiet.exited, beside.exited]);
  });

  test('the demo beside a real upstream starts only with DEMO=true, and says so in a warning line', () => {
    expect(warnings(quiet.stdout())).toEqual([]);
    expect(warnings(beside.stdout())).toEqual([
      expect.objectContaining({ level: 'warn', event: 'demo_beside_upstream', upstreams: 'qa' }),
    ]);
  });

  test('a control token set in DEMO_CONTROL_TOKEN is the one asked for, and is never printed', async () => {
    expect(beside.stderr()).toContain('send x-demo-control-token with DEMO_CONTROL_TOKEN.');
    expect(`${beside.stderr()}${beside.stdout()}`).not.toContain(token);
    const reset = await fetch(`${await beside.listening}/__sim/reset`, {
      method: 'POST',
      headers: { ...headers, 'x-demo-control-token': token },
    });
    expect(reset.status).toBe(200);
  });

  // The second proxy opens its embedded database before it meets the taken port.
  test('a taken port says which port and how to choose another, and exits 2', async () => {
    const port = new URL(await quiet.listening).port;
    const second = spawnProxy({ ...qa(), PORT: port });
    expect(await second.exited).toBe(2);
    expect(second.stderr()).toContain(`Port ${port} on 127.0.0.1 is taken by another program`);
    expect(second.stderr()).toContain(`PORT=${Number(port) + 1} npm start`);
  }, 60_000);
});

describe('host names', () => {
  test('HOST=0.0.0.0 without PUBLIC_ORIGIN is refused with exit 2', async () => {
    const proxy = spawnProxy({ ...qa(), HOST: '0.0.0.0' });
    expect(await proxy.exited).toBe(2);
    expect(proxy.stderr()).toContain(
      'PUBLIC_ORIGIN: is required when HOST (0.0.0.0) is not a loopback address',
    );
  });

  test('HOST=0.0.0.0 with PUBLIC_ORIGIN answers that host name only (health checks any)', async () => {
    const proxy = spawnProxy({ ...qa(), HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://console.example' });
    const url = (await proxy.listening).replace('0.0.0.0', '127.0.0.1');
    const as = (host: string, path = '/auth/environments') =>
      new Promise<number>((resolve) => {
        const { port } = new URL(url);
        const socket = connect({ host: '127.0.0.1', port: Number(port) }, () =>
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-Requested-With: provider-console\r\nConnection: close\r\n\r\n`,
          ),
        );
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])));
      });
    expect(await as('console.example')).toBe(200);
    expect(await as(new URL(url).host)).toBe(421);
    expect(await as('10.1.2.3:8080', '/healthz')).toBe(200);
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  });

  test.each([
    ['127.1', '127.0.0.1'],
    ['127.0.0.2', '127.0.0.2'],
  ])('HOST=%s answers the address it bound (%s) and refuses other names', async (host, bound) => {
    const proxy = spawnProxy({ ...qa(), HOST: host });
    const url = await proxy.listening;
    expect(new URL(url).hostname).toBe(bound);
    expect((await fetch(`${url}/auth/environments`, { headers })).status).toBe(200);
    const { port } = new URL(url);
    const rebound = await new Promise<number>((resolve) => {
      const socket = connect({ host: bound, port: Number(port) }, () =>
        socket.write(
          `GET /auth/environments HTTP/1.1\r\nHost: attacker.example:${port}\r\nX-Requested-With: provider-console\r\nConnection: close\r\n\r\n`,
        ),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])));
    });
    expect(rebound).toBe(421);
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  });
});
