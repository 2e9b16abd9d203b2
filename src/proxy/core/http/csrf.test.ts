import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeUpstream } from '../../testing/fake-upstream.ts';
import type { FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy } from '../../testing/harness.ts';
import type { Harness } from '../../testing/harness.ts';

let upstream: FakeUpstream;
let proxy: Harness;
let session: string | undefined;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  proxy = await startProxy(upstream.url);
  session = (await proxy.login()).session;
});

afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const origins = [undefined, 'own', 'https://evil.example', 'null'] as const;
const sites = [undefined, 'same-origin', 'same-site', 'cross-site', 'none'] as const;
const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
] as const;
const customHeaders = [undefined, 'provider-console', 'XMLHttpRequest'] as const;

type Row = {
  method: (typeof methods)[number];
  origin: (typeof origins)[number];
  site: (typeof sites)[number];
  contentType: (typeof contentTypes)[number];
  custom: (typeof customHeaders)[number];
};

/** What each row must get (docs/decisions/0005): 403 for CSRF, 404 outside the allow-list, 415, or through. */
function expected(row: Row): number {
  const unsafe = row.method !== 'GET';
  if (row.custom !== 'provider-console') return 403;
  if (unsafe && row.origin !== undefined && row.origin !== 'own') return 403;
  if (unsafe && row.site !== undefined && row.site !== 'same-origin') return 403;
  if (row.method === 'PUT' || row.method === 'DELETE') return 404;
  if (row.method === 'POST' && !row.contentType.startsWith('application/json')) return 415;
  return 200;
}

const rows: Row[] = methods.flatMap((method) =>
  origins.flatMap((origin) =>
    sites.flatMap((site) =>
      contentTypes.flatMap((contentType) =>
        customHeaders.map((custom) => ({ method, origin, site, contentType, custom })),
      ),
    ),
  ),
);

test(`the whole CSRF matrix (${rows.length} rows): refused rows never reach the upstream, the others reach it once`, async () => {
  const mismatches: string[] = [];
  let refused = 0;
  for (const row of rows) {
    const headers: Record<string, string> = { 'content-type': row.contentType };
    if (row.origin) headers.origin = row.origin === 'own' ? proxy.url : row.origin;
    if (row.site) headers['sec-fetch-site'] = row.site;
    if (row.custom) headers['x-requested-with'] = row.custom;
    const path =
      row.method === 'GET' ? '/api/core/v1/provider/100/child' : '/api/iam/v1/register/childProvider';
    const before = upstream.apiCalls().length;
    // oxlint-disable-next-line no-await-in-loop -- rows run one by one so each row's upstream calls are its own
    const response = await proxy.request(path, {
      method: row.method,
      session,
      csrf: false,
      headers,
      body: row.method === 'GET' ? undefined : JSON.stringify({ name: 'C', country: 'ES', city: 'Vic' }),
    });
    const calls = upstream.apiCalls().length - before;
    const want = expected(row);
    if (want !== 200) refused += 1;
    if (response.status !== want || calls !== (want === 200 ? 1 : 0))
      mismatches.push(
        `${JSON.stringify(row)} → ${response.status} with ${calls} upstream calls, expected ${want}`,
      );
    if (want === 403) {
      // oxlint-disable-next-line no-await-in-loop -- as above
      const body = (await response.json()) as { code?: string };
      if (body.code !== 'csrf') mismatches.push(`${JSON.stringify(row)} → code ${body.code}`);
    }
    if (response.headers.has('access-control-allow-origin'))
      mismatches.push(`${JSON.stringify(row)} → CORS header`);
  }
  expect(mismatches).toEqual([]);
  expect(refused).toBeGreaterThan(rows.length / 2);
});

test('a CORS preflight gets no CORS headers', async () => {
  const response = await proxy.request('/api/core/v1/provider/100/child', {
    method: 'OPTIONS',
    csrf: false,
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
  });
  expect(response.status).toBe(403);
  expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
});

test('a request naming another host is refused with 421 (DNS rebinding)', async () => {
  const guarded = await startProxy(upstream.url, { allowedHosts: ['127.0.0.1', 'localhost'] });
  const { port } = new URL(guarded.url);
  const status = (host: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(text.slice(9, 12)));
      socket.write(
        `GET /auth/environments HTTP/1.1\r\nHost: ${host}\r\nX-Requested-With: provider-console\r\nConnection: close\r\n\r\n`,
      );
    });
  expect(await status('evil.example:80')).toBe('421');
  expect(await status(`localhost:${port}`)).toBe('200');
  expect(await status(`127.0.0.1:${port}`)).toBe('200');
  await guarded.close();
});
