// Organisation sign-in against a provider as strict as real ones (issue 45 items 3-5): the client
// id `provider-console` and a base64 secret in each token endpoint auth method, the method chosen
// from discovery, e-mail that the provider does not say it verified, and a client the provider
// refuses, named as the console's own misconfiguration. A real oidc-provider on loopback
// (testing/strict-provider.ts), the real proxy over HTTP (testing/people.ts).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { problemOf, startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import {
  startStrictProvider,
  type StrictProvider,
  type StrictProviderOptions,
} from '../../testing/strict-provider.ts';
import { noPeoplePolicy } from '../people/index.ts';
import { TestBrowser } from '../../testing/browser.ts';
import { createOidcClient, type OidcClientOptions } from './oidc-client.ts';

let server: PostgresServer;
let databases = 0;
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((each) => each.close()));
  await server?.destroy();
});

/** A base64 secret with each of the characters Basic's form-urlencoding escapes. */
const secret = 'k+9/Vq2Z+dA/x7w==';
const clientId = 'provider-console';

type ClientOptions = Omit<OidcClientOptions, 'issuerUrl' | 'clientId'>;

/** The first admin (ADMIN_EMAILS), who signs in by typing the address at the provider. */
const admin = 'it.admin@clinic.test';

/** A strict provider and a proxy signing in with it: no connection yet, one admin listed. */
async function against(
  provider: StrictProviderOptions,
  client: ClientOptions,
  proxyOptions: Omit<Parameters<typeof startPeopleProxy>[0], 'databaseUrl'> = {},
): Promise<{ strict: StrictProvider; proxy: PeopleProxy }> {
  const strict = await startStrictProvider(provider);
  open.push(strict);
  const proxy = await startPeopleProxy({
    databaseUrl: await server.createDatabase(`strict_${++databases}`),
    seedConnections: false,
    people: { ...noPeoplePolicy, adminEmails: new Set([admin]) },
    organisationOf: (_embedded, origin, keys) => {
      strict.register(origin);
      const jwtClient = provider.clients.find((each) => each.authMethod === 'private_key_jwt');
      if (jwtClient) jwtClient.jwksUri = `${origin}/auth/jwks.json`;
      return createOidcClient({
        issuerUrl: strict.issuer,
        clientId,
        timeoutSeconds: 5,
        signingKey: () => keys.privateKey(),
        ...client,
      });
    },
    ...proxyOptions,
  });
  open.push(proxy);
  return { strict, proxy };
}

const verified = ({ subject, email, name }: { subject: string; email: string; name: string }) => ({
  sub: subject,
  email,
  email_verified: true,
  name,
});

test('with client_secret_basic, a provider that url-decodes Basic credentials (RFC 6749 §2.3.1) accepts provider-console and a base64 secret', async () => {
  const { proxy } = await against(
    { clients: [{ clientId, clientSecret: secret, authMethod: 'client_secret_basic' }], claims: verified },
    { clientSecret: secret },
  );
  const { landed } = await proxy.signIn(admin);
  expect(new URL(landed).pathname).toBe('/first-connection');
});

test('with client_secret_post, a client allowed only that method signs in with provider-console and a base64 secret', async () => {
  const { proxy } = await against(
    { clients: [{ clientId, clientSecret: secret, authMethod: 'client_secret_post' }], claims: verified },
    { clientSecret: secret, authMethod: 'client_secret_post' },
  );
  const { landed } = await proxy.signIn(admin);
  expect(new URL(landed).pathname).toBe('/first-connection');
});

test('with the method left unset, a provider that advertises only client_secret_post and compares Basic credentials as sent is signed in with', async () => {
  const strictly = {
    clients: [{ clientId, clientSecret: secret, authMethod: 'client_secret_post' as const }],
    decodesBasic: false,
    claims: verified,
  };
  const { proxy } = await against(strictly, { clientSecret: secret });
  const { landed } = await proxy.signIn(admin);
  expect(new URL(landed).pathname).toBe('/first-connection');
});

const events = (proxy: PeopleProxy) =>
  proxy.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

test('with private_key_jwt, the console signs its assertion with its own sealed key, which the provider fetches from /auth/jwks.json', async () => {
  const { proxy } = await against(
    { clients: [{ clientId, authMethod: 'private_key_jwt' }], claims: verified },
    { authMethod: 'private_key_jwt' },
  );
  const { landed } = await proxy.signIn(admin);
  expect(new URL(landed).pathname).toBe('/first-connection');
  const jwks = (await (await proxy.request('/auth/jwks.json')).json()) as { keys: Record<string, unknown>[] };
  expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })]);
  expect(jwks.keys[0]).not.toHaveProperty('d');
  // Kept sealed in the database, never in clear.
  const rows = await proxy.database.db.selectFrom('client_signing_key').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]?.private_sealed).toMatch(/^v2\./);
});

test('Basic asked for against a provider that does not url-decode it: the person reads that sign-in is not set up, and the log names the setting', async () => {
  const { proxy } = await against(
    {
      clients: [{ clientId, clientSecret: secret, authMethod: 'client_secret_basic' }],
      decodesBasic: false,
      claims: verified,
    },
    { clientSecret: secret, authMethod: 'client_secret_basic' },
  );
  const { landed, session } = await proxy.signIn(admin);
  expect(problemOf(landed)).toBe('signin_misconfigured');
  expect(session).toBeUndefined();
  expect(events(proxy)).toContainEqual(
    expect.objectContaining({
      level: 'error',
      event: 'organisation_misconfigured',
      setting: 'OIDC_CLIENT_SECRET',
    }),
  );
});

