import type { Page } from '@playwright/test';
import { resetSimulator } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// Issue 47, item 18: what a person met on a 360 px phone, against `npm start`. The overview's
// seven filters took five rows above the table; a centre's tabs and its licence table were cut at
// the right edge. Layout only a browser lays out, so only a browser can tell.

// 401: the session probe before login. 404: the licence summary of the demo centre with no
// contract yet (D5), read as "no contract", as in overview.spec.ts.
test.use({
  viewport: { width: 360, height: 740 },
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|404)/],
});

test.beforeEach(({ request }) => resetSimulator(request));

async function signIn(page: Page, then: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(then)}`);
  await page.getByRole('button', { name: 'Demo parent (100)' }).click();
  await page.waitForURL((url) => url.pathname === then);
}

test('the overview’s filters are one row on a phone, each reachable', async ({ page }) => {
  await signIn(page, '/overview');
  const filters = page.getByRole('group', { name: 'Show' }).getByRole('button');
  await expect(filters).toHaveCount(7);
  await expect(page.getByRole('button', { name: /^All centres \(\d+\)$/ })).toBeVisible();
  const tops = await filters.evaluateAll((buttons) =>
    buttons.map((button) => Math.round(button.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  // The last is reached by scrolling the row, not the page, and pressed as any other.
  const last = page.getByRole('button', { name: /^TRIAL ending/ });
  await last.click();
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a centre’s tabs and its licence table fit a phone’s width, nothing cut at the edge', async ({
  page,
}) => {
  await signIn(page, '/centres/101/licences');
  const tabs = page.getByRole('navigation', { name: 'Centre sections' }).getByRole('link');
  await expect(tabs.filter({ hasText: 'Activity' })).toBeVisible();
  for (const tab of await tabs.all())
    // oxlint-disable-next-line no-await-in-loop -- one tab after the other
    await expect(tab).toBeInViewport({ ratio: 1 });
  const basic = page.getByRole('table', { name: 'BASIC licences' });
  for (const name of ['Doctor', 'Reports this period', 'Expires']) {
    const header = basic.getByRole('columnheader', { name });
    // oxlint-disable-next-line no-await-in-loop -- one column after the other
    await header.scrollIntoViewIfNeeded();
    // oxlint-disable-next-line no-await-in-loop -- one column after the other
    await expect(header).toBeInViewport({ ratio: 1 });
  }
  // The state is still said, under each doctor's name.
  await expect(
    basic.getByRole('row').filter({ hasText: 'José Núñez' }).getByText('Disabled').filter({ visible: true }),
  ).toBeVisible();
});
