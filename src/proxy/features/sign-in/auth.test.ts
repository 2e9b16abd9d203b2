import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CLIENT_SESSION_PERMISSIONS } from '../../../proxy-api/permissions.ts';
import { sessionCookieName } from '../../core/sessions/carrier.ts';
import { canary, json, startFakeUpstream } from '../../testing/fake-upstream.ts';
import type { FakeUpstream } from '../../testing/fake-upstream.ts';
import { assertNoCanary, sequentially, startProxy } from '../../testing/harness.ts';
import type { Harness } from '../../testing/harness.ts';

let upstream: FakeUpstream;
let proxy: Harness;

beforeEach(async () => {
  upstream = await startFakeUpstream();
  proxy = await startProxy(upstream.url);
});

afterEach(async () => {
  // Decision 0005: canary values used as client secret and token appear in no response and no log line.
  const texts = [...proxy.seen, ...proxy.logLines];
  await proxy.close();
  await upstream.close();
  assertNoCanary(texts, [canary.secret, canary.tokenPrefix]);
});

const listChildren = (session: string | undefined) =>
  proxy.request('/api/core/v1/provider/100/child', { session });

describe('login', () => {
  test('a good login answers the session identity and sets a __Host- cookie with exactly the safe attributes', async () => {
    const { response, session } = await proxy.login();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      environment: 'qa',
      providerId: 100,
      clientId: canary.clientId,
      providerVerified: true,
      permissions: [...CLIENT_SESSION_PERMISSIONS],
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toBe(`${sessionCookieName}=${session}; Path=/; HttpOnly; Secure; SameSite=Strict`);
    // 32 random bytes in base64url: 256 bits.
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(session ?? '', 'base64url')).toHaveLength(32);
    const form = new URLSearchParams(upstream.tokenCalls()[0]?.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: canary.clientId,
      client_secret: canary.secret,
    });
  });

  test('every login gets a new session id', async () => {
    const first = await proxy.login();
    const second = await proxy.login();
    expect(first.session).not.toBe(second.session);
  });

  test('an unknown client and a wrong secret get the same 401 answer', async () => {
    const unknown = await proxy.login({ clientId: 'nobody' });
    const wrong = await proxy.login({ clientSecret: 'wrong' });
    expect(unknown.response.status).toBe(401);
    expect(wrong.response.status).toBe(401);
    const [a, b] = [
      (await unknown.response.json()) as Record<string, unknown>,
      (await wrong.response.json()) as Record<string, unknown>,
    ];
    expect(unknown.response.headers.get('content-type')).toBe('application/problem+json');
    expect({ ...a, requestId: '' }).toEqual({ ...b, requestId: '' });
    expect(a.code).toBe('invalid_credentials');
    expect(unknown.session).toBeUndefined();
  });

  test.each([
    ['no body', undefined],
    ['a providerId that is not a positive whole number', { providerId: 0 }],
    ['a string providerId', { providerId: '100' }],
    ['an empty client id', { clientId: '' }],
    ['a missing secret', { clientSecret: undefined }],
  ])('a login with %s is a 400 and never reaches the upstream', async (_, patch) => {
    const response =
      patch === undefined
        ? await proxy.request('/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '',
          })
        : (await proxy.login(patch)).response;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      status: 400,
      code: 'invalid_request',
      type: '/problems/invalid_request',
    });
    expect(upstream.requests).toHaveLength(0);
  });

  test('a login to an environment that is not configured is a 400 unknown_environment', async () => {
    const { response } = await proxy.login({ environment: 'production' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'unknown_environment' });
    expect(upstream.requests).toHaveLength(0);
  });

  test('a login sent as a form is refused with 415', async () => {
    const response = await proxy.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'environment=qa',
    });
    expect(response.status).toBe(415);
    expect(upstream.requests).toHaveLength(0);
  });

  test('a login that fails because the upstream is down does not count as a failed attempt', async () => {
    upstream.answer(undefined, (_, response) => json(response, 503, {}));
    await sequentially(6, () => proxy.login());
    upstream.answer(undefined);
    expect((await proxy.login()).response.status).toBe(200);
  });

  test('an upstream that refuses connections gives 502, a slow one 504', async () => {
    const down = await startProxy('http://127.0.0.1:9');
    const refused = await down.login();
    expect(refused.response.status).toBe(502);
    expect(await refused.response.json()).toMatchObject({ code: 'upstream_unavailable' });
    await down.close();
    upstream.answer(undefined, () => new Promise(() => {}));
    const slow = await proxy.login();
    expect(slow.response.status).toBe(504);
    expect(await slow.response.json()).toMatchObject({ code: 'upstream_timeout' });
  });

  test('a token answer that is not the spec shape gives 502', async () => {
    upstream.answer(undefined, (_, response) => json(response, 200, { token: 'x' }));
    expect((await proxy.login()).response.status).toBe(502);
  });

  test('logins are logged as successes and failures without secrets', async () => {
    await proxy.login({ clientSecret: 'wrong' });
    await proxy.login();
    const events = proxy.logLines.map((line) => JSON.parse(line) as { event: string; clientId?: string });
    expect(events.filter((entry) => entry.event === 'login_failed')).toHaveLength(1);
    expect(events.filter((entry) => entry.event === 'login_succeeded')).toEqual([
      expect.objectContaining({ clientId: canary.clientId }),
    ]);
    expect(proxy.logLines.join('\n')).not.toContain('wrong');
  });
});

