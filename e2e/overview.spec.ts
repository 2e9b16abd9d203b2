import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { layoutShift, resetSimulator, signedIn, SIM_HEADERS } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// The overview across a parent's centres against `npm start` (the proxy with the embedded
// simulator, D11/D12).

// 401: the session probe before login. 404: the licence summary of the demo centre with no
// contract yet (D5), read as "no contract". 502: the fault injected on purpose below (D11).
test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|404|502)/],
});

test.beforeEach(({ request }) => resetSimulator(request));

async function signIn(page: Page, who: 'Demo parent (100)' | 'Demo processor (200)') {
  await signedIn(page, who === 'Demo parent (100)' ? 'parent' : 'processor', '/');
  // The overview is a parent's home.
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Licences of every centre' });
const centreNames = async (page: Page) =>
  (await table(page).locator('tbody tr a').allTextContents()).map((name) => name.trim());

/** Waits until every centre's licences have loaded (the progress bar goes away). */
async function loaded(page: Page) {
  await expect(page.getByRole('button', { name: /^All centres/ })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
}

test('"needs attention" lists exactly the seeded problem centres of the self-billing parent', async ({
  page,
}) => {
  await signIn(page, 'Demo parent (100)');
  await loaded(page);
  await page.getByRole('button', { name: 'Needs attention (4)' }).click();
  await expect(page).toHaveURL(/show=attention/);
  await expect(table(page).locator('tbody tr')).toHaveCount(4);
  expect(await centreNames(page)).toEqual([
    'Centro Médico Gràcia',
    'Clínica Diagonal',
    'Consulta Sarrià',
    'Policlínica Sants',
  ]);
  await Promise.all(
    ['Cancelled (1)', 'BASIC limit reached (1)', 'Pending change (1)', 'TRIAL ending (1)'].map((name) =>
      expect(page.getByRole('button', { name })).toBeVisible(),
    ),
  );
  // Filter and sort survive a reload.
  await table(page)
    .getByRole('button', { name: /Centre/ })
    .click();
  await expect(page).toHaveURL(/dir=desc/);
  await page.reload();
  await loaded(page);
  expect(await centreNames(page)).toEqual([
    'Policlínica Sants',
    'Consulta Sarrià',
    'Clínica Diagonal',
    'Centro Médico Gràcia',
  ]);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`nothing moves while the overview loads at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'Demo parent (100)');
    await page.reload();
    await loaded(page);
    // The progress takes the "Last updated" line's place, so its end moves nothing (CLS ≤ 0.01).
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });
}

test('"needs attention" lists exactly the seeded problem centres of the processor parent', async ({
  page,
}) => {
  await signIn(page, 'Demo processor (200)');
  await loaded(page);
  await page.getByRole('button', { name: 'Needs attention (2)' }).click();
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  expect(await centreNames(page)).toEqual(['Clínica Retiro', 'Hospital Castellana']);
  await expect(page.getByRole('button', { name: 'Suspended (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pending change (1)' })).toBeVisible();
});

test('the CSV export has one row per centre', async ({ page }) => {
  await signIn(page, 'Demo parent (100)');
  await loaded(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text.trim());
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  expect(header?.slice(0, 2)).toEqual(['Id', 'Name']);
  expect(rows).toHaveLength(34);
  expect(new Set(rows.map((row) => row[0])).size).toBe(34);
  expect(rows.find((row) => row[1] === 'Clínica Diagonal')).toContain('BASIC limit');
});

test('a fault on one centre’s licence call shows that row’s retry, and the retry fills it', async ({
  page,
  request,
}) => {
  const fault = await request.post('/__sim/faults', {
    headers: SIM_HEADERS,
    data: { match: 'GET /payments/v1/subscription/provider/103/license', status: 503, times: 1 },
  });
  expect(fault.ok()).toBe(true);
  await signIn(page, 'Demo parent (100)');
  await loaded(page);
  await page.getByRole('button', { name: /^Needs attention \(/ }).click();
  const retry = page.getByRole('button', { name: 'Retry Policlínica Sants' });
  await expect(retry).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelled (0)' })).toBeVisible();
  await retry.click();
  await expect(retry).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancelled (1)' })).toBeVisible();
  await expect(table(page).locator('tbody tr', { hasText: 'Policlínica Sants' })).toContainText('Cancelled');
});

test('a centre opened from the overview draws at once from what the overview loaded', async ({ page }) => {
  await signIn(page, 'Demo parent (100)');
  await loaded(page);
  await page.getByRole('button', { name: 'BASIC limit reached (1)' }).click();
  const refetched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // 4.6's doctors, or 4.7's summary (no `type`, no `userId`) of that centre.
    if (url.pathname.endsWith('/101/user') || (url.pathname.endsWith('/101/license') && url.search === ''))
      refetched.push(request.url());
  });
  await table(page).getByRole('link', { name: 'Clínica Diagonal' }).click();
  await expect(
    page.getByRole('alert', { name: '1 doctor reached the 100-report BASIC limit this month' }),
  ).toBeVisible();
  // The summary and the doctors came from the cache; only the list by type is asked for.
  expect(refetched).toEqual([]);
});

test.describe('on a 360×740 screen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the overview shows each centre beside what needs attention without scrolling sideways', async ({
    page,
  }) => {
    await signIn(page, 'Demo parent (100)');
    await loaded(page);
    for (const name of ['Centre', 'Needs attention'])
      // oxlint-disable-next-line no-await-in-loop -- one column after the other
      await expect(table(page).getByRole('columnheader', { name })).toBeInViewport({ ratio: 1 });
    await page.getByRole('button', { name: 'Needs attention (4)' }).click();
    const row = table(page).locator('tbody tr').filter({ hasText: 'Clínica Diagonal' });
    await expect(row.getByText('BASIC limit', { exact: true })).toBeInViewport({ ratio: 1 });
  });
});
