// Start-up's check of organisation sign-in (issue 45 item 5), against a strict oidc-provider: the
// log says which method the console authenticates with, or names the setting IT must fix.
import { afterAll, expect, test } from 'vitest';
import { createOidcClient } from '../features/sign-in/oidc-client.ts';
import { startStrictProvider, type StrictProvider } from '../testing/strict-provider.ts';
import { checkOrganisation } from './organisation-check.ts';

const open: StrictProvider[] = [];
afterAll(() => Promise.all(open.map((each) => each.close())));

const secret = 'k+9/Vq2Z+dA/x7w==';
const origin = 'http://127.0.0.1:9';

async function checked(clientSecret: string) {
  const strict = await startStrictProvider({
    clients: [{ clientId: 'provider-console', clientSecret, authMethod: 'client_secret_post' }],
    invalidClient: 400,
  });
  open.push(strict);
  strict.register(origin);
  const lines: { level: string; fields: Record<string, unknown>; message: string | undefined }[] = [];
  const keep = (level: string) => (fields: object, message?: string) =>
    void lines.push({ level, fields: fields as Record<string, unknown>, message });
  const log = { info: keep('info'), warn: keep('warn'), error: keep('error') };
  const client = createOidcClient({
    issuerUrl: strict.issuer,
    clientId: 'provider-console',
    clientSecret: secret,
  });
  await checkOrganisation(client, origin, log, strict.issuer);
  return lines;
}

test('a client the provider accepts: one info line naming the method chosen from discovery', async () => {
  expect(await checked(secret)).toEqual([
    expect.objectContaining({
      level: 'info',
      fields: expect.objectContaining({
        event: 'organisation_checked',
        authMethod: 'client_secret_post',
        clientChecked: true,
      }),
    }),
  ]);
});

test('a secret the provider refuses: an error naming OIDC_CLIENT_SECRET before anyone signs in', async () => {
  const [line] = await checked('another-secret');
  expect(line).toMatchObject({
    level: 'error',
    fields: { event: 'organisation_misconfigured', setting: 'OIDC_CLIENT_SECRET' },
  });
  expect(line?.message).toContain('OIDC_CLIENT_SECRET');
});