describe('session', () => {
  test('the session endpoint answers the identity of a live session and 401 without one', async () => {
    const { session } = await proxy.login();
    const live = await proxy.request('/auth/session', { session });
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({
      environment: 'qa',
      providerId: 100,
      clientId: canary.clientId,
      providerVerified: true,
      permissions: [...CLIENT_SESSION_PERMISSIONS],
    });
    const none = await proxy.request('/auth/session');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'not_authenticated' });
  });

  test('session fixation: an id held before login is never authenticated, and dies at login', async () => {
    const planted = (await proxy.login()).session;
    const { session } = await proxy.login({}, planted);
    expect(session).not.toBe(planted);
    expect((await proxy.request('/auth/session', { session: planted })).status).toBe(401);
    expect((await listChildren(planted)).status).toBe(401);
    expect((await proxy.request('/auth/session', { session })).status).toBe(200);
    // An id the proxy never issued stays unauthenticated.
    const invented = 'A'.repeat(43);
    expect((await proxy.request('/auth/session', { session: invented })).status).toBe(401);
  });

  test('logout answers 204, clears the cookie and site data, and the old cookie replayed gets 401', async () => {
    const { session } = await proxy.login();
    const response = await proxy.request('/auth/logout', { method: 'POST', session });
    expect(response.status).toBe(204);
    expect(response.headers.get('clear-site-data')).toBe('"cache", "cookies"');
    expect(response.headers.getSetCookie()).toEqual([
      `${sessionCookieName}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`,
    ]);
    const calls = upstream.requests.length;
    const replay = await listChildren(session);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'session_expired' });
    expect((await proxy.request('/auth/session', { session })).status).toBe(401);
    expect(upstream.requests).toHaveLength(calls);
  });

  test('a session idle for 15 minutes is gone; activity keeps it alive', async () => {
    const { session } = await proxy.login();
    proxy.clock.advance(14 * 60_000);
    expect((await listChildren(session)).status).toBe(200);
    proxy.clock.advance(14 * 60_000);
    expect((await proxy.request('/auth/session', { session })).status).toBe(200);
    proxy.clock.advance(15 * 60_000);
    const idle = await listChildren(session);
    expect(idle.status).toBe(401);
    expect(await idle.json()).toMatchObject({ code: 'session_expired' });
  });

  test('a session ends 8 hours after login however active it is', async () => {
    const { session } = await proxy.login();
    const statuses = new Set<number>();
    await sequentially(8 * 6 - 1, async () => {
      proxy.clock.advance(10 * 60_000);
      statuses.add((await proxy.request('/auth/session', { session })).status);
    });
    expect([...statuses]).toEqual([200]);
    proxy.clock.advance(10 * 60_000);
    const response = await proxy.request('/auth/session', { session });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'session_expired' });
  });
});
