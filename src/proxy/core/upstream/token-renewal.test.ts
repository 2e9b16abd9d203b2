// Token renewal (docs/decisions/0005): at 80 % of `expires_in`, else on a 401; one shared renewal
// per session and process, one replay, and a second 401 ends the session.
import { describe, expect, test } from 'vitest';
import { canary, json } from '../../testing/fake-upstream.ts';
import { signedInEachTest, startProxy } from '../../testing/harness.ts';

const t = signedInEachTest();

describe('token renewal', () => {
  test('on a 401 the proxy renews the token once and replays the request once', async () => {
    t.upstream.validTokens.clear();
    const response = await t.proxy.request('/api/iam/v1/register/childProvider', {
      method: 'POST',
      session: t.session,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Centre', country: 'ES', city: 'Girona' }),
    });
    expect(response.status).toBe(200);
    expect(t.upstream.tokenCalls()).toHaveLength(2);
    const calls = t.upstream.apiCalls();
    expect(calls.map((call) => call.headers.authorization)).toEqual([
      `Bearer ${canary.tokenPrefix}-1`,
      `Bearer ${canary.tokenPrefix}-2`,
    ]);
    expect(calls[1]?.body).toBe(calls[0]?.body);
  });

  test('a second 401 after renewal ends the session', async () => {
    t.upstream.answer((_, response) => json(response, 401, { message: 'no' }));
    const response = await t.proxy.request('/api/core/v1/provider/100/child', { session: t.session });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'session_expired' });
    expect(t.upstream.apiCalls()).toHaveLength(2);
    expect((await t.proxy.request('/auth/session', { session: t.session })).status).toBe(401);
  });

  test('a 403 is passed on and never triggers a renewal', async () => {
    t.upstream.answer((_, response) =>
      json(response, 403, { success: false, code: 403, message: 'forbidden' }),
    );
    expect((await t.proxy.request('/api/core/v1/provider/200/child', { session: t.session })).status).toBe(
      403,
    );
    expect(t.upstream.tokenCalls()).toHaveLength(1);
  });

  test('when renewal is refused (credentials revoked) the session ends with 401 session_expired', async () => {
    t.upstream.validTokens.clear();
    t.upstream.answer(undefined, (_, response) => json(response, 401, { error: 'invalid_client' }));
    const response = await t.proxy.request('/api/core/v1/provider/100/child', { session: t.session });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'session_expired' });
  });

  test('30 concurrent requests on an expired token cause exactly one token call', async () => {
    t.upstream.validTokens.clear();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.proxy.request('/api/core/v1/provider/100/child', { session: t.session }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 30 }, () => 200));
    // One at login, one shared renewal.
    expect(t.upstream.tokenCalls()).toHaveLength(2);
  });

  test('with expires_in the token is renewed at 80 % of its lifetime, before the upstream refuses it', async () => {
    t.upstream.expiresIn = 100;
    const timed = await startProxy(t.upstream.url);
    const login = await timed.login();
    timed.clock.advance(79_000);
    await timed.request('/api/core/v1/provider/100/child', { session: login.session });
    const before = t.upstream.tokenCalls().length;
    timed.clock.advance(1_000);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        timed.request('/api/core/v1/provider/100/child', { session: login.session }),
      ),
    );
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]));
    expect(t.upstream.tokenCalls()).toHaveLength(before + 1);
    await timed.close();
  });
});
