import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CLIENT_SESSION_PERMISSIONS } from '../../../proxy-api/permissions.ts';
import { createSimulator } from '../../../simulator/index.ts';
import { canary, json, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';

let upstream: FakeUpstream;
let proxy: Harness;

beforeEach(async () => {
  upstream = await startFakeUpstream();
  proxy = await startProxy(upstream.url);
});

afterEach(async () => {
  await proxy.close();
  await upstream.close();
});

/** The proxy's demo environment over the simulator's demo seed (D12). */
const demo = async () => {
  const sim = createSimulator({ seed: 'demo' });
  const transport = (request: Request) => sim.fetch(request);
  return startProxy(undefined, { transports: { demo: transport }, simulatorControl: transport });
};

describe('D1: expires_in is optional', () => {
  test.each([
    ['a string', '3600'],
    ['null', null],
    ['zero', 0],
  ])('a token answer whose expires_in is %s signs in, and renews on a 401 only', async (_, expiresIn) => {
    upstream.answer(undefined, (request, response) => {
      const form = new URLSearchParams(request.body);
      if (form.get('client_secret') !== canary.secret)
        return json(response, 401, { error: 'invalid_client' });
      upstream.validTokens.add('CANARY-TOKEN-5d8e3a-odd');
      json(response, 200, {
        access_token: 'CANARY-TOKEN-5d8e3a-odd',
        token_type: 'Bearer',
        expires_in: expiresIn,
      });
    });
    const { response, session } = await proxy.login();
    expect(response.status).toBe(200);
    expect((await proxy.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
    expect(upstream.tokenCalls()).toHaveLength(1);
    // Renewed when the upstream refuses the token, then replayed.
    upstream.validTokens.clear();
    expect((await proxy.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
    expect(upstream.tokenCalls()).toHaveLength(2);
  });

  test('a token answer without access_token is a 502 whose log line says what was wrong', async () => {
    upstream.answer(undefined, (_, response) => json(response, 200, { token: 'x', expires_in: 'soon' }));
    expect((await proxy.login()).response.status).toBe(502);
    const failed = proxy.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.event === 'login_failed');
    expect(failed).toMatchObject({ reason: 'unexpected_body' });
  });
});

describe('spec §5, D3: the provider id is verified at login', () => {
  test("a parent naming another parent's provider id is refused with provider_mismatch, and no session starts", async () => {
    const target = await demo();
    const { response, session } = await target.login({
      clientId: 'demo-parent',
      clientSecret: 'demo-parent-secret',
      providerId: 200,
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { code: string; detail: string };
    expect(body.code).toBe('provider_mismatch');
    expect(body.detail).toContain('200');
    expect(session).toBeUndefined();
    await target.close();
  });

  test('a parent, and a child for itself, are accepted as verified', async () => {
    const target = await demo();
    const cases = [
      { clientId: 'demo-parent', clientSecret: 'demo-parent-secret', providerId: 100 },
      { clientId: 'demo-child-101', clientSecret: 'demo-child-101-secret', providerId: 101 },
    ];
    for (const login of cases) {
      // oxlint-disable-next-line no-await-in-loop -- one login after the other
      const { response } = await target.login(login);
      expect(response.status).toBe(200);
      // oxlint-disable-next-line no-await-in-loop -- as above
      expect(await response.json()).toMatchObject({ providerId: login.providerId, providerVerified: true });
    }
    await target.close();
  });

  test("a parent's credentials with one of its centres' ids are refused, saying whose they are, and the refusal is recorded without any secret", async () => {
    const target = await demo();
    const { response, session } = await target.login({
      clientId: 'demo-parent',
      clientSecret: 'demo-parent-secret',
      providerId: 101,
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { code: string; detail: string };
    expect(body.code).toBe('parent_credentials');
    expect(body.detail).toContain('credentials of the parent of centre 101');
    expect(session).toBeUndefined();
    // No session was labelled 101: nothing the parent does can land in centre 101's own log.
    const refusals = await target.audit.page({
      scope: { environment: 'demo', unverifiedClientId: 'demo-parent' },
      filter: { actions: ['auth.sign_in'] },
      limit: 10,
    });
    expect(refusals.entries).toMatchObject([
      { centreId: 101, ownerProviderId: null, outcome: { status: 403, code: 'parent_credentials' } },
    ]);
    // 4.4 answered centre 101's own secret to the check: it is in no answer, log line or entry.
    const texts = [...target.seen, ...target.logLines, JSON.stringify(refusals)];
    expect(texts.join('\n')).not.toContain('demo-child-101-secret');
    expect(texts.join('\n')).not.toContain('demo-parent-secret');
    await target.close();
  });

  test('a child naming its sibling is refused', async () => {
    const target = await demo();
    const { response } = await target.login({
      clientId: 'demo-child-101',
      clientSecret: 'demo-child-101-secret',
      providerId: 102,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'provider_mismatch' });
    await target.close();
  });

  test('in development (no operation that could tell, D3) the session is marked unverified', async () => {
    await proxy.close();
    proxy = await startProxy(upstream.url, {
      environments: [{ id: 'development', baseUrl: upstream.url, templatesPrefix: '' }],
    });
    const { response, session } = await proxy.login({ environment: 'development' });
    expect(await response.json()).toMatchObject({ providerVerified: false });
    expect(upstream.loginChecks()).toHaveLength(0);
    expect(await (await proxy.request('/auth/session', { session })).json()).toMatchObject({
      providerVerified: false,
    });
  });

  test('an upstream that fails the check is a 502, and the failure is not counted against the login', async () => {
    upstream.answer((_, response) => json(response, 503, {}));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      // oxlint-disable-next-line no-await-in-loop -- one after the other
      statuses.push((await proxy.login()).response.status);
    }
    expect(new Set(statuses)).toEqual(new Set([502]));
    upstream.answer(undefined);
    expect((await proxy.login()).response.status).toBe(200);
  });
});

describe('D12: demo logins by name', () => {
  test('POST /auth/demo-login signs in as the demo parent or processor without any secret from the browser', async () => {
    const sim = createSimulator({ seed: 'demo' });
    const transport = (request: Request) => sim.fetch(request);
    const target = await startProxy(undefined, {
      transports: { demo: transport },
      simulatorControl: transport,
    });
    const as = (name: unknown) =>
      target.request('/auth/demo-login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ as: name }),
      });
    const parent = await as('parent');
    expect(parent.status).toBe(200);
    expect(await parent.json()).toEqual({
      environment: 'demo',
      providerId: 100,
      clientId: 'demo-parent',
      providerVerified: true,
      permissions: [...CLIENT_SESSION_PERMISSIONS],
    });
    expect(await (await as('processor')).json()).toMatchObject({
      providerId: 200,
      clientId: 'demo-processor',
    });
    expect((await as('admin')).status).toBe(400);
    await target.close();
  });

  test('without the demo environment there is no demo login', async () => {
    const response = await proxy.request('/auth/demo-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ as: 'parent' }),
    });
    expect(response.status).toBe(404);
    expect(upstream.requests).toHaveLength(0);
  });
});
