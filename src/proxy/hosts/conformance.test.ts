// One conformance suite over both hosts of the proxy's app (docs/decisions/0012): under Node with
// an HttpOnly cookie, and in the page (the demo worker, the console's tests) with the session id in
// the host's memory. Both run the same app over the simulator; this checks they answer alike.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CLIENT_SESSION_PERMISSIONS } from '../../proxy-api/permissions.ts';
import { createSimulator } from '../../simulator/index.ts';
import { sessionCookieName } from '../core/sessions/carrier.ts';
import { sessionFrom, startProxy } from '../testing/harness.ts';
import { createInBrowserProxy } from './browser.ts';

type Simulator = ReturnType<typeof createSimulator>;

interface Host {
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The Node host over real HTTP, with a browser's cookie jar of one cookie. */
async function nodeHost(sim: Simulator): Promise<Host> {
  const transport = (request: Request) => sim.fetch(request);
  const proxy = await startProxy(undefined, { transports: { demo: transport }, simulatorControl: transport });
  let cookie: string | undefined;
  return {
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (cookie) headers.set('cookie', `${sessionCookieName}=${cookie}`);
      const response = await proxy.request(path, { ...init, headers, csrf: false });
      const set = response.headers.getSetCookie();
      if (set.some((line) => line.includes('Max-Age=0'))) cookie = undefined;
      cookie = sessionFrom(response) ?? cookie;
      return response;
    },
    close: () => proxy.close(),
  };
}

/** The in-browser host, called as MSW calls it. */
async function pageHost(sim: Simulator): Promise<Host> {
  const proxy = createInBrowserProxy(sim);
  return {
    request: (path, init = {}) => proxy.fetch(new Request(new URL(path, 'http://localhost:5173'), init)),
    close: () => proxy.close(),
  };
}

const consoleHeader = { 'x-requested-with': 'provider-console' };
const json = { ...consoleHeader, 'content-type': 'application/json' };

/** A problem+json answer (RFC 9457) of the proxy's own, with its request id. */
async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ type: `/problems/${code}`, status, code });
  expect(typeof body.title).toBe('string');
  expect(typeof body.detail).toBe('string');
  expect(body.requestId).toBe(response.headers.get('x-request-id'));
}

