import type { Page } from '@playwright/test';
import { apiDemoLogin, expectNoAxeViolations, resetSimulator } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// The Templates tab of a centre's page against `npm start` and its demo seed (D12): centre 101
// (Clínica Diagonal) has 45 templates of its own; its doctor Núria Pérez (101-doc-002) 20 more,
// so her view under rule 2 has 65. Spec 4.9, D9.

test.use({
  // The unknown doctor's journey meets a 404 by design, which Chromium logs.
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
});

test.beforeEach(async ({ page }) => {
  await resetSimulator(page.request);
  // The page's own request context: its session cookie is the page's.
  await apiDemoLogin(page.request);
});

/** Every template request the page sends, as URLs. */
function recordTemplateRequests(page: Page): URL[] {
  const urls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/reportExample') urls.push(url);
  });
  return urls;
}

const table = (page: Page) => page.getByRole('table', { name: 'Templates' });
/** The owner badges of the rows on screen, once the page is no longer busy. */
async function owners(page: Page): Promise<string[]> {
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  return table(page).locator('tbody tr td:last-child').allTextContents();
}
const count = (values: string[], value: string) => values.filter((item) => item === value).length;
const view = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('pages through the demo centre under the three rules, with the owners each rule promises', async ({
  page,
}) => {
  const sent = recordTemplateRequests(page);
  await page.goto('/centres/101/templates');
  await expect(page.getByRole('link', { name: 'Templates' })).toHaveAttribute('aria-current', 'page');

  // Rule 1: the centre's own 45, every one the centre's.
  await expect(page.getByText('45 templates')).toBeVisible();
  await expect(page.getByText('1–25 of 45')).toBeVisible();
  expect(new Set(await owners(page))).toEqual(new Set(['Centre']));
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('26–45 of 45')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);

  // Rule 2: a doctor found by name on the server, then their templates and the centre's.
  await view(page, 'Doctor’s and centre’s').click();
  await expect(page.getByRole('heading', { name: 'Choose a doctor' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Doctor' });
  await picker.fill('Pérez');
  await page.getByRole('option', { name: 'Núria Pérez (101-doc-002)' }).click();
  await expect(page.getByText('65 templates')).toBeVisible();
  await expect(page).toHaveURL(/view=doctor/);
  await expect(page).toHaveURL(/doctor=101-doc-002/);
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await expect(page.getByText('1–10 of 65')).toBeVisible();
  await page.getByRole('button', { name: 'Page 5' }).click();
  await expect(page.getByText('41–50 of 65')).toBeVisible();
  // Ordered by id (D9): the centre's last five, then the doctor's first five.
  const mixed = await owners(page);
  expect([count(mixed, 'Centre'), count(mixed, 'Doctor')]).toEqual([5, 5]);
  await page.getByRole('button', { name: 'Page 7' }).click();
  await expect(page.getByText('61–65 of 65')).toBeVisible();
  expect(new Set(await owners(page))).toEqual(new Set(['Doctor']));

  // Rule 3: only the doctor's own 20.
  await view(page, 'Doctor’s own').click();
  await expect(page.getByText('20 templates')).toBeVisible();
  await expect(page.getByText('1–10 of 20')).toBeVisible();
  expect(new Set(await owners(page))).toEqual(new Set(['Doctor']));

  // What was sent: excludeProvider only with a doctor, and never more than 100 rows.
  const rule3 = sent.filter((url) => url.searchParams.get('excludeProvider') === 'true');
  expect(rule3.length).toBeGreaterThan(0);
  for (const url of sent) {
    if (url.searchParams.has('excludeProvider')) expect(url.searchParams.get('userId')).toBe('101-doc-002');
    expect(Number(url.searchParams.get('limit'))).toBeLessThanOrEqual(100);
  }

  // Reload, then back and forward: the same views, from the URL alone.
  await page.reload();
  await expect(page.getByText('20 templates')).toBeVisible();
  await expect(view(page, 'Doctor’s own')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('combobox', { name: 'Doctor' })).toHaveValue('Núria Pérez (101-doc-002)');
  await page.goBack();
  await expect(page.getByText('61–65 of 65')).toBeVisible();
  await expect(view(page, 'Doctor’s and centre’s')).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await expect(page.getByText('1–10 of 20')).toBeVisible();
  await expect(view(page, 'Doctor’s own')).toHaveAttribute('aria-pressed', 'true');
});

test('a link to a template opens its drawer with every field; closing and back work as the URL says', async ({
  page,
}) => {
  await page.goto('/centres/101/templates?view=doctor&doctor=101-doc-002&pageSize=50&template=46');
  const drawer = page.getByRole('dialog', { name: 'Plantilla personal 1' });
  await expect(drawer).toBeVisible();
  for (const text of [
    '46',
    'Plantilla del usuario 101-doc-002',
    'No speciality',
    'This doctor’s own template',
    'Doctor’s id',
  ])
    // oxlint-disable-next-line no-await-in-loop -- one field after the other
    await expect(drawer.getByText(text, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/template=/);
  await page.goBack();
  await expect(drawer).toBeVisible();

  // A name in the table is the link to its drawer.
  await page.keyboard.press('Escape');
  await table(page).getByRole('link', { name: 'Informe de consulta 2', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Informe de consulta 2' })).toBeVisible();
  await expect(page).toHaveURL(/template=2/);
});

test('a doctor id typed into the URL that the centre does not know says so, with a way on', async ({
  page,
}) => {
  await page.goto('/centres/101/templates?view=own&doctor=no-such-doctor');
  await expect(
    page.getByRole('heading', { name: 'No doctor “no-such-doctor” in this centre' }),
  ).toBeVisible();
  await expect(table(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose another doctor' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a doctor' })).toBeVisible();
  await expect(page).not.toHaveURL(/doctor=/);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no violation on the tab, the picker, the drawer and the failure states (${scheme})`, async ({
    page,
  }) => {
    // Six axe runs: seconds each on a loaded two-core machine. Nothing here is timed.
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/centres/101/templates?view=doctor&doctor=101-doc-002&page=2');
    await expect(page.getByText('26–50 of 65')).toBeVisible();
    await owners(page);
    await expectNoAxeViolations(page, `templates, rule 2 (${scheme})`);

    await table(page).getByRole('link', { name: 'Plantilla personal 1', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Plantilla personal 1' })).toBeVisible();
    await expectNoAxeViolations(page, `template drawer (${scheme})`);
    await page.keyboard.press('Escape');

    await page.goto('/centres/101/templates?view=doctor');
    const picker = page.getByRole('combobox', { name: 'Doctor' });
    await picker.fill('Pérez');
    await expect(page.getByRole('option', { name: 'Núria Pérez (101-doc-002)' })).toBeVisible();
    await expectNoAxeViolations(page, `doctor picker (${scheme})`);

    await page.goto('/centres/101/templates?view=own&doctor=101-doc-001');
    await expect(
      page.getByText('No templates match: doctor 101-doc-001 has none of their own.'),
    ).toBeVisible();
    await expectNoAxeViolations(page, `no templates match (${scheme})`);

    await page.goto('/centres/105/templates');
    await expect(page.getByRole('heading', { name: 'This centre has no templates' })).toBeVisible();
    await expectNoAxeViolations(page, `empty centre (${scheme})`);

    await page.goto('/centres/101/templates?view=doctor&doctor=nobody');
    await expect(page.getByRole('heading', { name: 'No doctor “nobody” in this centre' })).toBeVisible();
    await expectNoAxeViolations(page, `unknown doctor (${scheme})`);
  });
}
