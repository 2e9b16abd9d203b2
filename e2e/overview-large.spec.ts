import { expect, test } from './fixtures.ts';
import { startGeneratedWorld, type OwnProxy } from './own-proxy.ts';

// The overview over a generated world of 1,000 centres × 20 doctors (`npm start -- --demo-centres
// 1000 --demo-doctors 20`), on a server of its own so that its world does not replace the demo seed
// the other journeys share.
let server: OwnProxy;
let origin = '';

const isLicenceCall = (url: string) => new URL(url).pathname.startsWith('/api/payments/');

test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/],
});

test.beforeAll(async () => {
  server = await startGeneratedWorld(1000, 20);
  origin = server.url;
});

test.afterAll(() => server.stop());

test('1,000 centres load with at most six requests in flight, and the table scrolls meanwhile', async ({
  page,
}) => {
  test.setTimeout(180_000);
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

  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Demo parent (100)' }).click();
  await expect(page.getByRole('button', { name: 'All centres (1,000)' })).toBeVisible({ timeout: 20_000 });
  const progress = page.getByRole('progressbar', { name: /Loading licences: [\d,]+ of 1,000 centres/ });
  await expect(progress).toBeVisible();

  // While it loads, the table scrolls: rows further down come into view.
  const scroller = page.locator('table[aria-label="Licences of every centre"]').locator('xpath=..');
  await scroller.evaluate((element) => element.scrollBy(0, 20_000));
  await expect(page.getByRole('row', { name: /Centro 13\d\d/ }).first()).toBeVisible();
  await expect(progress).toBeVisible();

  await expect(progress).toHaveCount(0, { timeout: 150_000 });
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(6);
  await expect(page.getByRole('button', { name: /^Needs attention \(\d/ })).toBeVisible();
});
