import type { Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { startProxy, type OwnProxy } from './own-proxy.ts';

// Organisation sign-in through a provider as strict as real ones (issue 45 item 7): the client
// `provider-console` with a base64 secret, allowed only client_secret_post, Basic credentials
// compared as sent, no `email_verified` for one person. The proxy is `node src/proxy/main.ts` of
// this journey's own with OIDC_ISSUER_URL set and the demo on, as an organisation trying the
// console would run it: the demo's connections stay out (item 6), so the first admin meets the
// first-connection screen. A second such proxy has a secret the provider refuses with a 401 and a
// challenge, as some providers do (item 5).
const secret = 'k+9/Vq2Z+dA/x7w==';
const admin = 'it.admin@clinic.test';
const unconfirmed = 'unconfirmed@clinic.test';

let provider: ChildProcess | undefined;
let proxy: OwnProxy;
/** The same console with a secret the provider refuses. */
let misconfigured: OwnProxy;

/** scripts/strict-provider.ts with these options, until it says its issuer. */
function startStrictProvider(options: object): Promise<string> {
  const script = path.resolve(import.meta.dirname, '../scripts/strict-provider.ts');
  const child = spawn(process.execPath, [script, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  provider = child;
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

/** A loopback port held until `release`, so that nothing started meanwhile can take it. */
async function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

test.beforeAll(async () => {
  // The provider must know the consoles' origins before they start, and listens on a port of its
  // own choosing: the consoles' ports are held until then.
  const held = [await reservePort(), await reservePort()] as const;
  const [{ port }, { port: otherPort }] = held;
  const issuer = await startStrictProvider({
    clients: [{ clientId: 'provider-console', clientSecret: secret, authMethod: 'client_secret_post' }],
    origins: [`http://127.0.0.1:${port}`, `http://127.0.0.1:${otherPort}`],
    decodesBasic: false,
    invalidClient: 401,
    unverified: [unconfirmed],
  });
  await Promise.all(held.map((reserved) => reserved.release()));
  const settings = {
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: 'provider-console',
    ADMIN_EMAILS: `${admin},${unconfirmed}`,
  };
  [proxy, misconfigured] = await Promise.all([
    startProxy(port, { ...settings, OIDC_CLIENT_SECRET: secret }),
    startProxy(otherPort, { ...settings, OIDC_CLIENT_SECRET: 'not-the-secret' }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([proxy?.stop(), misconfigured?.stop()]);
  provider?.kill('SIGTERM');
});

/** "Sign in with your organisation", then the address typed at the provider's page. */
async function signInAs(page: Page, email: string, through = proxy) {
  await page.goto(`${through.url}/login`);
  await page.getByRole('link', { name: 'Sign in with your organisation' }).click();
  await expect(page.getByRole('heading', { name: /^Sign in to / })).toBeVisible();
  await page.getByLabel('Someone else').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('the first admin signs in through a strict provider (client_secret_post chosen from discovery) and meets the first-connection screen', async ({
  page,
}) => {
  await signInAs(page, admin);
  await page.waitForURL((url) => url.pathname === '/first-connection');
  await expect(page.getByRole('heading', { name: 'Add your organisation’s first connection' })).toBeVisible();
});

test('a person whose e-mail the provider did not confirm reads why, and what IT can change', async ({
  page,
}) => {
  await signInAs(page, unconfirmed);
  await page.waitForURL((url) => url.pathname === '/login');
  const group = page.getByRole('region', { name: 'Your organisation' });
  await expect(group.getByRole('alert')).toContainText('did not confirm this account’s e-mail address');
  await expect(group.getByRole('alert')).toContainText('OIDC_TRUST_EMAIL');
  await expect(page.getByRole('link', { name: 'Sign in with your organisation' })).toBeVisible();
});

test('a secret the provider refuses (401 with a challenge): the person reads that sign-in is not set up, not that the provider is down', async ({
  page,
}) => {
  await signInAs(page, admin, misconfigured);
  await page.waitForURL((url) => url.pathname === '/login');
  const alert = page.getByRole('region', { name: 'Your organisation' }).getByRole('alert');
  await expect(alert).toContainText('The console’s sign-in is not set up correctly: tell your IT team.');
  await expect(alert).not.toContainText('cannot be reached');
});
