import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { canary, json, startFakeUpstream } from './testing/fake-upstream.ts';
import type { FakeUpstream } from './testing/fake-upstream.ts';
import { assertNoCanary, startProxy } from './testing/harness.ts';
import type { Harness } from './testing/harness.ts';

let upstream: FakeUpstream;
let proxy: Harness;
let session: string | undefined;

beforeEach(async () => {
  upstream = await startFakeUpstream();
  proxy = await startProxy(upstream.url);
  session = (await proxy.login()).session;
});

afterEach(async () => {
  const texts = [...proxy.seen, ...proxy.logLines];
  await proxy.close();
  await upstream.close();
  assertNoCanary(texts, [canary.secret, canary.tokenPrefix]);
});

const createChild = (body: unknown = { name: 'Centre', country: 'ES', city: 'Girona' }) =>
  proxy.request('/api/iam/v1/register/childProvider', {
    method: 'POST',
    session,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('token renewal', () => {
  test('on a 401 the proxy renews the token once and replays the request once', async () => {
    upstream.validTokens.clear();
    const response = await createChild();
    expect(response.status).toBe(200);
    expect(upstream.tokenCalls()).toHaveLength(2);
    const calls = upstream.apiCalls();
    expect(calls.map((call) => call.headers.authorization)).toEqual([
      `Bearer ${canary.tokenPrefix}-1`,
      `Bearer ${canary.tokenPrefix}-2`,
    ]);
    expect(calls[1]?.body).toBe(calls[0]?.body);
  });

  test('a second 401 after renewal ends the session', async () => {
    upstream.answer((_, response) => json(response, 401, { message: 'no' }));
    const response = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'session_expired' });
    expect(upstream.apiCalls()).toHaveLength(2);
    expect((await proxy.request('/auth/session', { session })).status).toBe(401);
  });

  test('a 403 is passed on and never triggers a renewal', async () => {
    upstream.answer((_, response) =>
      json(response, 403, { success: false, code: 403, message: 'forbidden' }),
    );
    expect((await proxy.request('/api/core/v1/provider/200/child', { session })).status).toBe(403);
    expect(upstream.tokenCalls()).toHaveLength(1);
  });

  test('when renewal is refused (credentials revoked) the session ends with 401 session_expired', async () => {
    upstream.validTokens.clear();
    upstream.answer(undefined, (_, response) => json(response, 401, { error: 'invalid_client' }));
    const response = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'session_expired' });
  });

  test('30 concurrent requests on an expired token cause exactly one token call', async () => {
    upstream.validTokens.clear();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => proxy.request('/api/core/v1/provider/100/child', { session })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 30 }, () => 200));
    // One at login, one shared renewal.
    expect(upstream.tokenCalls()).toHaveLength(2);
  });

  test('with expires_in the token is renewed at 80 % of its lifetime, before the upstream refuses it', async () => {
    upstream.expiresIn = 100;
    const timed = await startProxy(upstream.url);
    const login = await timed.login();
    timed.clock.advance(79_000);
    await timed.request('/api/core/v1/provider/100/child', { session: login.session });
    const before = upstream.tokenCalls().length;
    timed.clock.advance(1_000);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        timed.request('/api/core/v1/provider/100/child', { session: login.session }),
      ),
    );
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]));
    expect(upstream.tokenCalls()).toHaveLength(before + 1);
    await timed.close();
  });
});
