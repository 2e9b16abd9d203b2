import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routePreloadLookup, withRoutePreloads, ROUTE_PRELOADS_FILE } from './route-preloads.ts';
import { loadStaticSite } from './static-site.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';

// Issue 48 item 2: a screen's page lists the modules its routes load, as the build wrote them, with
// the response's nonce, so that the browser fetches them beside the entry.

const built = {
  version: 1,
  routes: [
    {
      path: '/centres/$centreId/licences',
      pattern: '^\\/centres\\/[^/]+\\/licences\\/?$',
      modules: ['/assets/screens-a1.js', '/assets/licences-b2.js'],
      styles: ['/assets/licences-c3.css'],
    },
    { path: '/centres', pattern: '^\\/centres\\/?$', modules: ['/assets/centres-d4.js'], styles: [] },
    { path: '/login', pattern: '^\\/login\\/?$', modules: ['/assets/login-e5.js'], styles: [] },
  ],
};

describe('the build’s list', () => {
  const lookup = routePreloadLookup(built);

  test('finds a screen by its path, any centre’s, and nothing for a path no screen has', () => {
    expect(lookup('/centres/42/licences')?.modules).toEqual([
      '/assets/screens-a1.js',
      '/assets/licences-b2.js',
    ]);
    expect(lookup('/centres/')?.modules).toEqual(['/assets/centres-d4.js']);
    expect(lookup('/nowhere')).toBeUndefined();
  });

  test('refuses a list naming anything but the build’s own assets (it goes into every page)', () => {
    const hostile = { ...built, routes: [{ ...built.routes[1], modules: ['/assets/x.js"><script>'] }] };
    expect(() => routePreloadLookup(hostile)).toThrow(/pattern/);
    const elsewhere = { ...built, routes: [{ ...built.routes[1], modules: ['https://cdn.test/x.js'] }] };
    expect(() => routePreloadLookup(elsewhere)).toThrow(/pattern/);
  });
});

describe('a page with its screen’s modules', () => {
  const page =
    '<html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>';

  test('lists each module and style sheet once in the head, with the nonce', () => {
    const html = withRoutePreloads(page, routePreloadLookup(built)('/centres/7/licences'), 'n0nce');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/screens-a1.js" nonce="n0nce">',
    );
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/licences-b2.js" nonce="n0nce">',
    );
    // A sheet is fetched early but applied by the route's code: it must not hold the first paint.
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/licences-c3.css" nonce="n0nce">',
    );
    expect(head).not.toContain('rel="stylesheet"');
  });

  test('leaves out what the page already names, and a page for no screen as it was', () => {
    const framed = page.replace('</head>', '<link rel="stylesheet" href="/assets/licences-c3.css"></head>');
    const html = withRoutePreloads(framed, routePreloadLookup(built)('/centres/7/licences'), 'n');
    expect(html.match(/licences-c3\.css/g)).toHaveLength(1);
    expect(withRoutePreloads(page, undefined, 'n')).toBe(page);
  });
});

test('a page that paints from its HTML gets them after its first paint, after its entry', () => {
  // As tools/build/prerender.ts writes a frame: the entry added by a script once the page has painted.
  const frame =
    '<html><head></head><body><div id="root">frame</div><script nonce="n">/* adds /assets/index.js */</script></body></html>';
  const html = withRoutePreloads(frame, routePreloadLookup(built)('/centres/7/licences'), 'n0nce');
  expect(html.slice(0, html.indexOf('</head>'))).not.toContain('/assets/');
  const added = html.slice(html.indexOf('/* adds /assets/index.js */'));
  expect(added).toMatch(
    /^[^]*<\/script><script nonce="n0nce">[^]*requestAnimationFrame[^]*<\/script><\/body>/,
  );
  expect(added).toContain('["/assets/screens-a1.js","/assets/licences-b2.js"]');
  expect(added).toContain('["/assets/licences-c3.css"]');
});

test('a screen rendered into its page applies its own style sheets from the head, and no other screen’s', () => {
  // As prerender.ts writes a screen's page: no route's sheets of its own (docs/decisions/0028).
  const screenPage =
    '<html><head><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root" data-prerendered="screen">rendered</div><script nonce="n">/* adds /assets/index.js */</script></body></html>';
  const html = withRoutePreloads(screenPage, routePreloadLookup(built)('/centres/7/licences'), 'n0nce', true);
  const head = html.slice(0, html.indexOf('</head>'));
  // Painted styled: the sheet blocks the first paint, as the entry's does.
  expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/licences-c3.css" nonce="n0nce">');
  expect(html.match(/licences-c3\.css/g)).toHaveLength(1);
  // Its modules still wait for that paint.
  expect(head).not.toContain('.js');
  expect(html.slice(html.indexOf('</head>'))).toContain('["/assets/screens-a1.js","/assets/licences-b2.js"]');
  const list = withRoutePreloads(screenPage, routePreloadLookup(built)('/centres'), 'n0nce', true);
  expect(list).not.toContain('licences-c3.css');
});

/** The modules a page preloads, in order. */
const preloaded = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]);

describe('served by the proxy', () => {
  let dist: string;
  let upstream: FakeUpstream;
  let proxy: Harness;
  let cookie: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'proxy-preloads-'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta property="csp-nonce" nonce="PROVIDER_CONSOLE_CSP_NONCE">' +
        '<script type="module" crossorigin src="/assets/index.js" nonce="PROVIDER_CONSOLE_CSP_NONCE"></script>' +
        '</head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(built));
    upstream = await startFakeUpstream();
    proxy = await startProxy(upstream.url, { site: loadStaticSite(dist) });
    cookie = `__Host-provider-console-session=${(await proxy.login()).session}`;
  });

  afterAll(async () => {
    await proxy.close();
    await upstream.close();
    rmSync(dist, { recursive: true });
  });

  test('a signed-in screen’s page lists its modules with the nonce its policy allows', async () => {
    const response = await fetch(`${proxy.url}/centres/42/licences`, { headers: { cookie } });
    const html = await response.text();
    expect(preloaded(html)).toEqual(['/assets/screens-a1.js', '/assets/licences-b2.js']);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeDefined();
    expect(html).toContain(`href="/assets/screens-a1.js" nonce="${nonce}"`);
  });

  test('signed out, a screen lists nothing (it goes to the login) and the login lists its own', async () => {
    expect(preloaded(await (await fetch(`${proxy.url}/centres`)).text())).toEqual([]);
    expect(preloaded(await (await fetch(`${proxy.url}/login`)).text())).toEqual(['/assets/login-e5.js']);
    // Signed in, the login page sends the person on: its modules would be fetched for nothing.
    expect(preloaded(await (await fetch(`${proxy.url}/login`, { headers: { cookie } })).text())).toEqual([]);
  });
});
