// The console surface answers anything the browser may send with the proxy's problem+json, never a
// 500 and never a thrown error: malformed logins, and paths that are not one of the operations.
import { getResponse } from 'msw';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../index.ts';
import { createConsoleSurfaceHandlers } from './console-surface.ts';

const sim = createSimulator();
const handlers = createConsoleSurfaceHandlers(sim, { maxFailedLogins: 1_000_000 });
const headers = { 'X-Requested-With': 'provider-console' };

const send = async (path: string, init: RequestInit = {}) => {
  const response = await getResponse(
    handlers,
    new Request(`http://console.test${path}`, { ...init, headers: { ...headers, ...init.headers } }),
  );
  const text = (await response?.text()) ?? '';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response?.status, type: response?.headers.get('content-type'), body };
};

const odd = fc.oneof(
  fc.constantFrom(null, true, '', -1, 0, 1.5, 1e308, 100, '100', 'demo', 'qa', 'demo-parent'),
  fc.string({ maxLength: 10 }),
  fc.integer(),
);

describe('console surface under any input', () => {
  it('a malformed or wrong login is a problem+json 400, 401 or 415, never a 500 and never a session', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          odd,
          fc.record(
            { environment: odd, providerId: odd, clientId: odd, clientSecret: odd },
            { requiredKeys: [] },
          ),
        ),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async (value, type) => {
          const r = await send('/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': type },
            body: JSON.stringify(value),
          });
          expect({ status: [400, 401, 415].includes(r.status ?? 0), type: r.type }).toEqual({
            status: true,
            type: 'application/problem+json',
          });
          expect((await send('/auth/session')).status).toBe(401);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a path under /api that is not one of the nine operations is a problem+json 404, whatever its shape', async () => {
    const segment = fc.oneof(
      fc.constantFrom('core', 'v1', 'provider', '100', 'child', '..', '%2F', '0100', 'iam', 'token', ''),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        async (segments, method) => {
          const path = `/api/${segments.join('/')}`;
          // `..` segments are resolved by URL itself; a path that leaves /api is not under test.
          fc.pre(new URL(`http://console.test${path}`).pathname.startsWith('/api/'));
          const r = await send(path, { method });
          // Signed out, an operation is a 401 and anything else a 404: never a 500.
          expect([401, 404]).toContain(r.status);
          expect(r.type).toBe('application/problem+json');
        },
      ),
      { numRuns: 300 },
    );
  });
});
