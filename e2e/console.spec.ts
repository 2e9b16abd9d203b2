import type { Page } from '@playwright/test';
import { centreRows, chooseCountry, demoLogin, resetSimulator, typedLogin } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// The console's journeys against `npm start` (the token proxy with the embedded simulator, D11/D12).

// Expected answers, logged by Chromium as "Failed to load resource": 401 from the session probe
// before login and from wrong secrets, 403 from a child's centre list (D3), 429 from the limiter,
// 404 from the licence summary of the demo centre with no contract yet (D5, read as "no contract").
test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|403|404|429)/],
});

test.beforeEach(({ request }) => resetSimulator(request));

async function createCentre(page: Page, name: string, city: string) {
  await page.getByRole('button', { name: 'Create centre' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a centre' });
  await dialog.getByLabel('Name').fill(name);
  await chooseCountry(page, dialog, 'Spain');
  await dialog.getByLabel('City').fill(city);
  return dialog;
}

test('a demo button signs in and lists every centre of the demo parent', async ({ page }) => {
  await page.goto('/login?redirect=/centres');
  await page.getByRole('button', { name: 'Demo parent (100)' }).click();
  await expect(page.getByRole('heading', { name: 'Centres', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ centres$/)).toBeVisible();
  expect(Number((await page.getByText(/^\d+ centres$/).textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(
    30,
  );
});

test('a typed login works and a wrong secret gets a clear message, keeping what was typed', async ({
  page,
}) => {
  await page.goto('/login?redirect=/centres');
  await typedLogin(page, { providerId: '100', clientId: 'demo-parent', secret: 'not-the-secret' });
  await expect(page.getByRole('alert')).toContainText('were not accepted');
  await expect(page.getByLabel('Client id')).toHaveValue('demo-parent');
  await page.getByLabel('Client secret').fill('demo-parent-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Centres', level: 1 })).toBeVisible();
});

test('creating a centre shows its credentials once, lists it, and they sign in as that centre', async ({
  page,
  browser,
}) => {
  await demoLogin(page);
  const dialog = await createCentre(page, 'E2E Clínica Nova', 'Girona');
  await dialog.getByRole('button', { name: 'Create' }).dblclick();
  const credentials = page.getByRole('dialog', { name: 'Credentials of E2E Clínica Nova' });
  await expect(credentials).toBeVisible();
  const providerId = (await credentials.getByLabel('Provider id', { exact: true }).textContent()) ?? '';
  const clientId = (await credentials.getByLabel('Client id', { exact: true }).textContent()) ?? '';
  const secret = (await credentials.getByLabel('Client secret', { exact: true }).textContent()) ?? '';
  await expect(credentials.getByRole('button', { name: 'Done' })).toBeDisabled();
  await credentials.getByLabel('I have stored these credentials').check();
  await credentials.getByRole('button', { name: 'Done' }).click();
  await expect(credentials).toBeHidden();
  await page.getByLabel('Search centres').fill('E2E Clínica Nova');
  await expect(centreRows(page)).toHaveCount(1);

  const other = await browser.newContext();
  const child = await other.newPage();
  await child.goto('/login');
  await typedLogin(child, { providerId, clientId, secret });
  await expect(child.getByText('You are signed in as this centre.')).toBeVisible();
  await expect(child.getByRole('button', { name: 'Reveal credentials' })).toHaveCount(0);
  await other.close();
});

test('revealed credentials leave nothing in the page or storage once closed', async ({ page }) => {
  await demoLogin(page);
  await centreRows(page).first().getByRole('link').click();
  await page.getByRole('button', { name: 'Reveal credentials' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Show secret' }).click();
  const secret = (await dialog.getByLabel('Client secret', { exact: true }).textContent()) ?? '';
  expect(secret.length).toBeGreaterThan(4);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.content()).not.toContain(secret);
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  expect(storage).not.toContain(secret);
});

test('search and sort live in the URL: reload and back/forward restore them', async ({ page }) => {
  await demoLogin(page);
  const idHeader = page.getByRole('columnheader', { name: 'Id' });
  await idHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=id/);
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstById = (await centreRows(page).first().textContent()) ?? '';
  await idHeader.getByRole('button').click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(centreRows(page).first()).not.toHaveText(firstById);
  const firstDesc = (await centreRows(page).first().textContent()) ?? '';
  await page.getByLabel('Search centres').fill('zzzz-no-such-centre');
  await expect(page.getByText('No centre matches')).toBeVisible();
  // The URL follows once typing pauses (docs/decisions/0017).
  await expect(page).toHaveURL(/q=zzzz-no-such-centre/);
  await page.reload();
  await expect(page.getByText('No centre matches')).toBeVisible();
  await page.getByLabel('Search centres').fill('');
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  // Typing replaces the history entry; a click on a header pushes one: back returns to "by id, ascending".
  await page.goBack();
  await expect(centreRows(page).first()).toHaveText(firstById);
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.goForward();
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  expect(firstDesc).not.toBe('');
});

test('a session lost mid-form opens a re-login over the page; the form keeps its values and submits', async ({
  page,
  context,
}) => {
  await demoLogin(page);
  const dialog = await createCentre(page, 'E2E Half Filled', 'Tarragona');
  await context.clearCookies();
  await dialog.getByRole('button', { name: 'Create' }).click();
  const relogin = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(relogin).toBeVisible();
  await relogin.getByLabel('Client secret').fill('demo-parent-secret');
  await relogin.getByRole('button', { name: 'Sign in' }).click();
  await expect(relogin).toBeHidden();
  await expect(dialog.getByLabel('Name')).toHaveValue('E2E Half Filled');
  await expect(dialog.getByLabel('City')).toHaveValue('Tarragona');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog', { name: 'Credentials of E2E Half Filled' })).toBeVisible();
});
