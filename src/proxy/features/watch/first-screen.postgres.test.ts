// The overview rendered into its page (first-screen.ts, docs/decisions/0025 "Rendered into the
// HTML"): who gets it, from which answer, in which language, time zone and clock, and under which
// nonce; and the frame alone whenever one of them is missing. Through the real app, people signed in
// through the embedded OpenID provider, a real watcher on a real PostgreSQL. The render is a
// stand-in that writes down what it was given: the console's own is tested in
// src/console/app/first-screen.test.tsx, and the two together in e2e/overview-watch.spec.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  FIRST_SCREEN_SLOT,
  type FirstScreenRequest,
  type RenderOverview,
} from '../../../proxy-api/first-screen.ts';
import { watchedCentresSchema } from '../../../proxy-api/watch.ts';
import { timeZoneCookieName } from './first-screen.ts';
import { languageCookieName, noncePlaceholder, type StaticSite } from '../site/routes.ts';
import { sessionCookieName } from '../../core/sessions/carrier.ts';
import { sessionFrom } from '../../testing/harness.ts';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { countedSimulator, startWatchWorld, type WatchWorld } from '../../testing/watch-world.ts';

let server: PostgresServer;
let proxy: PeopleProxy;
let world: WatchWorld;
const asked: FirstScreenRequest[] = [];
let failWith: string | undefined;
/** The proxy's clock runs this far ahead of the wall's: a test moves it past the renders' spacing. */
let ahead = 0;

// What the built console gives the proxy: a frame per language, and the overview's with its slot.
const site: StaticSite = {
  file: () => undefined,
  document: (nonce) => `<!doctype html><html><body><div id="root" data-nonce="${nonce}"></div></body></html>`,
  shellFrame: (language) =>
    `<!doctype html><html><body><div id="root" data-prerendered="shell">frame-${language}</div></body></html>`,
  overviewFrame: (language) =>
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${noncePlaceholder}"></head>` +
    `<body><div id="root" data-prerendered="shell">overview-${language}:${FIRST_SCREEN_SLOT}</div></body></html>`,
};

/** Writes down what it was asked; nothing to show without centres, as the console's own. */
const renderOverview: RenderOverview = (request) => {
  asked.push(request);
  if (failWith !== undefined && request.url.includes(failWith)) return Promise.reject(new Error('boom'));
  const centres = watchedCentresSchema.parse(JSON.parse(request.answer)).centres.length;
  if (centres === 0) return Promise.resolve(undefined);
  return Promise.resolve(
    `<main data-url="${request.url}" data-zone="${request.timeZone}" data-now="${request.now.toISOString()}"` +
      ` data-provider="${request.providerId}" data-centres="${centres}">$& <style nonce="${request.nonce}"></style></main>`,
  );
};

beforeAll(async () => {
  server = await startPostgresServer();
  const key = randomBytes(32);
  const refreshes: { world?: WatchWorld } = {};
  proxy = await startPeopleProxy({
    databaseUrl: await server.createDatabase('first_screen'),
    dataKey: key,
    watch: { refresh: (id) => refreshes.world?.watcher.refresh(id) ?? Promise.resolve(false) },
    site,
    renderOverview,
    now: () => Date.now() + ahead,
  });
  world = await startWatchWorld(proxy.database, countedSimulator(), { key });
  refreshes.world = world;
}, 120_000);

afterAll(async () => {
  await world?.watcher.stop();
  await proxy?.close();
  await server?.destroy();
}, 60_000);

beforeEach(() => {
  asked.length = 0;
  failWith = undefined;
  // Each test starts past the last one's renders: one a second for a connection (first-screen.ts).
  ahead += 2_000;
});

async function signedIn(subject: string) {
  const { session } = await proxy.signIn(subject);
  const mine = (await (await proxy.request('/auth/session', { session })).json()) as {
    connection?: { id?: string };
  };
  return { session: session ?? '', connectionId: mine.connection?.id ?? '' };
}

async function refreshed(session: string, connectionId: string) {
  const done = world.refreshed(connectionId);
  expect((await proxy.request('/watch/refresh', { method: 'POST', session })).status).toBe(202);
  expect(await done).toMatchObject({ outcome: 'ok' });
}

/** A page as the browser asks for it, with the session and these cookies. */
async function page(path: string, session: string, cookies: Record<string, string> = {}) {
  const cookie = Object.entries({ [sessionCookieName]: session, ...cookies })
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const response = await proxy.request(path, { headers: { cookie, accept: 'text/html' } });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  return { response, html: await response.text(), nonce };
}

