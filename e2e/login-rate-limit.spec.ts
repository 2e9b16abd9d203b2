import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { freePort, startProxy, type OwnProxy } from './own-proxy.ts';

// The proxy counts failed logins per client address too (docs/decisions/0011), and every browser
// test comes from 127.0.0.1: this journey gets a proxy of its own so that its failures cannot slow
// down the specs after it.
let proxy: OwnProxy;
let proxyUrl = '';

test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|429)/],
});

test.beforeAll(async () => {
  proxy = await startProxy(await freePort());
  proxyUrl = proxy.url;
});

test.afterAll(() => proxy.stop());

async function typedLogin(page: Page, secret: string) {
  await page.getByLabel('Provider id').fill('200');
  await page.getByLabel('Client id').fill('demo-processor');
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('repeated bad attempts end in being told how long to wait', async ({ page }) => {
  await page.goto(`${proxyUrl}/login`);
  // The attempts must reach the limiter one after another, each answered before the next. Six
  // failures are answered as such; past them each one locks for twice as long (1 s, 2 s, 4 s…), so
  // within a few more attempts one arrives while the lock holds.
  const failOnce = async (attempt: number): Promise<void> => {
    if (attempt > 6) return;
    await typedLogin(page, `wrong-${attempt}`);
    await expect(page.getByRole('alert')).toContainText(/were not accepted/);
    await failOnce(attempt + 1);
  };
  await failOnce(1);
  const untilLocked = async (attempt: number): Promise<void> => {
    await typedLogin(page, `wrong-${attempt}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(/were not accepted|Too many attempts/);
    if (/Too many attempts/.test((await alert.textContent()) ?? '') || attempt > 12) return;
    await untilLocked(attempt + 1);
  };
  await untilLocked(7);
  await expect(page.getByRole('alert')).toContainText(
    /Too many attempts\. (Try again in \d+ seconds?\.|Wait)/,
  );
});
