import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompress } from '../../../../tools/build/precompress.ts';
import { loadStaticSite, noncePlaceholder } from './static-site.ts';
import { json, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';

let upstream: FakeUpstream;
let proxy: Harness;
let session: string | undefined;
let dist: string;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

/** A response as sent: Node's fetch would decode it, so this reads the raw bytes. */
function raw(
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${proxy.url}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const page = (language: string, variant: string) =>
  `<!doctype html><html lang="${language}"><head><meta property="csp-nonce" nonce="${noncePlaceholder}" /></head>` +
  `<body><div id="root" data-prerendered="login">${variant}-${language}<select name="environment">` +
  `<option value="demo" selected="">Demo</option><option value="development">Development</option>` +
  `<option value="qa">QA</option><option value="production">Production</option></select></div></body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'proxy-serving-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'prerendered'));
  // As built: a kilobyte or two of module preloads before an empty root.
  const preloads = Array.from(
    { length: 20 },
    (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" />`,
  );
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head>${preloads.join('')}</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/child-list.worker-Xy_1z.js'), 'self.onmessage = () => {};\n');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  for (const language of ['en', 'es', 'ca'])
    writeFileSync(
      path.join(dist, `prerendered/shell.${language}.html`),
      `<!doctype html><html><body><div id="root" data-prerendered="shell">frame-${language}</div></body></html>`,
    );
  for (const variant of ['demo', 'plain'])
    for (const language of ['en', 'es', 'ca'])
      writeFileSync(
        path.join(dist, `prerendered/login.${variant}.${language}.html`),
        page(language, variant),
      );
  if (precompress(dist).join() !== 'assets/app-abc123.js') throw new Error('the fixture did not compress');
  upstream = await startFakeUpstream();
  proxy = await startProxy(upstream.url, { site: loadStaticSite(dist) });
  session = (await proxy.login()).session;
});

afterAll(async () => {
  await proxy.close();
  await upstream.close();
  rmSync(dist, { recursive: true });
});

describe('built files', () => {
  test('each is sent in the best encoding the browser accepts, brotli before gzip, with Vary', async () => {
    const br = await raw('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(br.body.byteLength).toBeLessThan(script.length / 3);
    const gzip = await raw('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br;q=0.5' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const identity = await raw('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(script);
    for (const answer of [br, gzip, identity]) expect(answer.headers.vary).toBe('Accept-Encoding');
    // Each encoding is its own representation with its own tag.
    expect(new Set([br, gzip, identity].map((answer) => answer.headers.etag)).size).toBe(3);
    // A file too small to gain from compression has one representation.
    const icon = await raw('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers.vary).toBeUndefined();
  });

  test('hashed assets are immutable for a year; other files and documents are revalidated', async () => {
    const asset = await raw('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await raw('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    expect((await raw('/centres')).headers['cache-control']).toBe('no-cache');
    // Revalidation answers 304 for the representation the browser holds.
    const held = await raw('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const again = await raw('/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(held.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  test('a compressed answer keeps every security header', async () => {
    const asset = await raw('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const document = await raw('/centres', { 'accept-encoding': 'gzip' });
    for (const answer of [asset, document]) {
      expect(answer.headers['content-encoding']).toBeDefined();
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(document.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  });

  test('a worker’s script may reach this origin (its worker runs under its policy); other files nothing', async () => {
    const worker = await raw('/assets/child-list.worker-Xy_1z.js');
    expect(worker.status).toBe(200);
    const policy = String(worker.headers['content-security-policy']).split('; ');
    expect(policy).toEqual(
      expect.arrayContaining(["default-src 'none'", "connect-src 'self'", "script-src 'self'"]),
    );
    expect(policy).toContain("frame-ancestors 'none'");
    const asset = await raw('/assets/app-abc123.js');
    expect(asset.headers['content-security-policy']).not.toContain('connect-src');
  });

  test('HEAD answers the headers of GET without a body; a Range request gets the whole file', async () => {
    const get = await raw('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const head = await raw('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    for (const name of ['content-length', 'content-encoding', 'etag', 'cache-control', 'vary'])
      expect(head.headers[name]).toBe(get.headers[name]);
    const range = await raw('/assets/app-abc123.js', { range: 'bytes=0-9', 'accept-encoding': 'identity' });
    expect(range.status).toBe(200);
    expect(range.headers['accept-ranges']).toBe('none');
    expect(range.body.toString()).toBe(script);
  });
});

describe('answers made per request', () => {
  test('JSON over 1 kB is gzipped when accepted, smaller JSON is sent as it is', async () => {
    const centres = Array.from({ length: 100 }, (_, i) => ({
      id: 1000 + i,
      name: `Centre ${i}`,
      country: 'ES',
    }));
    upstream.answer((_, response) =>
      json(response, 200, { success: true, code: 200, response: { data: centres, meta: { total: 100 } } }),
    );
    const cookie = `__Host-provider-console-session=${session}`;
    const headers = { cookie, 'x-requested-with': 'provider-console' };
    const big = await raw('/api/core/v1/provider/100/child', { ...headers, 'accept-encoding': 'gzip, br' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(big.body).toString())).toMatchObject({ response: { data: centres } });
    expect(big.headers['cache-control']).toBe('no-store');
    const plain = await raw('/api/core/v1/provider/100/child', headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    upstream.answer(undefined);
    const small = await raw('/auth/session', { ...headers, 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  test('/login without a session is the prerendered page in the chosen language, listing only this proxy’s environments', async () => {
    const spanish = (await raw('/login', { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' })).body.toString();
    expect(spanish).toContain('data-prerendered="login">plain-es');
    expect(spanish).not.toContain(noncePlaceholder);
    // Only QA is configured here: the other kinds' options are gone.
    expect(spanish).toContain('<option value="qa">QA</option>');
    expect(spanish).not.toMatch(/value="(demo|development|production)"/);
    const chosen = await raw('/login', {
      'accept-language': 'es',
      cookie: 'provider-console-language=ca',
    });
    expect(chosen.body.toString()).toContain('plain-ca');
    expect((await raw('/login', { 'accept-language': 'fr' })).body.toString()).toContain('plain-en');
    // Signed in, /login is the plain document (the console sends the person on).
    const signedIn = await raw('/login', { cookie: `__Host-provider-console-session=${session}` });
    expect(signedIn.body.toString()).not.toContain('data-prerendered');
    expect(signedIn.headers.vary).toContain('Cookie');
  });

  test('a signed-in screen starts as the shell’s frame in the chosen language; signed out, as the empty page', async () => {
    const cookie = `__Host-provider-console-session=${session}`;
    const frame = await raw('/centres/101', { cookie, 'accept-language': 'es' });
    expect(frame.body.toString()).toContain('data-prerendered="shell">frame-es');
    expect(frame.headers['cache-control']).toBe('no-cache');
    const signedOut = await raw('/centres/101', { 'accept-language': 'es' });
    expect(signedOut.body.toString()).not.toContain('data-prerendered');
  });
});