for (const invalidClient of [400, 401] as const)
  test(`a wrong client secret answered with ${invalidClient === 400 ? '400 invalid_client' : '401 and a WWW-Authenticate challenge'}: "not set up correctly", not "provider down", and an error naming OIDC_CLIENT_SECRET`, async () => {
    const { proxy } = await against(
      {
        clients: [{ clientId, clientSecret: secret, authMethod: 'client_secret_post' }],
        invalidClient,
        claims: verified,
      },
      { clientSecret: 'not-the-secret', authMethod: 'client_secret_post' },
    );
    const { landed, session } = await proxy.signIn(admin);
    expect(problemOf(landed)).toBe('signin_misconfigured');
    expect(session).toBeUndefined();
    const error = events(proxy).find((line) => line.event === 'organisation_misconfigured');
    expect(error).toMatchObject({
      level: 'error',
      setting: 'OIDC_CLIENT_SECRET',
      // The provider's own answer, as it came: a 400, or a 401 with its challenge.
      reason:
        invalidClient === 400
          ? 'provider_answered_400:invalid_client'
          : 'provider_challenged_401:invalid_client',
    });
    expect(String(error?.msg)).toContain('OIDC_CLIENT_SECRET');
    expect(proxy.logLines.join('\n')).not.toContain('not-the-secret');
  });

test('no email_verified from the provider: refused as unverified, saying so, and the log names the reason and OIDC_TRUST_EMAIL', async () => {
  const { proxy } = await against(
    { clients: [{ clientId, clientSecret: secret, authMethod: 'client_secret_post' }] },
    { clientSecret: secret },
  );
  const { landed, session } = await proxy.signIn(admin);
  expect(problemOf(landed)).toBe('email_unverified');
  expect(session).toBeUndefined();
  expect(events(proxy)).toContainEqual(
    expect.objectContaining({
      event: 'organisation_signin_refused',
      problem: 'email_unverified',
      reason: 'email_verified_absent',
      setting: 'OIDC_TRUST_EMAIL',
    }),
  );
});

test('no email_verified, with OIDC_TRUST_EMAIL=true: the first admin in ADMIN_EMAILS reaches the first-connection screen', async () => {
  const { proxy } = await against(
    { clients: [{ clientId, clientSecret: secret, authMethod: 'client_secret_post' }] },
    { clientSecret: secret },
    { people: { ...noPeoplePolicy, adminEmails: new Set([admin]), trustEmail: true } },
  );
  const { landed } = await proxy.signIn(admin);
  expect(new URL(landed).pathname).toBe('/first-connection');
});

test('start-up’s check tells a client the provider accepts from one it refuses, and which method it uses', async () => {
  const strict = await startStrictProvider({
    clients: [{ clientId, clientSecret: secret, authMethod: 'client_secret_post' }],
    invalidClient: 401,
  });
  open.push(strict);
  strict.register('http://127.0.0.1:9');
  const check = (clientSecret: string, authMethod?: 'client_secret_basic') =>
    createOidcClient({ issuerUrl: strict.issuer, clientId, clientSecret, authMethod }).check?.(
      'http://127.0.0.1:9/auth/organisation/callback',
    );
  expect(await check(secret)).toEqual({ kind: 'ok', authMethod: 'client_secret_post', clientChecked: true });
  expect(await check('wrong')).toMatchObject({ kind: 'misconfigured', setting: 'OIDC_CLIENT_SECRET' });
  expect(await check(secret, 'client_secret_basic')).toMatchObject({
    kind: 'misconfigured',
    setting: 'OIDC_CLIENT_AUTH_METHOD',
    reason: 'method_not_advertised',
  });
});

test('a provider that sends the person back refusing the redirect URI: "not set up correctly", and an error naming the redirect URI', async () => {
  const { proxy, strict } = await against(
    { clients: [{ clientId, clientSecret: secret, authMethod: 'client_secret_post' }], claims: verified },
    { clientSecret: secret },
  );
  const browser = new TestBrowser();
  await browser.navigate(`${proxy.url}/auth/organisation/start`);
  const authorize = new URL(browser.visited.find((url) => url.includes('/oidc/auth?')) ?? '');
  // What such a provider sends back (RFC 6749 §4.1.2.1), with this sign-in's own state.
  const back = new URL(`${proxy.url}/auth/organisation/callback`);
  back.searchParams.set('error', 'invalid_request');
  back.searchParams.set('error_description', 'The redirect_uri is not registered for this client');
  back.searchParams.set('state', authorize.searchParams.get('state') ?? '');
  back.searchParams.set('iss', strict.issuer);
  expect(problemOf((await browser.navigate(back.href)).url)).toBe('signin_misconfigured');
  expect(events(proxy)).toContainEqual(
    expect.objectContaining({ level: 'error', event: 'organisation_misconfigured', setting: 'redirect_uri' }),
  );
});
