// Back-channel logout across instances (OpenID Connect Back-Channel Logout 1.0, issue 45 item 2):
// two proxy processes share PostgreSQL and Redis, as a deployment behind a load balancer does; the
// provider (oidc-provider, in this process) sends its logout token to one of them, and the person's
// sessions end on both within 5 s. A replayed token, sent to the other, is refused there.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PEOPLE_PATHS } from '../../../proxy-api/sign-in.ts';
import { sessionCookieName } from '../../core/sessions/carrier.ts';
import { TestBrowser } from '../../testing/browser.ts';
import { spawnProxy, type ProxyProcess } from '../../testing/process.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { freePort } from '../../testing/ports.ts';
import { startRedisServer, type RedisServer } from '../../testing/redis-server.ts';
import { createEmbeddedProvider } from '../demo/embedded-provider.ts';
import { demoPeople } from '../demo/people.ts';

let postgres: PostgresServer;
let redis: RedisServer;
let idp: Server;
const children: ProxyProcess[] = [];

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer()]);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.child.kill('SIGTERM');
  await Promise.all(children.map((child) => child.exited));
  idp?.close();
  await Promise.all([redis?.stop(), postgres?.destroy()]);
});

/** The provider on a port of its own; the proxies' addresses are known before they start. */
async function startIdp(proxies: readonly string[]) {
  const secret = randomBytes(24).toString('base64url');
  let handle: ReturnType<typeof createEmbeddedProvider> | undefined;
  idp = createServer((req, res) => void handle?.(req, res));
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/oidc`;
  handle = createEmbeddedProvider({
    issuer,
    client: {
      clientId: 'provider-console',
      clientSecret: secret,
      redirectUris: proxies.map((origin) => `${origin}${PEOPLE_PATHS.organisationCallback}`),
      postLogoutRedirectUris: proxies.map((origin) => `${origin}${PEOPLE_PATHS.organisationSignedOut}`),
      // One URI per client: the provider reaches one instance (a load balancer picks it).
      backchannelLogoutUri: `${proxies[0]}${PEOPLE_PATHS.organisationBackchannelLogout}`,
    },
    people: demoPeople,
    allowedHosts: ['127.0.0.1'],
    extraClaims: () => ({ roles: ['console-admins'] }),
  });
  return { issuer, secret, handle };
}

async function signIn(url: string, who: string): Promise<string | undefined> {
  const browser = new TestBrowser();
  const page = await browser.navigate(`${url}/auth/organisation/start`);
  const action = /action="([^"]+\/login)"/.exec(await page.response.text())?.[1] ?? '';
  await browser.submit(new URL(action, page.url).href, { account: who });
  return browser.cookie(new URL(url).host, sessionCookieName);
}

const alive = async (url: string, session: string | undefined) =>
  (
    await fetch(`${url}/auth/session`, {
      headers: { 'x-requested-with': 'provider-console', cookie: `${sessionCookieName}=${session}` },
    })
  ).status === 200;

test('a logout token sent to one instance ends the person’s sessions on both within 5 s; replayed to the other, it answers 400', async () => {
  const ports = [await freePort(), await freePort()];
  const origins = ports.map((port) => `http://127.0.0.1:${port}`);
  const { issuer, secret, handle } = await startIdp(origins);
  const shared = {
    DEMO: 'true',
    // The demo's connections, beside a provider that is not the demo's (issue 45 item 6).
    DEMO_CONNECTIONS: 'true',
    DATABASE_URL: await postgres.createDatabase('backchannel_instances'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SESSION_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REDIS_URL: redis.url,
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: 'provider-console',
    OIDC_CLIENT_SECRET: secret,
    OIDC_SCOPES: 'openid profile email roles',
    OIDC_ROLES_CLAIM: 'roles',
    OIDC_ROLE_MAPPING: 'console-admins=admin@*',
  };
  // One after the other: the first applies the migrations and seeds the demo's connections.
  for (const port of ports) {
    const child = spawnProxy({ ...shared, PORT: String(port) });
    children.push(child);
    // oxlint-disable-next-line no-await-in-loop -- the second starts on the first one's database
    await child.listening;
  }
  const [a = '', b = ''] = origins;
  let onA: string | undefined;
  // The demo's connections are seeded just after start: the first sign-in may come before them.
  for (let attempt = 0; attempt < 20 && !onA; attempt += 1) {
    // oxlint-disable-next-line no-await-in-loop -- retried until the connections exist
    onA = await signIn(a, 'demo-oscar');
    // oxlint-disable-next-line no-await-in-loop -- a moment between attempts
    if (!onA) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const onB = await signIn(b, 'demo-oscar');
  const other = await signIn(b, 'demo-ana');
  for (const [url, session] of [
    [a, onA],
    [b, onB],
    [a, onB],
    [b, other],
  ] as const)
    // oxlint-disable-next-line no-await-in-loop -- each instance serves each session
    expect(await alive(url, session)).toBe(true);

  // The provider signs Óscar out (disabled there): its own logout token, to instance A.
  const provider = await handle.provider();
  const client = (await provider.Client.find('provider-console')) as unknown as {
    backchannelLogout(sub: string, sid?: string): Promise<void>;
  };
  const started = Date.now();
  let token = '';
  const send = globalThis.fetch;
  // The token as it went out, to replay it.
  globalThis.fetch = async (input, init) => {
    token = new URLSearchParams(String(init?.body)).get('logout_token') ?? token;
    return send(input, init);
  };
  try {
    await client.backchannelLogout('demo-oscar', undefined);
  } finally {
    globalThis.fetch = send;
  }
  const ended = async () => !(await alive(b, onB)) && !(await alive(b, onA)) && !(await alive(a, onA));
  // Polled until both instances refuse both sessions, for 5 s at most.
  const poll = async (): Promise<number> =>
    (await ended()) || Date.now() - started >= 5_000
      ? Date.now() - started
      : new Promise((resolve) => setTimeout(() => resolve(poll()), 100));
  expect(await poll()).toBeLessThan(5_000);
  expect(await ended()).toBe(true);
  expect(await alive(b, other)).toBe(true);

  // Replayed to the other instance, after the person signed in again: refused, nothing ends.
  const again = await signIn(b, 'demo-oscar');
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const replayed = await fetch(`${b}${PEOPLE_PATHS.organisationBackchannelLogout}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ logout_token: token }),
  });
  expect(replayed.status).toBe(400);
  expect(await alive(a, again)).toBe(true);
}, 120_000);
