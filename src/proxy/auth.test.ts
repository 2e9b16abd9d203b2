import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sessionCookieName } from './session-carrier.ts';
import { canary, json, startFakeUpstream } from './testing/fake-upstream.ts';
import type { FakeUpstream } from './testing/fake-upstream.ts';
import { assertNoCanary, sequentially, startProxy } from './testing/harness.ts';
import type { Harness } from './testing/harness.ts';

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

  test('past five failures of one client id from one address, each further one waits twice as long', async () => {
    const statuses: number[] = [];
    await sequentially(6, async (attempt) => {
      statuses.push((await proxy.login({ clientSecret: `wrong-${attempt}` })).response.status);
    });
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // The sixth failure locked the pair for one second: even the right secret waits.
    const locked = await proxy.login();
    expect(locked.response.status).toBe(429);
    expect(locked.response.headers.get('retry-after')).toBe('1');
    expect(await locked.response.json()).toMatchObject({ code: 'too_many_attempts' });
    proxy.clock.advance(1_000);
    expect((await proxy.login({ clientSecret: 'wrong-7' })).response.status).toBe(401);
    const longer = await proxy.login();
    expect(longer.response.headers.get('retry-after')).toBe('2');
    // Refused attempts never reached the upstream.
    expect(upstream.tokenCalls()).toHaveLength(7);
    proxy.clock.advance(2_000);
    expect((await proxy.login()).response.status).toBe(200);
  });

  test('the delay grows to 15 minutes at most, never one hard block from the first failures', async () => {
    const retries: number[] = [];
    await sequentially(16, async (attempt) => {
      const { response } = await proxy.login({ clientSecret: `wrong-${attempt}` });
      if (response.status === 429) {
        retries.push(Number(response.headers.get('retry-after')));
        proxy.clock.advance(Number(response.headers.get('retry-after')) * 1000);
        await proxy.login({ clientSecret: `wrong-again-${attempt}` });
      }
    });
    expect(retries[0]).toBe(1);
    expect(Math.max(...retries)).toBeLessThanOrEqual(900);
    proxy.clock.advance(15 * 60_000);
    expect((await proxy.login()).response.status).toBe(200);
  });

  test('a correct secret from an address with no failures signs in while someone else is guessing', async () => {
    await proxy.close();
    // Behind a trusted balancer (TRUSTED_PROXIES), the client address is X-Forwarded-For's.
    proxy = await startProxy(upstream.url, { trustedProxies: ['127.0.0.1'] });
    await sequentially(12, (attempt) =>
      proxy.request('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.66' },
        body: JSON.stringify({
          environment: 'qa',
          providerId: 100,
          clientId: canary.clientId,
          clientSecret: `guess-${attempt}`,
        }),
      }),
    );
    const owner = await proxy.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({
        environment: 'qa',
        providerId: 100,
        clientId: canary.clientId,
        clientSecret: canary.secret,
      }),
    });
    expect(owner.status).toBe(200);
  });

  test('junk logins from one address do not lock out another client id behind it', async () => {
    // A clinic's office: someone mistypes five times; a colleague signs in with their own client.
    await sequentially(8, (attempt) => proxy.login({ clientId: `colleague-typo-${attempt}` }));
    expect((await proxy.login()).response.status).toBe(200);
  });

  test('an address that keeps failing with many client ids is slowed down as a whole', async () => {
    await sequentially(21, (attempt) => proxy.login({ clientId: `spray-${attempt}` }));
    const next = await proxy.login({ clientId: 'spray-next' });
    expect(next.response.status).toBe(429);
    expect(upstream.tokenCalls()).toHaveLength(21);
  });

  test('X-Forwarded-For is ignored unless the peer is a trusted proxy, and IPv6 counts per /64', async () => {
    const attempt = (target: typeof proxy, address: string, secret: string) =>
      target.request('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({
          environment: 'qa',
          providerId: 100,
          clientId: canary.clientId,
          clientSecret: secret,
        }),
      });
    // Not trusted: every spoofed address is the same peer, so six failures lock the pair.
    await sequentially(6, (index) => attempt(proxy, `192.0.2.${index + 1}`, 'wrong'));
    expect((await attempt(proxy, '192.0.2.99', canary.secret)).status).toBe(429);

    const trusted = await startProxy(upstream.url, { trustedProxies: ['127.0.0.1/32'] });
    await sequentially(6, (index) => attempt(trusted, `2001:db8:5:6::${index + 1}`, 'wrong'));
    // Another address of the same /64 shares the lock; another /64 does not.
    expect((await attempt(trusted, '2001:db8:5:6:ffff::1', canary.secret)).status).toBe(429);
    expect((await attempt(trusted, '2001:db8:5:7::1', canary.secret)).status).toBe(200);
    await trusted.close();
  });

  test('a burst of parallel wrong logins cannot slip past the limit', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) => proxy.login({ clientSecret: `burst-${attempt}` })),
    );
    const statuses = responses.map(({ response }) => response.status).sort();
    // Five free failures, the sixth counted and locking: the other fourteen wait.
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
    expect(upstream.tokenCalls()).toHaveLength(6);
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
