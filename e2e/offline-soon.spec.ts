import type { Page } from '@playwright/test';
import { consoleRunning, demoLogin, resetSimulator } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// Issue 47, item 10, against `npm start`: offline, a screen says "You are offline … Retry" within
// 3 s, however long its request would have waited (the transport's timeout is 15 s) and whether or
// not the browser knows it is offline.

test.use({
  expectedConsoleErrors: [
    /Failed to load resource: (the server responded with a status of 404|net::ERR_INTERNET_DISCONNECTED)/,
  ],
});

test.beforeEach(({ request }) => resetSimulator(request));

const offlinePanel = (page: Page) => page.getByRole('main').getByRole('heading', { name: 'You are offline' });

test('a server that stops answering, unknown to the browser, gets the offline panel within 3 s', async ({
  page,
}) => {
  await demoLogin(page);
  // Every request but the screens' code hangs: no answer, no error, as a dead link behaves.
  await page.route(
    (url) => !url.pathname.startsWith('/assets/'),
    () => {},
  );
  // Counted from the screen's own request (its code's loading aside): what the person waits on.
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/audit/entries');
  await page.getByRole('navigation').getByRole('link', { name: 'Activity' }).click();
  await asked;
  const started = Date.now();
  await expect(offlinePanel(page)).toBeVisible({ timeout: 3_000 });
  expect(Date.now() - started).toBeLessThan(3_000);
  await expect(page.getByRole('main').getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a browser that knows it is offline gets the offline panel at once', async ({ page, context }) => {
  await demoLogin(page);
  await consoleRunning(page);
  await context.setOffline(true);
  await page.getByRole('navigation').getByRole('link', { name: 'Activity' }).click();
  await expect(offlinePanel(page)).toBeVisible({ timeout: 3_000 });
});
