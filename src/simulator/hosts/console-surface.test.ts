import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../index.ts';
import { createConsoleSurfaceHandlers } from './console-surface.ts';

function surface(options: Parameters<typeof createConsoleSurfaceHandlers>[1] = {}) {
  const sim = createSimulator();
  const handlers = createConsoleSurfaceHandlers(sim, options);
  const call = async (
    method: string,
    path: string,
    json?: unknown,
    headers: Record<string, string> = { 'X-Requested-With': 'provider-console' },
  ) => {
    const response = await getResponse(
      handlers,
      new Request(`http://console.test${path}`, {
        method,
        headers: json === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      }),
    );
    if (!response) throw new Error(`unhandled ${method} ${path}`);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    };
  };
  return { sim, call, handlers };
}

const login = {
  environment: 'demo',
  providerId: 100,
  clientId: 'demo-parent',
  clientSecret: 'demo-parent-secret',
};

describe('console surface over the simulator (the proxy surface of interfaces.md)', () => {
  it('lists the demo environment with all nine operations', async () => {
    const { call } = surface();
    const r = await call('GET', '/auth/environments');
    expect(r.body).toEqual([
      expect.objectContaining({ id: 'demo', kind: 'demo', label: 'Demo (simulator)' }),
    ]);
    expect((r.body as unknown as { operations: string[] }[])[0]?.operations).toHaveLength(9);
  });

  it('logs in, forwards /api operations with the session token, and logs out', async () => {
    const { call } = surface();
    expect((await call('GET', '/api/core/v1/provider/100/child')).status).toBe(401);
    const r = await call('POST', '/auth/login', login);
    expect(r.body).toEqual({ environment: 'demo', providerId: 100, clientId: 'demo-parent' });
    expect(JSON.stringify(r.body)).not.toContain('secret');
    expect((await call('GET', '/auth/session')).status).toBe(200);
    const children = await call('GET', '/api/core/v1/provider/100/child?limit=2');
    expect(children.status).toBe(200);
    expect(children.body).toMatchObject({ success: true, response: { meta: { limit: 2 } } });
    expect((await call('GET', '/api/reportExample?providerId=101')).status).toBe(200);
    expect((await call('POST', '/auth/logout')).status).toBe(204);
    expect((await call('GET', '/auth/session')).status).toBe(401);
  });

  it('answers 404 problem+json for anything that is not one of the operations, including the token', async () => {
    const { call } = surface();
    await call('POST', '/auth/login', login);
    const r = await call('GET', '/api/core/v1/provider/0100/child');
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('application/problem+json');
    expect(r.body).toMatchObject({
      type: '/problems/not_found',
      status: 404,
      code: 'not_found',
      requestId: expect.any(String),
    });
    expect((await call('POST', '/api/api/iam/integration/token', {})).status).toBe(404);
  });

  it('refuses a login whose providerId is not the credentials own provider', async () => {
    const { call } = surface();
    const r = await call('POST', '/auth/login', { ...login, providerId: 101 });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses a request without X-Requested-With (csrf)', async () => {
    const { call } = surface();
    const r = await call('POST', '/auth/login', login, {});
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'csrf' });
  });

  it('answers 401 invalid_credentials for a wrong secret and 429 with Retry-After after 5 failed logins', async () => {
    const { call } = surface();
    for (let i = 0; i < 5; i += 1) {
      // oxlint-disable-next-line no-await-in-loop -- the attempts must happen in order
      const r = await call('POST', '/auth/login', { ...login, clientSecret: 'wrong' });
      expect(r.status).toBe(401);
    }
    const locked = await call('POST', '/auth/login', login);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'too_many_attempts' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts failed logins per client id within 15 minutes: another client id still logs in, and the lock ends with the window', async () => {
    let clock = 1_000_000;
    const { call } = surface({ now: () => clock });
    for (let i = 0; i < 5; i += 1) {
      // oxlint-disable-next-line no-await-in-loop -- the attempts must happen in order
      await call('POST', '/auth/login', { ...login, clientSecret: 'wrong' });
      clock += 60_000;
    }
    const locked = await call('POST', '/auth/login', login);
    expect(locked.status).toBe(429);
    // The window opened at the first failure, 5 minutes ago: 10 minutes remain.
    expect(Number(locked.headers.get('retry-after'))).toBe(600);
    const other = await call('POST', '/auth/login', {
      environment: 'demo',
      providerId: 200,
      clientId: 'demo-processor',
      clientSecret: 'demo-processor-secret',
    });
    expect(other.status).toBe(200);
    clock += 600_000;
    expect((await call('POST', '/auth/login', login)).status).toBe(200);
  });

  it('passes upstream errors through and serves /__sim', async () => {
    const { call } = surface();
    await call('POST', '/auth/login', login);
    const r = await call('GET', '/api/core/v1/provider/100/child?limit=0');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400 });
    const clock = await call('POST', '/__sim/clock', { advanceDays: 1 });
    expect(clock.body).toEqual({ now: '2026-11-23T10:00:00Z' });
  });

  it('renews the upstream token when it expires (D1), keeping the session', async () => {
    const { call } = surface();
    await call('POST', '/auth/login', login);
    await call('POST', '/__sim/clock', { advanceDays: 1 });
    expect((await call('GET', '/api/core/v1/provider/100/child?limit=1')).status).toBe(200);
  });

  it('turns an upstream 5xx into the proxy 502 upstream_unavailable problem, and passes a 429 with its Retry-After', async () => {
    const { call } = surface();
    await call('POST', '/auth/login', login);
    await call('POST', '/__sim/faults', { match: '/child', status: 503, times: 1 });
    const unavailable = await call('GET', '/api/core/v1/provider/100/child');
    expect(unavailable.status).toBe(502);
    expect(unavailable.headers.get('content-type')).toBe('application/problem+json');
    expect(unavailable.body).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    await call('POST', '/__sim/faults', { match: '/child', status: 429, times: 1 });
    const limited = await call('GET', '/api/core/v1/provider/100/child');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 429 });
    expect((await call('GET', '/api/core/v1/provider/100/child')).status).toBe(200);
  });

  it('refuses a POST body that is not JSON with 415 unsupported_media_type and sends nothing upstream', async () => {
    const { sim, call, handlers } = surface();
    await call('POST', '/auth/login', login);
    const before = JSON.stringify(sim.exportState().providers);
    const response = await getResponse(
      handlers,
      new Request('http://console.test/api/iam/v1/register/childProvider', {
        method: 'POST',
        headers: { 'X-Requested-With': 'provider-console', 'Content-Type': 'text/plain' },
        body: 'name=x',
      }),
    );
    expect(response?.status).toBe(415);
    expect(await response?.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(JSON.stringify(sim.exportState().providers)).toBe(before);
  });

  it('ends the session with 401 session_expired when the credentials no longer mint a token', async () => {
    const { sim, call } = surface();
    await call('POST', '/auth/login', login);
    await call('POST', '/__sim/clock', { advanceDays: 1 });
    // The parent's secret changes behind the console's back: renewal fails.
    const parent = sim.core.state.providers['100'];
    if (parent) parent.secret = 'rotated';
    const r = await call('GET', '/api/core/v1/provider/100/child');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'session_expired' });
    expect((await call('GET', '/auth/session')).status).toBe(401);
  });

  it('answers only paths that start with /auth, /api or /__sim: a module request like /src/lib/api/client.ts is left alone', async () => {
    const { handlers } = surface();
    for (const path of ['/src/lib/api/client.ts', '/src/features/auth/login', '/node_modules/x/__sim/y.js']) {
      // oxlint-disable-next-line no-await-in-loop -- each path on its own
      const response = await getResponse(handlers, new Request(`http://console.test${path}`));
      expect(response).toBeUndefined();
    }
    const api = await getResponse(
      handlers,
      new Request('http://console.test/api/core/v1/provider/100/child', {
        headers: { 'X-Requested-With': 'provider-console' },
      }),
    );
    expect(api?.status).toBe(401);
  });
});
