// Signing out of the provider too (OpenID Connect RP-Initiated Logout 1.0) and the provider's
// back-channel logout (Back-Channel Logout 1.0), against the embedded oidc-provider as a strict
// provider behaves: its end-session endpoint asks "Do you want to sign out?" unless the console
// sends a valid `id_token_hint`, and it posts logout tokens to the proxy.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { backchannelLogoutEvent } from './logout-token.ts';

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
    databaseUrl: await server.createDatabase(`logout_${++databases}`),
    ...options,
  });
  open.push(proxy);
  return proxy;
}

const signOutUrlOf = async (proxy: PeopleProxy, session: string | undefined) => {
  const out = await proxy.request('/auth/logout', { method: 'POST', session });
  expect(out.status).toBe(200);
  return ((await out.json()) as { signOutUrl: string }).signOutUrl;
};

const alive = async (proxy: PeopleProxy, session: string | undefined) =>
  (await proxy.request('/auth/session', { session })).status === 200;

const signOutRows = (proxy: PeopleProxy) =>
  proxy.database.db
    .selectFrom('audit_entry')
    .select(['actor_subject', 'status', 'detail'])
    .where('action', '=', 'auth.sign_out')
    .execute();

test('signing out sends the person to the provider with the ID token as hint, which signs them out without asking, back to "You are signed out", and the next sign-in asks who they are', async () => {
  const proxy = await proxyWith();
  const { session, browser } = await proxy.signIn('demo-oscar');
  const signOutUrl = await signOutUrlOf(proxy, session);
  const url = new URL(signOutUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${proxy.issuer}/session/end`);
  const { id_token_hint: hint, ...rest } = Object.fromEntries(url.searchParams);
  expect(rest).toEqual({
    client_id: 'provider-console',
    post_logout_redirect_uri: `${proxy.url}/auth/organisation/signed-out`,
  });
  // The ID token the provider issued to this client for this person, which no other answer carried.
  const claims = JSON.parse(Buffer.from(hint?.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
  expect(claims).toMatchObject({ iss: proxy.issuer, aud: 'provider-console', sub: 'demo-oscar' });
  expect(proxy.seen.filter((line) => line.includes(hint ?? '-'))).toHaveLength(1);
  expect(await alive(proxy, session)).toBe(false);
  // At the provider: no question, the page signs out at once (its form, sent by its own script).
  const page = await (await browser.navigate(signOutUrl)).response.text();
  expect(page).not.toContain('Do you want to sign out?');
  expect(page).toContain('requestSubmit');
  const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1] ?? '';
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const back = await browser.submit(new URL(action, proxy.url).href, { xsrf, logout: 'yes' });
  expect(back.url).toBe(`${proxy.url}/login?signedOut=everywhere`);
  // The provider's session ended too: signing in again shows its sign-in page, not a session.
  const again = await browser.navigate(`${proxy.url}/auth/organisation/start`);
  expect(new URL(again.url).pathname).toMatch(/^\/oidc\/interaction\//);
  expect(await again.response.text()).toContain('Sign in to Provider Console');
});

test('without the hint the provider would ask first: the console never goes there without one when it has one', async () => {
  const proxy = await proxyWith();
  const { browser } = await proxy.signIn('demo-oscar');
  const asked = await browser.navigate(`${proxy.issuer}/session/end?client_id=provider-console`);
  expect(await asked.response.text()).toContain('Do you want to sign out?');
});

test('a provider with no end-session endpoint: the console session ends and the sign-in page is told the provider session may be open', async () => {
  const proxy = await proxyWith({ endSession: false });
  const { session } = await proxy.signIn('demo-oscar');
  expect(await signOutUrlOf(proxy, session)).toBe('/login?signedOut=console');
  expect(await alive(proxy, session)).toBe(false);
});

test('a session that ended on its own (idle timeout, an admin removing the person) signs out of the console only', async () => {
  const proxy = await proxyWith();
  const { session } = await proxy.signIn('demo-oscar');
  await proxy.app.sessions.destroy(session ?? '');
  const out = await proxy.request('/auth/logout', { method: 'POST', session });
  expect(out.status).toBe(204);
});

/** A logout token as oidc-provider makes and signs one for its client (Client#backchannelLogout). */
async function logoutToken(proxy: PeopleProxy, claims: { sub: string; sid?: string; nonce?: string }) {
  const provider = await proxy.provider();
  const client = await provider.Client.find('provider-console');
  const token = new provider.IdToken({ sub: claims.sub }, { client, ctx: undefined });
  // As oidc-provider's own Client#backchannelLogout: the subject as given.
  (token as unknown as { mask: unknown }).mask = { sub: null };
  token.set('events', { [backchannelLogoutEvent]: {} });
  token.set('jti', randomUUID());
  if (claims.sid) token.set('sid', claims.sid);
  if (claims.nonce) token.set('nonce', claims.nonce);
  return token.issue({ use: 'logout' });
}

const postLogout = (proxy: PeopleProxy, token: string) =>
  fetch(`${proxy.url}/auth/organisation/backchannel-logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ logout_token: token }),
  });

