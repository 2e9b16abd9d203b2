import http from 'node:http';
import { describe, expect, test } from 'vitest';
import { canary, json } from '../../testing/fake-upstream.ts';
import type { FakeUpstream } from '../../testing/fake-upstream.ts';
import { sessionCookieName } from '../../core/sessions/carrier.ts';
import { consoleHeader, signedInEachTest, startProxy } from '../../testing/harness.ts';
import type { Harness } from '../../testing/harness.ts';

let upstream: FakeUpstream;
let proxy: Harness;
let session: string | undefined;

signedInEachTest((current) => {
  ({ upstream, proxy, session } = current);
});

const createChild = (body: unknown = { name: 'Centre', country: 'ES', city: 'Girona' }) =>
  proxy.request('/api/iam/v1/register/childProvider', {
    method: 'POST',
    session,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('forwarding', () => {
  test('an allowed operation reaches the configured base with the session token and only safe headers', async () => {
    const response = await proxy.request('/api/core/v1/provider/100/child?limit=5&offset=10', {
      session,
      headers: {
        authorization: 'Bearer from-the-browser',
        'x-forwarded-for': '10.0.0.1',
        'x-forwarded-host': 'evil.example',
        'x-real-ip': '10.0.0.2',
        'proxy-authorization': 'Basic eA==',
        te: 'trailers',
        'accept-language': 'ca',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      response: { url: '/core/v1/provider/100/child?limit=5&offset=10' },
    });
    const [call] = upstream.apiCalls();
    expect(call?.method).toBe('GET');
    expect(call?.headers.authorization).toBe(`Bearer ${canary.tokenPrefix}-1`);
    expect(call?.headers.cookie).toBeUndefined();
    expect(call?.headers['accept-language']).toBe('ca');
    const names = Object.keys(call?.headers ?? {});
    expect(names.filter((name) => /^(x-|proxy-|te$|forwarded)/.test(name))).toEqual([]);
  });

  test('a POST body is forwarded as JSON, byte for byte', async () => {
    const response = await createChild({ name: 'Centre Ñ', country: 'ES', city: 'Lleida' });
    expect(response.status).toBe(200);
    const [call] = upstream.apiCalls();
    expect(call?.method).toBe('POST');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call?.body ?? '')).toEqual({ name: 'Centre Ñ', country: 'ES', city: 'Lleida' });
  });

  test('templates are always asked at /api/reportExample and sent with the environment prefix (D9)', async () => {
    const prefixed = await startProxy(undefined, {
      environments: [{ id: 'qa', baseUrl: upstream.url, templatesPrefix: '/reports/v2' }],
    });
    const login = await prefixed.login();
    const response = await prefixed.request('/api/reportExample?providerId=100', { session: login.session });
    expect(response.status).toBe(200);
    expect(upstream.apiCalls().at(-1)?.url).toBe('/reports/v2/reportExample?providerId=100');
    expect((await prefixed.request('/api/reports/v2/reportExample', { session: login.session })).status).toBe(
      404,
    );
    await prefixed.close();
  });

  test('the development environment forwards only the token and doctor registration (D3)', async () => {
    const development = await startProxy(undefined, {
      environments: [{ id: 'development', baseUrl: upstream.url, templatesPrefix: '' }],
    });
    const login = await development.login({ environment: 'development' });
    const environments = await (await development.request('/auth/environments')).json();
    expect(environments).toEqual([
      {
        id: 'development',
        label: 'Development',
        kind: 'development',
        operations: ['requestToken', 'registerDoctors'],
      },
    ]);
    const before = upstream.apiCalls().length;
    expect(
      (await development.request('/api/core/v1/provider/100/child', { session: login.session })).status,
    ).toBe(404);
    const register = await development.request('/api/iam/v1/register/healthProviderDoctor', {
      method: 'POST',
      session: login.session,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ doctors: [] }),
    });
    expect(register.status).toBe(200);
    expect(upstream.apiCalls()).toHaveLength(before + 1);
    await development.close();
  });

  test('the token operation is never forwarded: the browser cannot mint a token through /api', async () => {
    const response = await proxy.request('/api/api/iam/integration/token', {
      method: 'POST',
      session,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(upstream.tokenCalls()).toHaveLength(1);
  });

  test('an API call without a session is a 401 and never reaches the upstream', async () => {
    const response = await proxy.request('/api/core/v1/provider/100/child');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'not_authenticated' });
    expect(upstream.apiCalls()).toHaveLength(0);
  });

  test('/__sim is never reachable through /api', async () => {
    const responses = await Promise.all(
      ['/api/__sim/reset', '/api/__sim/state', '/api/../__sim/reset'].map((path) =>
        proxy.request(path, {
          method: 'POST',
          session,
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([404, 404, 404]);
    expect(upstream.apiCalls()).toHaveLength(0);
  });
});

describe('upstream answers', () => {
  test.each([400, 403, 404, 409, 422])(
    'an upstream %i keeps its status and its JSON body',
    async (status) => {
      const body = {
        success: false,
        code: status,
        message: 'nope',
        errors: [{ field: 'name', message: 'bad' }],
      };
      upstream.answer((_, response) => json(response, status, body));
      const response = await createChild();
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual(body);
    },
  );

  test('an upstream error with a body that is not JSON keeps its status with a problem body', async () => {
    upstream.answer((_, response) => {
      response.writeHead(409, { 'content-type': 'text/html' });
      response.end('<h1>Conflict</h1>');
    });
    const response = await createChild();
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.text()).not.toContain('<h1>');
  });

  test('upstream cookies never reach the browser and redirects are not followed', async () => {
    upstream.answer((_, response) =>
      json(response, 200, { success: true }, { 'set-cookie': 'upstream=1; Path=/', 'x-upstream': 'secret' }),
    );
    const ok = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(ok.headers.getSetCookie()).toEqual([]);
    expect(ok.headers.get('x-upstream')).toBeNull();
    upstream.answer((_, response) => {
      response.writeHead(302, { location: '/api/iam/integration/token' });
      response.end();
    });
    const redirected = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(redirected.status).toBe(502);
    expect(redirected.headers.get('location')).toBeNull();
    expect(upstream.apiCalls()).toHaveLength(2);
  });

  test('a 2xx body not declared JSON is a 502; a JSON one cut short never reaches the console as a whole one', async () => {
    upstream.answer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    });
    const html = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(html.status).toBe(502);
    expect(await html.json()).toMatchObject({ code: 'upstream_bad_response' });
    // Declared JSON and small, it is read whole (unparsed): a cut is a 502.
    upstream.answer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      response.write('{"success":true,');
      setTimeout(() => response.destroy(), 20);
    });
    const cut = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(cut.status).toBe(502);
    expect(await cut.json()).toMatchObject({ code: 'upstream_unavailable' });
    // Of unknown length, it is passed on as it arrives (docs/decisions/0017): a cut is a broken
    // answer the console's contract refuses, never a complete one.
    upstream.answer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"success":true,');
      setTimeout(() => response.destroy(), 20);
    });
    const outcome = await new Promise<string>((resolve) => {
      const request = http.get(
        `${proxy.url}/api/core/v1/provider/100/child`,
        { headers: { ...consoleHeader, cookie: `${sessionCookieName}=${session}` } },
        (response) => {
          response.on('data', () => {});
          response.on('end', () => resolve('complete'));
          response.on('aborted', () => resolve('cut'));
          response.on('error', () => resolve('cut'));
        },
      );
      request.on('error', () => resolve('cut'));
    });
    expect(outcome).toBe('cut');
  });

  test('a POST that times out is a 504 and is sent upstream exactly once', async () => {
    upstream.answer(() => new Promise(() => {}));
    const response = await createChild();
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'upstream_timeout' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upstream.apiCalls()).toHaveLength(1);
  });

  test('a POST answered 500 is a 502 and is not retried', async () => {
    upstream.answer((_, response) => json(response, 500, { message: 'boom' }));
    const response = await createChild();
    expect(response.status).toBe(502);
    expect(upstream.apiCalls()).toHaveLength(1);
  });

  test('an upstream that resets the connection is a 502', async () => {
    upstream.answer((_, response) => {
      response.socket?.destroy();
    });
    const response = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(response.status).toBe(502);
  });
});
