import { signedIn } from './console-journeys.ts';
import { expect, journeyServer, test } from './fixtures.ts';

// The overview over a generated world of 500 centres × 20 doctors (`npm start -- --demo-centres 500
// --demo-doctors 20`), on a worker and server of its own. Five hundred centres are enough for the
// browser to queue most of their licence calls and to still be loading when the table scrolls; the
// component test and the bench cover larger worlds.
test.use({
  serverOptions: { ...journeyServer, args: ['--demo-centres', '500', '--demo-doctors', '20'] },
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/],
});

const isLicenceCall = (url: string) => new URL(url).pathname.startsWith('/api/payments/');

test('500 centres load with at most six requests in flight, and the table scrolls meanwhile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  let inFlight = 0;
  let most = 0;
  page.on('request', (request) => {
    if (!isLicenceCall(request.url())) return;
    inFlight += 1;
    most = Math.max(most, inFlight);
  });
  const settled = (request: { url: () => string }) => {
    if (isLicenceCall(request.url())) inFlight -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);

  await signedIn(page, 'parent', '/');
  await expect(page.getByRole('button', { name: 'All centres (500)' })).toBeVisible({ timeout: 20_000 });
  const progress = page.getByRole('progressbar', { name: /Loading licences: [\d,]+ of 500 centres/ });
  await expect(progress).toBeVisible();

  // While it loads, the table scrolls: rows further down come into view.
  const scroller = page.locator('table[aria-label="Licences of every centre"]').locator('xpath=..');
  await scroller.evaluate((element) => element.scrollBy(0, 20_000));
  await expect(page.getByRole('row', { name: /Centro 13\d\d/ }).first()).toBeVisible();
  await expect(progress).toBeVisible();

  await expect(progress).toHaveCount(0, { timeout: 90_000 });
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(6);
  await expect(page.getByRole('button', { name: /^Needs attention \(\d/ })).toBeVisible();
});