const madrid = { [timeZoneCookieName]: encodeURIComponent('Europe/Madrid') };

describe("a person whose connection the watcher keeps: the overview comes in the page's HTML", () => {
  test('before the first refresh there is nothing to show: the frame', async () => {
    const { session } = await signedIn('demo-ana');
    const { html } = await page('/overview', session, madrid);
    expect(html).toContain('frame-en');
    expect(asked).toHaveLength(1);
  }, 60_000);

  test("rendered from the connection's own answer, in the person's language, time zone and address, under each response's nonce", async () => {
    const { session, connectionId } = await signedIn('demo-sofia');
    await refreshed(session, connectionId);
    const centres = watchedCentresSchema.parse(
      await (await proxy.request('/watch/centres', { session })).json(),
    ).centres.length;
    const spanish = { ...madrid, [languageCookieName]: 'es' };
    const first = await page('/overview?show=attention', session, spanish);
    expect(first.response.status).toBe(200);
    expect(first.html).toContain('overview-es:<main data-url="/overview?show=attention"');
    expect(first.html).toContain('data-zone="Europe/Madrid"');
    expect(first.html).toContain(`data-centres="${centres}"`);
    // The markup is put in as it is: `$&` is text, not the slot it replaced.
    expect(first.html).toContain('$& <style');
    expect(first.html).not.toContain(FIRST_SCREEN_SLOT);
    expect(first.nonce).toBeDefined();
    expect(first.html).toContain(`<style nonce="${first.nonce}">`);
    expect(first.html).toContain(`<meta property="csp-nonce" nonce="${first.nonce}">`);
    // The parent's centres in a page: never stored by the browser's cache.
    expect(first.response.headers.get('cache-control')).toBe('no-store');
    // The same page again: the render is kept, the nonce is the new response's.
    const again = await page('/overview?show=attention', session, spanish);
    expect(again.nonce).not.toBe(first.nonce);
    expect(again.html).toContain(`<style nonce="${again.nonce}">`);
    expect(asked.map((request) => [request.language, request.providerId])).toEqual([['es', 100]]);
  }, 90_000);

  test("the demo's clock is the rules' now: moving it renders again", async () => {
    const { session } = await signedIn('demo-sofia');
    await page('/overview', session, madrid);
    const moved = await proxy.request('/__sim/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: 3 }),
    });
    const { now } = (await moved.json()) as { now: string };
    ahead += 2_000;
    const { html } = await page('/overview', session, madrid);
    expect(html).toContain(`data-now="${new Date(now).toISOString()}"`);
    expect(asked).toHaveLength(2);
  }, 60_000);

  test('without a time zone, for another screen, or when the render fails: the frame', async () => {
    const { session } = await signedIn('demo-sofia');
    expect((await page('/overview', session)).html).toContain('frame-en');
    expect((await page('/overview', session, { [timeZoneCookieName]: 'Mars%2FOlympus' })).html).toContain(
      'frame-en',
    );
    expect((await page('/centres', session, madrid)).html).toContain('frame-en');
    expect(asked).toHaveLength(0);
    failWith = 'sort=billing';
    ahead += 2_000;
    const failed = await page('/overview?sort=billing', session, madrid);
    expect(failed.response.status).toBe(200);
    expect(failed.html).toContain('frame-en');
    expect(proxy.logLines.some((line) => line.includes('"event":"first_screen_failed"'))).toBe(true);
  }, 60_000);
});

test('a flood of addresses gets one new render a second for a connection; the rest get the frame', async () => {
  const { session } = await signedIn('demo-sofia');
  const flood = await Promise.all(
    Array.from({ length: 5 }, (_, n) => page(`/overview?sort=status&n=${n}`, session, madrid)),
  );
  expect(flood.filter(({ html }) => html.includes('<main ')).length).toBe(1);
  expect(flood.filter(({ html }) => html.includes('frame-en')).length).toBe(4);
  expect(asked).toHaveLength(1);
  // A page already rendered is still served from what is kept.
  const rendered = asked[0]?.url ?? '';
  expect((await page(rendered, session, madrid)).html).toContain('<main ');
  ahead += 2_000;
  expect((await page('/overview?sort=status&n=9', session, madrid)).html).toContain('<main ');
}, 60_000);

test('a client-credential session has no stored connection: the frame', async () => {
  const demo = await proxy.request('/auth/demo-login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"as":"parent"}',
  });
  const { html } = await page('/overview', sessionFrom(demo) ?? '', madrid);
  expect(html).toContain('frame-en');
  expect(asked).toHaveLength(0);
});
