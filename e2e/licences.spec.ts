import type { Locator, Page } from '@playwright/test';
import {
  type DemoRole,
  expectNoAxeViolations,
  resetSimulator,
  signedIn,
  SIM_HEADERS,
} from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// A centre's Licences tab against `npm start` (the proxy with the embedded simulator, D11/D12):
// each demo centre shows exactly its banners and plans.

// 401: the session probe before login. 404: the licence summary of the centre with no contract yet
// (D5), which the tab reads as "no contract", and the drawer of a doctor another centre holds.
test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|404)/],
});

test.beforeEach(({ request }) => resetSimulator(request));

const PARENT = 'parent';
const PROCESSOR = 'processor';

async function signIn(page: Page, who: DemoRole, then: string) {
  await signedIn(page, who, then);
  await page.waitForURL((url) => url.pathname.startsWith('/centres/'));
}

/** The banners of the tab: alerts and statuses inside the tab's own panel. */
const banners = (page: Page) => page.getByRole('region', { name: 'Licence notices' });

/** The banners, by title, and their roles: exactly these and nothing else. */
async function expectBanners(page: Page, expected: [string, 'alert' | 'status'][]) {
  await expect(page.getByRole('heading', { name: 'Plans', level: 2 })).toBeVisible();
  const region = banners(page);
  if (expected.length === 0) {
    await expect(region).toHaveCount(0);
    return;
  }
  await Promise.all(
    expected.map(([title, role]) => expect(region.getByRole(role, { name: title })).toBeVisible()),
  );
  await expect(region.getByRole('alert').or(region.getByRole('status'))).toHaveCount(expected.length);
}

const plan = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
const seats = (page: Page, name: string, used: number, total: number) =>
  expect(
    plan(page, name).getByRole('progressbar', { name: `${used} of ${total} ${name} seats in use` }),
  ).toBeVisible();

test('each demo centre of the self-billing parent shows exactly its banners and plans', async ({ page }) => {
  await signIn(page, PARENT, '/centres/101/licences');
  await expect(page.getByText('Billed by Red Salud Demo')).toBeVisible();
  await expectBanners(page, [['1 doctor reached the 100-report BASIC limit this month', 'alert']]);
  await expect(banners(page)).toContainText('José Núñez: reports start again on');
  await seats(page, 'BASIC', 8, 10);
  await seats(page, 'ELITE', 3, 3);

  await page.goto('/centres/102/licences');
  await expectBanners(page, [['Switch to seats at the next renewal', 'status']]);
  await expect(banners(page)).toContainText(
    'this centre moves from pay-per-use to seats: 4 BASIC seats and 1 ELITE seat.',
  );
  await expect(plan(page, 'USAGE')).toContainText('4 doctors hold a usage licence');
  await expect(page.getByText('Pay-per-use').first()).toBeVisible();

  await page.goto('/centres/103/licences');
  await expectBanners(page, [['Contract cancelled', 'alert']]);
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await seats(page, 'BASIC', 3, 4);

  await page.goto('/centres/104/licences');
  await expectBanners(page, [
    ['1 TRIAL licence has expired', 'alert'],
    ['1 TRIAL licence ends within 14 days', 'status'],
  ]);
  await seats(page, 'TRIAL', 2, 5);

  await page.goto('/centres/105/licences');
  await expectBanners(page, []);
  await expect(page.getByText('No contract yet').first()).toBeVisible();
  await expect(page.getByText('Red Salud Demo has not created this centre’s contract yet')).toBeVisible();
});

