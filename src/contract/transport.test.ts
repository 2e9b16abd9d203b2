import { describe, expect, it } from 'vitest';
import { listChildCenters } from './operations/list-child-centers.ts';
import { requestToken } from './operations/request-token.ts';
import { ApiError } from './api-error.ts';
import { envelope, fakeTransport, json } from './testing.ts';

const list = (answer: (request: Request) => Response | Promise<Response>, extra = {}) => {
  const t = fakeTransport(answer);
  return listChildCenters({ ...t.client, ...extra }, { providerId: 100 });
};

async function failure(promise: Promise<{ ok: boolean; error?: ApiError }>) {
  const result = await promise;
  expect(result.ok).toBe(false);
  expect(result.error).toBeInstanceOf(ApiError);
  return result.error as ApiError;
}

describe('every failure is an ApiError value, never a throw', () => {
  it('a D2 error body gives status, meaning, message and field errors', async () => {
    const error = await failure(
      list(() =>
        json(
          {
            success: false,
            code: 400,
            message: 'Invalid body',
            errors: [{ field: 'name', message: 'required' }],
          },
          400,
        ),
      ),
    );
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      meaning: 'invalid-request',
      serverMessage: 'Invalid body',
    });
    expect(error.fieldErrors).toEqual([{ field: 'name', message: 'required' }]);
  });

  it.each([
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'state-conflict'],
    [422, 'unprocessable'],
    [429, 'rate-limited'],
    [500, 'server-error'],
    [502, 'upstream-unavailable'],
    [503, 'upstream-unavailable'],
    [504, 'upstream-timeout'],
    [418, 'unexpected-status'],
  ] as const)('status %i means %s (spec §7)', async (status, meaning) => {
    const error = await failure(list(() => new Response('', { status })));
    expect([error.status, error.meaning]).toEqual([status, meaning]);
  });

  it('an HTML error page (not JSON) still gives the status meaning', async () => {
    const error = await failure(list(() => new Response('<html>Bad gateway</html>', { status: 502 })));
    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      meaning: 'upstream-unavailable',
      serverMessage: undefined,
    });
  });

  it('reads the OAuth error of the token operation (D1)', async () => {
    const t = fakeTransport(() => json({ error: 'invalid_client' }, 401));
    const error = await failure(requestToken(t.client, { clientId: 'x', clientSecret: 'y' }));
    expect(error).toMatchObject({ status: 401, meaning: 'unauthenticated', code: 'invalid_client' });
  });

  it("reads the proxy's problem details, Retry-After and request id", async () => {
    const error = await failure(
      list(() =>
        json(
          {
            type: '/problems/too_many_attempts',
            title: 'Too many attempts',
            status: 429,
            detail: 'Wait',
            requestId: 'r-1',
            code: 'too_many_attempts',
          },
          429,
          { 'retry-after': '120' },
        ),
      ),
    );
    expect(error).toMatchObject({
      meaning: 'rate-limited',
      serverMessage: 'Wait',
      code: 'too_many_attempts',
      retryAfterSeconds: 120,
      requestId: 'r-1',
    });
  });

  it('a 200 whose body is not JSON is an unexpected response', async () => {
    const error = await failure(list(() => new Response('<html>login</html>', { status: 200 })));
    expect(error).toMatchObject({ kind: 'unexpected-response', meaning: 'unexpected-response', status: 200 });
  });

  it('a 200 whose body does not match the spec is an unexpected response naming where', async () => {
    const error = await failure(
      list(() => envelope({ data: [{ id: 'x' }], meta: { total: 1, offset: 0, limit: 1 } })),
    );
    expect(error.kind).toBe('unexpected-response');
    expect(error.message).toContain('response.data.0');
  });

  it('a truncated JSON body is an unexpected response', async () => {
    const error = await failure(
      list(() => new Response('{"success":true,"code":200,"resp', { status: 200 })),
    );
    expect(error.kind).toBe('unexpected-response');
  });

  it('a redirect is not followed: it is an unexpected status', async () => {
    const error = await failure(
      list(() => new Response(null, { status: 302, headers: { location: 'https://evil.test/' } })),
    );
    expect(error).toMatchObject({ kind: 'http', status: 302, meaning: 'unexpected-status' });
  });

  it('a refused connection is a network error', async () => {
    const error = await failure(list(() => Promise.reject(new TypeError('fetch failed'))));
    expect(error).toMatchObject({ kind: 'network', meaning: 'network-error' });
  });

  it('an upstream slower than timeoutMs is a timeout, even through a transport that ignores the signal', async () => {
    const error = await failure(list(() => new Promise<Response>(() => {}), { timeoutMs: 20 }));
    expect(error).toMatchObject({ kind: 'timeout', meaning: 'timeout' });
  });

  it("the caller's abort is reported as aborted, not as a timeout", async () => {
    const controller = new AbortController();
    const t = fakeTransport(() => {
      controller.abort();
      return new Promise<Response>(() => {});
    });
    const error = await failure(listChildCenters(t.client, { providerId: 1 }, { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
  });
});
