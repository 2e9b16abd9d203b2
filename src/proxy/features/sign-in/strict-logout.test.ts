// Sign-out and back-channel logout against a provider as strict as real ones (issue 45 item 7):
// its end-session endpoint refuses a request without `id_token_hint` and signs out at once with a
// valid one, back-channel logout is on with `sid` required, and the client may use only
// client_secret_post with a base64 secret. A real oidc-provider on loopback
// (testing/strict-provider.ts), the real proxy over HTTP (testing/people.ts).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestBrowser } from '../../testing/browser.ts';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { startStrictProvider, type StrictProvider } from '../../testing/strict-provider.ts';
import { noPeoplePolicy, parseRoleMapping } from '../people/index.ts';
import { createOidcClient } from './oidc-client.ts';

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

const secret = 'k+9/Vq2Z+dA/x7w==';
const person = 'nurse@clinic.test';

/** The strict provider, and a proxy whose people come from its `roles` claim. */
async function strictPair(): Promise<{ strict: StrictProvider; proxy: PeopleProxy }> {
  const strict = await startStrictProvider({
    clients: [{ clientId: 'provider-console', clientSecret: secret, authMethod: 'client_secret_post' }],
    claims: ({ subject, email, name }) => ({
      sub: subject,
      email,
      email_verified: true,
      name,
      roles: ['staff'],
    }),
    backchannelLogout: true,
    endSessionRequiresHint: true,
  });
  open.push(strict);
  const proxy = await startPeopleProxy({
    databaseUrl: await server.createDatabase(`strict_logout_${++databases}`),
    seedPeople: false,
    people: { ...noPeoplePolicy, rolesClaim: 'roles', roleMapping: parseRoleMapping('staff=admin@*') },
    organisationOf: (_embedded, origin) => {
      strict.register(origin);
      return createOidcClient({
        issuerUrl: strict.issuer,
        clientId: 'provider-console',
        clientSecret: secret,
        scopes: 'openid profile email roles',
      });
    },
  });
  open.push(proxy);
  return { strict, proxy };
}

const alive = async (proxy: PeopleProxy, session: string | undefined) =>
  (await proxy.request('/auth/session', { session })).status === 200;

test('signing out of a provider that requires id_token_hint: no question there, back on "You are signed out", and the next sign-in asks again', async () => {
  const { strict, proxy } = await strictPair();
  const { session, browser } = await proxy.signIn(person);
  expect(await alive(proxy, session)).toBe(true);
  // Without a hint, this provider refuses: the console never goes there without one.
  const bare = await new TestBrowser().navigate(`${strict.issuer}/session/end?client_id=provider-console`);
  expect(bare.response.status).toBe(400);
  const out = await proxy.request('/auth/logout', { method: 'POST', session });
  const { signOutUrl } = (await out.json()) as { signOutUrl: string };
  expect(new URL(signOutUrl).searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const page = await browser.navigate(signOutUrl);
  expect(page.response.status).toBe(200);
  const form = await page.response.text();
  expect(form).not.toContain('Do you want to sign out?');
  const action = /<form[^>]*action="([^"]+)"/.exec(form)?.[1] ?? '';
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
  const back = await browser.submit(new URL(action, strict.issuer).href, { xsrf, logout: 'yes' });
  expect(back.url).toBe(`${proxy.url}/login?signedOut=everywhere`);
  const again = await browser.navigate(`${proxy.url}/auth/organisation/start`);
  expect(await again.response.text()).toContain('Sign in to Provider Console');
  expect(await alive(proxy, session)).toBe(false);
});

test('the strict provider’s own logout token for a person disabled there ends every console session of theirs', async () => {
  const { strict, proxy } = await strictPair();
  const here = await proxy.signIn(person);
  const elsewhere = await proxy.signIn(person);
  const other = await proxy.signIn('colleague@clinic.test');
  const provider = await strict.provider();
  const client = (await provider.Client.find('provider-console')) as unknown as {
    backchannelLogout(sub: string, sid?: string): Promise<void>;
  };
  // oidc-provider posts it and throws unless the proxy answers 200.
  await client.backchannelLogout(`email:${person}`, undefined);
  expect(await alive(proxy, here.session)).toBe(false);
  expect(await alive(proxy, elsewhere.session)).toBe(false);
  expect(await alive(proxy, other.session)).toBe(true);
});