describe.each([
  ['Node', nodeHost],
  ['in-browser', pageHost],
])('the proxy in the %s host', (_, start) => {
  let sim: Simulator;
  let host: Host;
  beforeEach(async () => {
    sim = createSimulator({ seed: 'demo' });
    host = await start(sim);
  });
  afterEach(() => host.close());

  const login = (body: Record<string, unknown>) =>
    host.request('/auth/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ environment: 'demo', providerId: 100, clientId: 'demo-parent', ...body }),
    });
  const children = () => host.request('/api/core/v1/provider/100/child?limit=2', { headers: consoleHeader });

  test('offers the demo environment with every operation', async () => {
    const answer = await host.request('/auth/environments', { headers: consoleHeader });
    expect(await answer.json()).toEqual([expect.objectContaining({ id: 'demo', kind: 'demo' })]);
  });

  test('records a change in the audit log, read a page at a time and as CSV (docs/decisions/0018)', async () => {
    await login({ clientSecret: 'demo-parent-secret' });
    const sent = await host.request('/api/payments/v1/partner/webhook', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        id: 'evt_hosts',
        type: 'customer.subscription.deleted',
        created: '2026-11-22T10:00:00Z',
        data: { providerId: 107 },
      }),
    });
    expect(sent.status).toBe(200);
    const page = (await (await host.request('/audit/entries', { headers: consoleHeader })).json()) as {
      entries: { action: string; subject: string | null }[];
    };
    expect(page.entries.map((entry) => [entry.action, entry.subject])).toEqual([
      ['contract.event', 'evt_hosts'],
      ['auth.sign_in', null],
    ]);
    const csv = await host.request('/audit/entries.csv?action=contract.event', { headers: consoleHeader });
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(2);
  });

  test('login, session and logout', async () => {
    await expectProblem(
      await host.request('/auth/session', { headers: consoleHeader }),
      401,
      'not_authenticated',
    );
    const signedIn = await login({ clientSecret: 'demo-parent-secret' });
    expect(await signedIn.json()).toEqual({
      environment: 'demo',
      providerId: 100,
      clientId: 'demo-parent',
      providerVerified: true,
      permissions: [...CLIENT_SESSION_PERMISSIONS],
    });
    expect(await (await host.request('/auth/session', { headers: consoleHeader })).json()).toMatchObject({
      providerId: 100,
    });
    expect((await children()).status).toBe(200);
    const out = await host.request('/auth/logout', { method: 'POST', headers: consoleHeader });
    expect(out.status).toBe(204);
    await expectProblem(
      await host.request('/auth/session', { headers: consoleHeader }),
      401,
      'not_authenticated',
    );
    await expectProblem(await children(), 401, 'not_authenticated');
  });

  test('the demo login by name, and a provider id the credentials do not act for', async () => {
    const demo = await host.request('/auth/demo-login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ as: 'processor' }),
    });
    expect(await demo.json()).toMatchObject({ providerId: 200, clientId: 'demo-processor' });
    await expectProblem(
      await login({ clientSecret: 'demo-parent-secret', providerId: 200 }),
      403,
      'provider_mismatch',
    );
  });

  test('CSRF: no console header, or a cross-site request, is refused', async () => {
    const bare = await host.request('/auth/environments');
    expect(bare.status).toBe(403);
    await expectProblem(bare, 403, 'csrf');
    await expectProblem(
      await host.request('/auth/login', {
        method: 'POST',
        headers: { ...json, 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify({
          environment: 'demo',
          providerId: 100,
          clientId: 'demo-parent',
          clientSecret: 'x',
        }),
      }),
      403,
      'csrf',
    );
  });

  test('the allow-list: the spec operations only, never the token', async () => {
    await login({ clientSecret: 'demo-parent-secret' });
    expect((await children()).status).toBe(200);
    await expectProblem(
      await host.request('/api/api/iam/integration/token', { method: 'POST', headers: json, body: '{}' }),
      404,
      'not_found',
    );
    await expectProblem(
      await host.request('/api/core/v1/provider/100/children', { headers: consoleHeader }),
      404,
      'not_found',
    );
    await expectProblem(
      await host.request('/api/core/v1/provider/100/child', { method: 'DELETE', headers: consoleHeader }),
      404,
      'not_found',
    );
  });

  test('an upstream 401 is renewed once; a second ends the session; other errors pass through', async () => {
    await login({ clientSecret: 'demo-parent-secret' });
    sim.core.addFault({ match: 'GET /core/v1/provider/100/child', status: 401, times: 1 });
    expect((await children()).status).toBe(200);
    const forbidden = await host.request('/api/core/v1/provider/200/child', { headers: consoleHeader });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ success: false, code: 403 });
    sim.core.addFault({ match: 'GET /core/v1/provider/100/child', status: 401, times: 2 });
    await expectProblem(await children(), 401, 'session_expired');
    await expectProblem(
      await host.request('/auth/session', { headers: consoleHeader }),
      401,
      'not_authenticated',
    );
  });

  test('an upstream 5xx is a 502 problem', async () => {
    expect((await login({ clientSecret: 'demo-parent-secret' })).status).toBe(200);
    sim.core.addFault({ match: 'GET /core/v1/provider/100/child', status: 503, times: 1 });
    await expectProblem(await children(), 502, 'upstream_unavailable');
  });

  test('429 with Retry-After after repeated wrong secrets', async () => {
    for (let attempt = 0; attempt < 6; attempt++)
      // oxlint-disable-next-line no-await-in-loop -- one failure after the other
      await expectProblem(await login({ clientSecret: `wrong-${attempt}` }), 401, 'invalid_credentials');
    const locked = await login({ clientSecret: 'demo-parent-secret' });
    expect(locked.headers.get('retry-after')).toBe('1');
    await expectProblem(locked, 429, 'too_many_attempts');
  });

  test('the simulator control API is served at /__sim, without secrets', async () => {
    const state = await host.request('/__sim/state', { headers: consoleHeader });
    expect(state.status).toBe(200);
    expect(await state.text()).not.toMatch(/demo-[a-z0-9-]+-secret/);
    expect((await host.request('/__sim/reset', { method: 'POST', headers: consoleHeader })).status).toBe(200);
  });
});

test('only the Node host sets a cookie; the in-browser host keeps the session id out of the page', async () => {
  const body = JSON.stringify({ as: 'parent' });
  const init = { method: 'POST', headers: json, body };
  const sim = createSimulator({ seed: 'demo' });
  const node = await startProxy(undefined, { transports: { demo: (request) => sim.fetch(request) } });
  const viaNode = await node.request('/auth/demo-login', init);
  expect(viaNode.headers.getSetCookie()).toEqual([
    expect.stringMatching(/HttpOnly; Secure; SameSite=Strict$/),
  ]);
  await node.close();
  const page = createInBrowserProxy(createSimulator({ seed: 'demo' }));
  const viaPage = await page.fetch(new Request('http://localhost:5173/auth/demo-login', init));
  expect(viaPage.status).toBe(200);
  expect(viaPage.headers.getSetCookie()).toEqual([]);
  expect(await viaPage.text()).not.toMatch(/[A-Za-z0-9_-]{43}/);
  await page.close();
});
