import type { Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { freePort, startProxy, type OwnProxy } from './own-proxy.ts';

// Sign-out that ends the provider's session too (issue 45 items 1 and 7, OpenID Connect
// RP-Initiated Logout 1.0), walked in Chromium against a provider as strict as real ones: its
// end-session endpoint refuses a request without `id_token_hint`, back-channel logout is on, the
// client may use only client_secret_post with a base64 secret. The proxy is `node src/proxy/main.ts`
// of this journey's own with OIDC_ISSUER_URL set, its people given a role by the provider's
// `roles` claim on the demo's connections.
const secret = 'k+9/Vq2Z+dA/x7w==';
const nurse = 'nurse@clinic.test';

const children: ChildProcess[] = [];
const proxies: OwnProxy[] = [];

/** scripts/strict-provider.ts with these options, until it says its issuer. */
function startStrictProvider(options: object): Promise<string> {
  const script = path.resolve(import.meta.dirname, '../scripts/strict-provider.ts');
  const child = spawn(process.execPath, [script, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let heard = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      heard += chunk.toString();
      const issuer = /^issuer (\S+)$/m.exec(heard)?.[1];
      if (issuer) resolve(issuer);
    });
    child.once('exit', () => reject(new Error('the strict provider exited')));
  });
}

/** A strict provider (with or without end-session) and a proxy of its own signing in with it. */
async function strictConsole(endSession: boolean): Promise<OwnProxy> {
  const port = await freePort();
  const issuer = await startStrictProvider({
    clients: [{ clientId: 'provider-console', clientSecret: secret, authMethod: 'client_secret_post' }],
    origins: [`http://127.0.0.1:${port}`],
    roles: ['staff'],
    backchannelLogout: true,
    endSessionRequiresHint: true,
    endSession,
  });
  const proxy = await startProxy(port, {
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: 'provider-console',
    OIDC_CLIENT_SECRET: secret,
    OIDC_SCOPES: 'openid profile email roles',
    OIDC_ROLES_CLAIM: 'roles',
    OIDC_ROLE_MAPPING: 'staff=admin@*',
    DEMO_CONNECTIONS: 'true',
  });
  proxies.push(proxy);
  return proxy;
}

test.afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.stop()));
  for (const child of children) child.kill('SIGTERM');
});

// 401: the session probe on the sign-in page.
test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/] });

/** "Sign in with your organisation", then the address typed at the provider's sign-in form. */
async function signInAs(page: Page, proxy: OwnProxy, email: string) {
  await page.goto(`${proxy.url}/login`);
  await page.getByRole('link', { name: 'Sign in with your organisation' }).click();
  await expect(page.getByRole('heading', { name: /^Sign in to / })).toBeVisible();
  await page.getByLabel('Someone else').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

test('signing out ends the provider’s session too: back on the sign-in page, “You are signed out”, and the provider asks who it is again', async ({
  page,
}) => {
  const proxy = await strictConsole(true);
  await signInAs(page, proxy, nurse);
  await page.getByRole('button', { name: 'Log out' }).click();
  // Through the provider (which asks nothing, given the ID token as hint) and back.
  await page.waitForURL(`${proxy.url}/login?signedOut=everywhere`);
  const group = page.getByRole('region', { name: 'Your organisation' });
  await expect(group.getByRole('alert')).toContainText('You are signed out');
  await expect(page.getByText('Do you want to sign out?')).toHaveCount(0);
  await group.getByRole('link', { name: 'Sign in with your organisation' }).click();
  // The provider's own sign-in form again, not a session it kept.
  await expect(page.getByRole('heading', { name: /^Sign in to / })).toBeVisible();
  await expect(page.getByLabel('Someone else')).toBeVisible();
});

test('where the provider has no end-session endpoint, the sign-in page says its session may still be open and how to end it', async ({
  page,
}) => {
  const proxy = await strictConsole(false);
  await signInAs(page, proxy, nurse);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${proxy.url}/login?signedOut=console`);
  const alert = page.getByRole('region', { name: 'Your organisation' }).getByRole('alert');
  await expect(alert).toContainText('You are signed out of the console');
  await expect(alert).toContainText('may still be open in this browser');
  await expect(alert).toContainText('close every window of this browser');
});
