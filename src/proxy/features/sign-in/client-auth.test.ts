// Organisation sign-in against a provider as strict as real ones (issue 45 items 3-5): the client
// id `provider-console` and a base64 secret in each token endpoint auth method, the method chosen
// from discovery, e-mail that the provider does not say it verified, and a client the provider
// refuses, named as the console's own misconfiguration. A real oidc-provider on loopback
// (testing/strict-provider.ts), the real proxy over HTTP (testing/people.ts).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import {
  startStrictProvider,
  type StrictProvider,
  type StrictProviderOptions,
} from '../../testing/strict-provider.ts';
import { noPeoplePolicy } from '../people/index.ts';
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
    organisationOf: (_embedded, origin) => {
      strict.register(origin);
      return createOidcClient({ issuerUrl: strict.issuer, clientId, timeoutSeconds: 5, ...client });
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
