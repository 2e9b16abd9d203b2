// Organisation sign-in over HTTP against the embedded OpenID provider (docs/decisions/0023): the
// whole authorization code flow as a browser drives it, and each way it can go wrong.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROLE_PERMISSIONS } from '../../../proxy-api/permissions.ts';
import { sessionSchema } from '../../../proxy-api/console.ts';
import { TestBrowser } from '../../testing/browser.ts';
import { problemOf, startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { createOidcClient } from './oidc-client.ts';
import { freePort } from '../../testing/ports.ts';
import { sessionCookieName } from '../../core/sessions/carrier.ts';

let server: PostgresServer;
let databases = 0;
const open: PeopleProxy[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((proxy) => proxy.close()));
  await server?.destroy();
});

async function proxyWith(options: Omit<Parameters<typeof startPeopleProxy>[0], 'databaseUrl'> = {}) {
  const proxy = await startPeopleProxy({
    databaseUrl: await server.createDatabase(`org_${++databases}`),
    ...options,
  });
  open.push(proxy);
  return proxy;
}

const sessionOf = async (proxy: PeopleProxy, session: string | undefined) => {
  const response = await proxy.request('/auth/session', { session });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const auditRows = (proxy: PeopleProxy) =>
  proxy.database.db.selectFrom('audit_entry').selectAll().orderBy('id').execute();

test('a demo person signs in with the authorization code flow (PKCE, state, nonce) into a server-side session that names them, their connection and their role', async () => {
  const proxy = await proxyWith();
  const { browser, session, landed } = await proxy.signIn('demo-sofia');
  expect(new URL(landed).pathname).toBe('/centres');
  expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const authorization = new URL(browser.visited.find((url) => url.includes('/oidc/auth?')) ?? '');
  expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
    response_type: 'code',
    client_id: 'provider-console',
    code_challenge_method: 'S256',
    scope: 'openid profile email roles',
  });
  for (const name of ['state', 'nonce', 'code_challenge'])
    expect(authorization.searchParams.get(name)).toMatch(/^.{22,}$/);
  // The sign-in's own cookie is gone once it finished; the session cookie is the usual one.
  expect(browser.cookie(new URL(proxy.url).host, '__Host-provider-console-signin')).toBeUndefined();
  const { status, body } = await sessionOf(proxy, session);
  expect(status).toBe(200);
  expect(sessionSchema.parse(body)).toMatchObject({
    environment: 'demo',
    providerId: 100,
    clientId: 'demo-parent',
    person: { name: 'Sofía Vidal', email: 'sofia.vidal@redsalud.demo', subject: 'demo-sofia' },
    connection: { label: 'Red Salud Demo', state: 'ok' },
    role: 'support',
    permissions: ROLE_PERMISSIONS.support,
  });
  // Reading works through the connection's secret, which the session never held.
  expect((await proxy.request('/api/core/v1/provider/100/child?limit=1', { session })).status).toBe(200);
  const signIn = (await auditRows(proxy)).find((row) => row.action === 'auth.sign_in');
  expect(signIn).toMatchObject({
    actor_kind: 'person',
    actor_subject: 'demo-sofia',
    actor_email: 'sofia.vidal@redsalud.demo',
    owner_provider_id: 100,
    accepted: true,
  });
});

test('a replayed callback finds nothing to finish, and a code already used is refused by the provider: nothing is signed in', async () => {
  const proxy = await proxyWith();
  const first = await proxy.signIn('demo-oscar');
  const callback = first.browser.visited.find((url) => url.includes('/auth/organisation/callback?'));
  if (!callback) throw new Error('the sign-in went through its callback');
  // Someone else replays the callback's address: no sign-in of theirs started it.
  const stranger = new TestBrowser();
  const replayed = await stranger.navigate(callback);
  expect(problemOf(replayed.url)).toBe('signin_expired');
  expect(stranger.cookie(new URL(proxy.url).host, sessionCookieName)).toBeUndefined();
  // With a sign-in of their own started, the used code and their own state: the provider refuses it.
  const attacker = new TestBrowser();
  await attacker.navigate(`${proxy.url}/auth/organisation/start`);
  const authorize = new URL(attacker.visited.find((url) => url.includes('/oidc/auth?')) ?? '');
  const reused = new URL(callback);
  reused.searchParams.set('state', authorize.searchParams.get('state') ?? '');
  const refused = await attacker.navigate(reused.href);
  expect(problemOf(refused.url)).toBe('signin_failed');
  expect(attacker.cookie(new URL(proxy.url).host, sessionCookieName)).toBeUndefined();
});