test('the provider signing the person out ends every console session of theirs at once, recorded as signed out by the provider', async () => {
  const proxy = await proxyWith();
  const [one, two] = [await proxy.signIn('demo-oscar'), await proxy.signIn('demo-oscar')];
  const other = await proxy.signIn('demo-ana');
  // The provider as it is when the person is disabled there: a token naming them, no session id.
  const provider = await proxy.provider();
  const client = await provider.Client.find('provider-console');
  const send = client as unknown as { backchannelLogout(sub: string, sid?: string): Promise<void> };
  await send.backchannelLogout('demo-oscar', undefined);
  expect(await alive(proxy, one.session)).toBe(false);
  expect(await alive(proxy, two.session)).toBe(false);
  expect(await alive(proxy, other.session)).toBe(true);
  expect(await signOutRows(proxy)).toEqual([
    { actor_subject: 'demo-oscar', status: 200, detail: { by: 'provider' } },
    { actor_subject: 'demo-oscar', status: 200, detail: { by: 'provider' } },
  ]);
});

test("signing out at the provider ends that browser's console session through the provider's back-channel, and only that one", async () => {
  const proxy = await proxyWith();
  const here = await proxy.signIn('demo-oscar');
  const elsewhere = await proxy.signIn('demo-oscar');
  const page = await (
    await here.browser.navigate(`${proxy.issuer}/session/end?client_id=provider-console`)
  ).response.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1] ?? '';
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
  await here.browser.submit(new URL(action, proxy.url).href, { xsrf, logout: 'yes' });
  // The token names the provider's session (`sid`): the other browser's session stays.
  expect(await alive(proxy, here.session)).toBe(false);
  expect(await alive(proxy, elsewhere.session)).toBe(true);
});

test('a replayed logout token answers 400 and changes nothing', async () => {
  const proxy = await proxyWith();
  const token = await logoutToken(proxy, { sub: 'demo-oscar' });
  const first = await proxy.signIn('demo-oscar');
  expect((await postLogout(proxy, token)).status).toBe(200);
  expect(await alive(proxy, first.session)).toBe(false);
  const next = await proxy.signIn('demo-oscar');
  const replayed = await postLogout(proxy, token);
  expect(replayed.status).toBe(400);
  expect(await replayed.json()).toMatchObject({ error: 'invalid_request' });
  expect(await alive(proxy, next.session)).toBe(true);
  expect(await signOutRows(proxy)).toHaveLength(1);
});

test('a logout token that is badly signed, carries a nonce, lacks the event or is not a form answers 400 and changes nothing', async () => {
  const proxy = await proxyWith();
  const { session } = await proxy.signIn('demo-oscar');
  const genuine = await logoutToken(proxy, { sub: 'demo-oscar' });
  const [header, payload, signature = ''] = genuine.split('.');
  const tampered = `${header}.${Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: 'demo-ana' }),
  ).toString('base64url')}.${signature}`;
  const flipped = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  const withNonce = await logoutToken(proxy, { sub: 'demo-oscar', nonce: 'n-0S6_WzA2Mj' });
  const provider = await proxy.provider();
  const client = await provider.Client.find('provider-console');
  const idToken = new provider.IdToken({ sub: 'demo-oscar' }, { client, ctx: undefined });
  idToken.set('jti', randomUUID());
  const noEvent = await idToken.issue({ use: 'logout' });
  for (const token of [tampered, flipped, withNonce, noEvent, 'not-a-jwt']) {
    // oxlint-disable-next-line no-await-in-loop -- each refusal on its own
    const answer = await postLogout(proxy, token);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  }
  const json = await fetch(`${proxy.url}/auth/organisation/backchannel-logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ logout_token: genuine }),
  });
  expect(json.status).toBe(400);
  expect(await alive(proxy, session)).toBe(true);
  expect(await signOutRows(proxy)).toEqual([]);
});