test('a relative date of the demo agrees with the date beside it and with today’s', async ({ page }) => {
  await signIn(page, PARENT, '/centres/101/licences');
  await expect(banners(page)).toContainText('reports start again on');
  await expect(page.getByText(/^Last updated/)).toBeVisible();
  const text = (await banners(page).textContent()) ?? '';
  const updated = (await page.getByText(/^Last updated/).textContent()) ?? '';
  // "Dec 16, 2026, 10:00 AM (in 20 days)" beside "Last updated Nov 26, 2026, 9:55 AM" (en-US).
  const on = /on (\w{3}) (\d{1,2}), (\d{4}),[^(]*\(in (\d+) days\)/.exec(text);
  const today = /Last updated (\w{3}) (\d{1,2}), (\d{4})/.exec(updated);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const day = (match: RegExpExecArray) =>
    Date.UTC(Number(match[3]), months.indexOf(match[1] ?? ''), Number(match[2])) / 86_400_000;
  expect(on, text).not.toBeNull();
  expect(today, updated).not.toBeNull();
  if (!on || !today) return;
  expect(day(on) - day(today)).toBe(Number(on[4]));
});

test('each demo centre of the processor-billed parent shows exactly its banners and plans', async ({
  page,
}) => {
  await signIn(page, PROCESSOR, '/centres/201/licences');
  await expect(page.getByText('Billed through the service’s portal', { exact: true })).toBeVisible();
  await expectBanners(page, [['Scheduled downgrade', 'status']]);
  // The demo's clock starts at the real time: a month after ten days ago is 18 to 21 days away.
  await expect(banners(page)).toContainText(/in (18|19|20|21) days, BASIC seats go from 10 to 6\./);
  await expect(banners(page)).toContainText(/in (18|19|20|21) days, ELITE seats go from 5 to 3\./);
  await seats(page, 'BASIC', 4, 10);
  await seats(page, 'ELITE', 2, 5);

  await page.goto('/centres/202/licences');
  await expectBanners(page, [['Suspended for non-payment', 'alert']]);
  await expect(banners(page)).toContainText('Update the payment in the service’s portal');
  await seats(page, 'BASIC', 2, 3);

  await page.goto('/centres/203/licences');
  await expectBanners(page, []);
  await expect(page.getByText('This centre has no licence plan.')).toBeVisible();
});

test('past the downgrade’s date (D11 clock), a refresh drops its banner and shows the new seats', async ({
  page,
  request,
}) => {
  await signIn(page, PROCESSOR, '/centres/201/licences');
  await expectBanners(page, [['Scheduled downgrade', 'status']]);
  const moved = await request.post('/__sim/clock', { headers: SIM_HEADERS, data: { advanceDays: 21 } });
  expect(moved.ok()).toBe(true);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('status', { name: 'Scheduled downgrade' })).toHaveCount(0);
  await seats(page, 'BASIC', 4, 6);
  await seats(page, 'ELITE', 2, 3);
});

test('a pasted link opens that doctor’s licences; an unknown doctor is said to be elsewhere', async ({
  page,
}) => {
  await signIn(page, PARENT, '/centres/101/licences');
  await page.getByRole('table', { name: 'BASIC licences' }).getByRole('link', { name: 'José Núñez' }).click();
  const drawer = page.getByRole('dialog', { name: 'Licences of José Núñez' });
  await expect(drawer.getByText('Limit reached')).toBeVisible();
  const link = page.url();
  expect(new URL(link).searchParams.get('doctor')).toBe('101-doc-001');

  // Support staff paste the link into another window of the same session.
  const pasted = await page.context().newPage();
  await pasted.goto(link);
  const same = pasted.getByRole('dialog', { name: 'Licences of José Núñez' });
  await expect(same.getByText('101-doc-001').first()).toBeVisible();
  await expect(same.getByText('Monthly limit')).toBeVisible();
  await pasted.close();

  await page.goto('/centres/101/licences?doctor=202-doc-001');
  await expect(
    page.getByRole('dialog').getByText('This doctor is not registered at this centre'),
  ).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the Licences tab and the drawer pass axe (WCAG 2.1 AA) in the ${scheme} theme`, async ({ page }) => {
    // Four axe runs and four screens: seconds each on a loaded two-core machine. Nothing here is timed.
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, PARENT, '/centres/104/licences');
    await expectBanners(page, [
      ['1 TRIAL licence has expired', 'alert'],
      ['1 TRIAL licence ends within 14 days', 'status'],
    ]);
    await expectNoAxeViolations(page, 'trial centre');
    await page.goto('/centres/101/licences');
    await expect(page.getByRole('table', { name: 'BASIC licences' })).toBeVisible();
    await expectNoAxeViolations(page, 'seats centre');
    await page.goto('/centres/102/licences');
    await expect(page.getByText('4 doctors hold a usage licence')).toBeVisible();
    await expectNoAxeViolations(page, 'pay-per-use centre');
    await page.goto('/centres/101/licences?doctor=101-doc-001');
    await expect(
      page.getByRole('dialog', { name: 'Licences of José Núñez' }).getByText('Limit reached'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'drawer');
  });
}
