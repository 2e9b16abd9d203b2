// Decision 0005: every generated method and path either gets a 4xx with no upstream call, or reaches
// exactly one allowed operation on the configured base. Requests go over a raw socket so that
// nothing (URL parsing, fetch) cleans the request target before the proxy sees it.
import net from 'node:net';
import * as fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sessionCookieName } from '../../core/sessions/carrier.ts';
import { startFakeUpstream } from '../../testing/fake-upstream.ts';
import type { FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy } from '../../testing/harness.ts';
import type { Harness } from '../../testing/harness.ts';

let upstream: FakeUpstream;
let proxy: Harness;
let session: string | undefined;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  // The upstream base has a path of its own, so "on the configured base" is checked too.
  proxy = await startProxy(undefined, {
    environments: [{ id: 'qa', baseUrl: `${upstream.url}/base`, templatesPrefix: '/tpl' }],
  });
  session = (await proxy.login()).session;
});

afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

// The spec's operations (§4.2–4.9), written out independently of the contract's matcher. 4.1 is
// never forwarded (the token stays on the server).
const allowed: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/base\/iam\/v1\/register\/healthProviderDoctor$/ },
  { method: 'POST', path: /^\/base\/iam\/v1\/register\/childProvider$/ },
  { method: 'GET', path: /^\/base\/iam\/v1\/provider\/[1-9]\d*\/credentials$/ },
  { method: 'GET', path: /^\/base\/core\/v1\/provider\/[1-9]\d*\/child$/ },
  { method: 'GET', path: /^\/base\/payments\/v1\/subscription\/provider\/[1-9]\d*\/user$/ },
  { method: 'GET', path: /^\/base\/payments\/v1\/subscription\/provider\/[1-9]\d*\/license$/ },
  { method: 'POST', path: /^\/base\/payments\/v1\/partner\/webhook$/ },
  { method: 'GET', path: /^\/base\/tpl\/reportExample$/ },
];

function rawRequest(method: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(proxy.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString('latin1'))?.[1];
      if (status) resolve(Number(status));
      else reject(new Error(`no status line for ${method} ${JSON.stringify(target).slice(0, 200)}`));
    });
    // write, not end: a half-closed socket makes Node drop the request before it is answered.
    socket.write(
      Buffer.from(
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Requested-With: provider-console\r\n` +
          `Cookie: ${sessionCookieName}=${session}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n` +
          `Connection: close\r\n\r\n{}`,
        'latin1',
      ),
    );
  });
}

const segment = fc.oneof(
  fc.constantFrom(
    'api',
    'iam',
    'v1',
    'register',
    'healthProviderDoctor',
    'childProvider',
    'provider',
    'credentials',
    'core',
    'child',
    'payments',
    'subscription',
    'user',
    'license',
    'partner',
    'webhook',
    'reportExample',
    'tpl',
    'base',
    'integration',
    'token',
    '__sim',
    'reset',
    'state',
    '100',
    '1',
    '0',
    '007',
    '-1',
    '1e3',
    '0x10',
    '99999999999999999999',
    '..',
    '.',
    '%2e%2e',
    '%2E',
    '%2f',
    '%2F',
    '%5c',
    '%00',
    '',
    '@',
    'evil.example',
    'user@evil.example',
    '\\',
    '\r\n',
    '\n',
    ';',
    '%0d%0a',
    'A'.repeat(9_000),
    'é',
    '%C3%A9',
    '*',
    '~',
  ),
  fc.string({ maxLength: 12 }),
);

const knownPaths = [
  '/api/iam/v1/register/healthProviderDoctor',
  '/api/iam/v1/register/childProvider',
  '/api/iam/v1/provider/100/credentials',
  '/api/core/v1/provider/100/child',
  '/api/payments/v1/subscription/provider/100/user',
  '/api/payments/v1/subscription/provider/100/license',
  '/api/payments/v1/partner/webhook',
  '/api/reportExample',
  '/api/api/iam/integration/token',
  '/__sim/reset',
];

/** A known path with one part changed: a segment replaced, inserted or a separator mangled. */
const mutatedKnown = fc
  .tuple(
    fc.constantFrom(...knownPaths),
    fc.nat(),
    segment,
    fc.constantFrom('/', '//', '/./', '/../', '%2F', '\\', ''),
  )
  .map(([path, at, inserted, separator]) => {
    const parts = path.split('/');
    const index = at % parts.length;
    const kind = at % 3;
    if (kind === 0) parts[index] = inserted;
    else if (kind === 1) parts.splice(index, 0, inserted);
    return kind === 2
      ? parts.slice(0, index).join('/') + separator + parts.slice(index).join('/')
      : parts.join('/');
  });

const randomPath = fc
  .tuple(
    fc.array(segment, { maxLength: 8 }),
    fc.constantFrom('/', '/api/', '//', 'http://evil.example/api/', ''),
  )
  .map(([segments, start]) => start + segments.join('/'));

const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?limit=5', '?providerId=100', '?a=%2F..%2F', '?x=@evil.example', '?#frag', '?\r\nX: y'),
  fc.string({ maxLength: 20 }).map((text) => `?${text}`),
);

const method = fc.oneof(
  fc.constantFrom(
    'GET',
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
    'HEAD',
    'OPTIONS',
    'TRACE',
    'CONNECT',
    'get',
    'Post',
  ),
  fc.stringMatching(/^[A-Z]{1,10}$/),
);

/** Requests that should pass: an operation's own method with any positive id. */
const validRequest = fc
  .tuple(
    fc.constantFrom(
      ['POST', '/api/iam/v1/register/healthProviderDoctor'],
      ['POST', '/api/iam/v1/register/childProvider'],
      ['GET', '/api/iam/v1/provider/{id}/credentials'],
      ['GET', '/api/core/v1/provider/{id}/child'],
      ['GET', '/api/payments/v1/subscription/provider/{id}/user'],
      ['GET', '/api/payments/v1/subscription/provider/{id}/license'],
      ['POST', '/api/payments/v1/partner/webhook'],
      ['GET', '/api/reportExample'],
    ),
    fc.integer({ min: 1, max: 2 ** 40 }),
  )
  .map(([[verb, path], id]) => [verb, path.replace('{id}', String(id))] as const);

test('every generated method and path gets a 4xx without an upstream call, or reaches one allowed operation', async () => {
  let forwarded = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.tuple(method, fc.oneof(mutatedKnown, randomPath, fc.constantFrom(...knownPaths))),
        validRequest,
      ),
      query,
      async ([verb, path], search) => {
        const before = upstream.apiCalls().length;
        const status = await rawRequest(verb, `${path}${search}`);
        const calls = upstream.apiCalls().slice(before);
        if (calls.length === 0) {
          refused += 1;
          return status >= 400 && status < 500;
        }
        forwarded += 1;
        const [call] = calls;
        const callPath = (call?.url ?? '').split('?')[0] ?? '';
        return (
          calls.length === 1 &&
          status === 200 &&
          allowed.some((operation) => operation.method === call?.method && operation.path.test(callPath))
        );
      },
    ),
    { numRuns: 1_200 },
  );
  // The generators must exercise both sides of the property.
  expect(forwarded).toBeGreaterThan(50);
  expect(refused).toBeGreaterThan(500);
  // 1,200 real HTTP requests: seconds on an idle machine, more while other suites share its cores.
}, 60_000);
