import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { freePort, startProxy, type OwnProxy } from './own-proxy.ts';

// The proxy counts failed logins per client address too (decision 0005), and every browser test comes
// from 127.0.0.1: this journey gets a proxy of its own so that its six failures cannot lock the
// shared server out for the specs after it.
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

test('the sixth bad attempt says how long to wait', async ({ page }) => {
  await page.goto(`${proxyUrl}/login`);
  // The attempts must reach the limiter one after another, each answered before the next.
  const failOnce = async (attempt: number): Promise<void> => {
    if (attempt > 5) return;
    await typedLogin(page, `wrong-${attempt}`);
    await expect(page.getByRole('alert')).toContainText(/were not accepted/);
    await failOnce(attempt + 1);
  };
  await failOnce(1);
  await typedLogin(page, 'wrong-6');
  await expect(page.getByRole('alert')).toContainText(
    /Too many attempts\. (Try again in \d+ seconds?\.|Wait)/,
  );
});