test('a callback whose state is not the one its sign-in started with is refused, and that sign-in cannot be finished afterwards', async () => {
  const proxy = await proxyWith();
  const browser = new TestBrowser();
  const page = await browser.navigate(`${proxy.url}/auth/organisation/start`);
  const action = /action="([^"]+\/login)"/.exec(await page.response.text())?.[1] ?? '';
  // Follow the provider's redirects by hand, stopping before the console's callback.
  let response = await browser.fetch(new URL(action, proxy.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'account=demo-ana',
  });
  let location = response.headers.get('location') ?? '';
  while (!location.includes('/auth/organisation/callback')) {
    // oxlint-disable-next-line no-await-in-loop -- the provider's redirects, one at a time
    response = await browser.fetch(new URL(location, proxy.url).href);
    location = response.headers.get('location') ?? '';
  }
  const genuine = new URL(location, proxy.url);
  const forged = new URL(genuine);
  forged.searchParams.set('state', 'not-the-state-this-sign-in-sent');
  expect(problemOf((await browser.navigate(forged.href)).url)).toBe('signin_expired');
  expect(problemOf((await browser.navigate(genuine.href)).url)).toBe('signin_expired');
  expect(browser.cookie(new URL(proxy.url).host, sessionCookieName)).toBeUndefined();
});

test('an issuer that cannot be reached: the sign-in page says so, nothing is kept, and Retry works once it answers', async () => {
  const port = await freePort();
  let down = true;
  const proxy = await proxyWith({
    organisationOf: (embedded) => {
      const unreachable = createOidcClient({
        issuerUrl: `http://127.0.0.1:${port}/oidc`,
        clientId: 'provider-console',
        clientSecret: 'unused',
        timeoutSeconds: 2,
      });
      return {
        begin: (uri) => (down ? unreachable.begin(uri) : embedded.begin(uri)),
        finish: (url, checks) => embedded.finish(url, checks),
        signOutUrl: (uri, hint) => embedded.signOutUrl(uri, hint),
        verifyLogoutToken: (token) => embedded.verifyLogoutToken(token),
      };
    },
  });
  const browser = new TestBrowser();
  const tried = await browser.navigate(`${proxy.url}/auth/organisation/start`);
  expect(problemOf(tried.url)).toBe('organisation_unavailable');
  expect(browser.cookie(new URL(proxy.url).host, '__Host-provider-console-signin')).toBeUndefined();
  down = false;
  const retried = await proxy.signIn('demo-ana', browser);
  expect(new URL(retried.landed).pathname).toBe('/centres');
  expect(retried.session).toBeDefined();
});

test('someone the console does not know is refused with a reason, no session, and the refusal is recorded', async () => {
  const proxy = await proxyWith();
  const { landed, session } = await proxy.signIn('stranger@example.test');
  expect(problemOf(landed)).toBe('unknown_person');
  expect(session).toBeUndefined();
  const refusal = (await auditRows(proxy)).find((row) => row.code === 'unknown_person');
  expect(refusal).toMatchObject({
    action: 'auth.sign_in',
    actor_kind: 'person',
    actor_email: 'stranger@example.test',
    owner_provider_id: null,
    accepted: false,
  });
});

test('cancelling at the provider comes back as a refusal, not as an error', async () => {
  const proxy = await proxyWith();
  const browser = new TestBrowser();
  const page = await browser.navigate(`${proxy.url}/auth/organisation/start`);
  const abort = /action="([^"]+\/abort)"/.exec(await page.response.text())?.[1] ?? '';
  const back = await browser.submit(new URL(abort, proxy.url).href, {});
  expect(problemOf(back.url)).toBe('signin_refused');
});
