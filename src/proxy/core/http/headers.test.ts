import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadStaticSite, noncePlaceholder } from '../../features/site/static-site.ts';
import { json, startFakeUpstream } from '../../testing/fake-upstream.ts';
import type { FakeUpstream } from '../../testing/fake-upstream.ts';
import { sequentially, startProxy } from '../../testing/harness.ts';
import type { Harness } from '../../testing/harness.ts';

let upstream: FakeUpstream;
let proxy: Harness;
let session: string | undefined;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'proxy-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${noncePlaceholder}" />` +
      `<script type="module" crossorigin src="/assets/index-abc.js" nonce="${noncePlaceholder}"></script></head><body></body></html>`,
  );
  writeFileSync(path.join(dist, 'assets/index-abc.js'), 'console.log(1)');
  upstream = await startFakeUpstream();
  proxy = await startProxy(upstream.url, { site: loadStaticSite(dist) });
  session = (await proxy.login()).session;
});

afterAll(async () => {
  await proxy.close();
  await upstream.close();
  rmSync(dist, { recursive: true });
});

/** The headers docs/decisions/0005 puts on every response, errors included. */
function expectSecurityHeaders(response: Response, kind: 'document' | 'api' | 'asset') {
  const h = response.headers;
  const csp = h.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  const cspShape =
    kind === 'document' ? /script-src 'self' 'nonce-[A-Za-z0-9+/]{24}'/ : /^default-src 'none'/;
  expect(csp).toMatch(cspShape);
  expect(h.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('no-referrer');
  expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(h.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(h.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect([...h.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  expect(kind !== 'api' || h.get('cache-control') === 'no-store').toBe(true);
}

describe('security headers', () => {
  test('200: an API answer and the console document', async () => {
    const api = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(api.status).toBe(200);
    expectSecurityHeaders(api, 'api');
    const document = await proxy.request('/centres/101', { csrf: false });
    expect(document.status).toBe(200);
    expectSecurityHeaders(document, 'document');
  });

  test('the document carries a fresh nonce in every response, the same in its CSP and its tags', async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(async () => {
        const response = await proxy.request('/', { csrf: false });
        const html = await response.text();
        const csp = response.headers.get('content-security-policy') ?? '';
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        expect(html).not.toContain(noncePlaceholder);
        expect(html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
        return nonce;
      }),
    );
    expect(new Set(nonces).size).toBe(3);
  });

  test('304: an unchanged asset', async () => {
    const first = await proxy.request('/assets/index-abc.js', { csrf: false });
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const response = await proxy.request('/assets/index-abc.js', {
      csrf: false,
      headers: { 'if-none-match': first.headers.get('etag') ?? '' },
    });
    expect(response.status).toBe(304);
    expectSecurityHeaders(response, 'asset');
  });

  test('400, 404 and 413', async () => {
    const bad = await proxy.login({ providerId: -1 });
    expect(bad.response.status).toBe(400);
    expectSecurityHeaders(bad.response, 'api');
    const missing = await proxy.request('/api/nothing/here', { session });
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, 'api');
    const missingAsset = await proxy.request('/assets/nope.js', { csrf: false });
    expect(missingAsset.status).toBe(404);
    expectSecurityHeaders(missingAsset, 'asset');
    const large = await proxy.request('/api/iam/v1/register/childProvider', {
      method: 'POST',
      session,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024), country: 'ES', city: 'Reus' }),
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ code: 'payload_too_large' });
    expectSecurityHeaders(large, 'api');
  });

  test('a body streamed without a length is cut at 1 MiB too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await proxy.request('/api/iam/v1/register/childProvider', {
      method: 'POST',
      session,
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(upstream.apiCalls().some((call) => call.body.length > 1024 * 1024)).toBe(false);
  });

  test('429, 502 and 504', async () => {
    const limited = await startProxy(upstream.url);
    await sequentially(6, () => limited.login({ clientSecret: 'wrong' }));
    const tooMany = (await limited.login()).response;
    expect(tooMany.status).toBe(429);
    expectSecurityHeaders(tooMany, 'api');
    await limited.close();

    upstream.answer((_, response) => json(response, 503, {}));
    const unavailable = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(unavailable.status).toBe(502);
    expectSecurityHeaders(unavailable, 'api');

    upstream.answer(() => new Promise(() => {}));
    const slow = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(slow.status).toBe(504);
    expectSecurityHeaders(slow, 'api');
    upstream.answer(undefined);
  });

  test('health and readiness answer without a session', async () => {
    expect((await proxy.request('/healthz', { csrf: false })).status).toBe(200);
    const ready = await proxy.request('/readyz', { csrf: false });
    expect(ready.status).toBe(200);
    expectSecurityHeaders(ready, 'api');
  });
});
