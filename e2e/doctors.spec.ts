import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { demoLogin, expectNoAxeViolations, resetSimulator, SIM_HEADERS } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// Doctors (spec 4.2, 4.6; D4, D6, D12) against `npm start`: the form, the file import with its
// fixes and retries, a simulator fault on ten rows (D11), and paging through the demo's centre 107.

// 404: the licence summary of centre 105, which has no contract yet (D12; the centre's header reads
// it on every tab and says so).
test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

test.beforeEach(({ request }) => resetSimulator(request));

const REGISTER = 'POST /iam/v1/register/healthProviderDoctor';

/** The form's row `n` (from 1). */
const formRow = (page: Page, n: number) => page.getByRole('group', { name: `Doctor ${n}` });

async function fillRow(row: Locator, doctor: { name: string; lastname: string; id: string }) {
  await row.getByRole('textbox', { name: /First name/ }).fill(doctor.name);
  await row.getByRole('textbox', { name: /Last name/ }).fill(doctor.lastname);
  await row.getByRole('textbox', { name: /Doctor id/ }).fill(doctor.id);
  await row.getByRole('textbox', { name: /Speciality/ }).fill('12');
}

/** A semicolon-separated file in Windows-1252, as a Spanish spreadsheet exports it. */
function windows1252Csv(lines: readonly string[]) {
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

const FIRST = ['José', 'María', 'Núria', 'Àlex', 'Iñigo', 'Begoña', 'Jordi', 'Lucía'];
const LAST = ['Núñez', 'Pérez', 'Güell', 'Castaño', 'Ibáñez', 'Font', 'Roca', 'Serra'];

/** `count` doctors with ids D-001…; `bad` replaces some rows by broken ones (1-based row → line). */
function doctorLines(count: number, bad: Record<number, string> = {}) {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const id = `D-${String(n).padStart(3, '0')}`;
    return (
      bad[n] ??
      `${FIRST[n % 8]};${LAST[n % 7]} ${n};${id.toLowerCase()}@clinica.example;${id};${1 + (n % 40)};Español`
    );
  });
}

const HEADER = 'Nombre;Apellidos;Correo electrónico;ID médico;Especialidad;Idioma';

/** A segmented control's option: its radio is hidden under its label, which takes the click. */
async function segment(page: Page, name: string) {
  await page.locator('label', { hasText: name }).click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await segment(page, 'Import a file');
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

/** Opens the edit dialog of the file's row `n`, lets `change` fix it, and saves. */
async function editRow(page: Page, n: number, change: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: `Edit row ${n}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Row ${n}` });
  await change(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

async function doctorsIn(page: Page, centreId: number): Promise<string[]> {
  const state = await page.request.get('/__sim/state', { headers: SIM_HEADERS });
  const body = (await state.json()) as { providers: Record<string, { doctors: { doctorId: string }[] }> };
  return (body.providers[String(centreId)]?.doctors ?? []).map((doctor) => doctor.doctorId);
}

test('three doctors registered through the form are each found on the centre’s Doctors tab', async ({
  page,
}) => {
  await demoLogin(page);
  await page.goto('/centres/105/doctors');
  await expect(page.getByRole('heading', { name: 'No doctors yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Register doctors' }).last().click();
  await expect(page.getByRole('combobox', { name: /Register under/ })).toHaveValue(
    'Centre Nou Badalona (105)',
  );
  const doctors = [
    { name: 'Rosa', lastname: 'Vilaró', id: 'E2E-1' },
    { name: 'Iker', lastname: 'Etxeberria', id: 'E2E-2' },
    { name: 'Aina', lastname: 'Mascaró', id: 'E2E-3' },
  ];
  await fillRow(formRow(page, 1), { name: 'Rosa', lastname: 'Vilaró', id: 'E2E-1' });
  await page.getByRole('button', { name: 'Add a doctor' }).click();
  await fillRow(formRow(page, 2), { name: 'Iker', lastname: 'Etxeberria', id: 'E2E-2' });
  await page.getByRole('button', { name: 'Add a doctor' }).click();
  await fillRow(formRow(page, 3), { name: 'Aina', lastname: 'Mascaró', id: 'E2E-3' });
  await expectNoAxeViolations(page, 'registration form, light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expectNoAxeViolations(page, 'registration form, dark');
  await page.getByRole('button', { name: 'Register 3 doctors' }).click();
  await expect(page.getByText('Done: 3 rows')).toBeVisible();
  await expect(formRow(page, 3).getByText(/^Registered · svc-/)).toBeVisible();

  await page.goto('/centres/105/doctors');
  // oxlint-disable no-await-in-loop -- one search after another, as a user would
  for (const doctor of doctors) {
    await page.getByLabel('Search doctors').fill(doctor.lastname.slice(0, 5));
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Doctors of this centre' })).toContainText(doctor.id);
    await expect(page.getByRole('table', { name: 'Doctors of this centre' })).toContainText('No licence');
  }
  // oxlint-enable no-await-in-loop
});

test('a 200-row Windows-1252 file: fix two rows in the preview, register, fix the three left to fix and register them, download the results', async ({
  page,
}) => {
  // 200 registrations four at a time, two axe runs and five edits: about 30 s on a loaded two-core
  // machine, over a minute beside the other workers, where the default timeout ended it. Nothing
  // in it is timed.
  test.setTimeout(150_000);
  await demoLogin(page);
  await page.goto('/doctors/register?target=106');
  const bad = {
    20: 'Marta;;marta@clinica.example;D-020;3;ES',
    50: 'Pau;Soler 50;pau@;D-050;3;CA',
    90: 'Carla;Roig 90;;D-090;3;Klingon',
    130: 'Òscar;Pons 130;;D-130;cardio;ES',
    170: 'Ivet;Mas 170;;;3;ES',
  };
  await chooseFile(page, 'médicos.csv', windows1252Csv([HEADER, ...doctorLines(200, bad)]));
  await expect(
    page.getByText(/200 rows, 195 ready, 5 to fix \(WINDOWS-1252, semicolon-separated\)/),
  ).toBeVisible();
  await segment(page, 'To fix (5)');
  const table = page.getByRole('table', { name: 'Rows of the file' });
  await expect(table).toContainText('Required, at most 100 characters.');
  await expect(table).toContainText('Òscar'); // accents read right from Windows-1252
  await expectNoAxeViolations(page, 'import preview, light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expectNoAxeViolations(page, 'import preview, dark');

  await editRow(page, 20, (dialog) => dialog.getByRole('textbox', { name: /Last name/ }).fill('Solà'));
  await editRow(page, 50, (dialog) =>
    dialog.getByRole('textbox', { name: /E-mail/ }).fill('pau@clinica.example'),
  );
  await expect(page.getByText(/200 rows, 197 ready, 3 to fix/)).toBeVisible();

  await page.getByRole('button', { name: 'Register 197 doctors' }).click();
  await expect(page.getByText('Done: 200 rows')).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText('197 registered, 0 failed. 3 rows need fixing: they were not sent.'),
  ).toBeVisible();
  await segment(page, 'To fix (3)');
  await expect(table.getByText('Not sent: fix the fields marked in red.')).toHaveCount(3);

  await editRow(page, 90, async (dialog) => {
    await dialog.getByRole('combobox', { name: /Language/ }).selectOption('ES');
  });
  await editRow(page, 130, (dialog) => dialog.getByRole('textbox', { name: /Speciality/ }).fill('7'));
  await editRow(page, 170, (dialog) => dialog.getByRole('textbox', { name: /Doctor id/ }).fill('D-170'));
  await page.getByRole('button', { name: 'Register 3 doctors' }).click();
  await expect(page.getByText('200 registered, 0 failed.')).toBeVisible();
  expect((await doctorsIn(page, 106)).filter((id) => id.startsWith('D-'))).toHaveLength(200);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download results' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('médicos-results.csv');
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
  expect(lines[0]).toBe(`${HEADER};result;service_id;error`);
  expect(lines).toHaveLength(201);
  expect(lines.slice(1).every((line) => /;registered;svc-\d+;$/.test(line))).toBe(true);
  expect(lines[20]).toMatch(/^Marta;Solà;marta@clinica\.example;D-020;3;ES;registered;svc-\d+;$/);
  expect(lines[170]).toContain(';D-170;');
});

test('a cell of 5,000 characters is refused with its limit and keeps the row the height of the others', async ({
  page,
}) => {
  await demoLogin(page);
  await page.goto('/doctors/register?target=106');
  const long = 'A'.repeat(5000);
  await chooseFile(
    page,
    'long.csv',
    windows1252Csv([HEADER, `${long};Puig;;D-1;99999999999999;ES`, 'Pau;Roca;;D-2;3;CA']),
  );
  const table = page.getByRole('table', { name: 'Rows of the file' });
  await expect(table).toContainText('Too long: at most 100 characters, and this has 5,000.');
  await expect(table).toContainText('Too large: the largest number accepted is 2,147,483,647.');
  const [first, second] = [
    await table.getByRole('row').nth(1).boundingBox(),
    await table.getByRole('row').nth(2).boundingBox(),
  ];
  // Three lines of the value, an ellipsis and the reason: the row stays in the range of a row, and
  // the table in its width (it scrolls sideways only below its own minimum, 1,180 px).
  expect(first?.height).toBeLessThan(240);
  expect(second?.height).toBeLessThan(240);
  const widths = await table.evaluate((element) => ({
    table: element.scrollWidth,
    own: element.clientWidth,
  }));
  expect(widths.table).toBeLessThanOrEqual(widths.own + 1);
});

test('a search in “Register under” replaces the current choice instead of following its name', async ({
  page,
}) => {
  await demoLogin(page);
  await page.goto('/doctors/register');
  const picker = page.getByRole('combobox', { name: /Register under/ });
  await expect(picker).toHaveValue(/^Yourself/);
  await picker.click();
  await page.keyboard.type('Sants');
  await expect(picker).toHaveValue('Sants');
  await page.getByRole('option', { name: /Sants/ }).click();
  await expect(picker).toHaveValue(/^Policlínica Sants/);
  await picker.click();
  await page.keyboard.type('Yourself');
  await expect(picker).toHaveValue('Yourself');
});

test.describe('a simulator fault', () => {
  // The faulted answers are 5xx, which Chromium logs as failed resources.
  test.use({
    expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (404|502)/],
  });

  test('on ten rows fails exactly ten, and the retry registers them with no duplicate', async ({ page }) => {
    await demoLogin(page);
    const before = await doctorsIn(page, 104);
    const fault = await page.request.post('/__sim/faults', {
      headers: SIM_HEADERS,
      data: { match: REGISTER, status: 503, times: 10 },
    });
    expect(fault.ok()).toBe(true);
    await page.goto('/doctors/register?target=104');
    await chooseFile(page, 'fault.csv', windows1252Csv([HEADER, ...doctorLines(40)]));
    await page.getByRole('button', { name: 'Register 40 doctors' }).click();
    await expect(page.getByText('30 registered, 10 failed.')).toBeVisible({ timeout: 20_000 });
    await segment(page, 'Failed (10)');
    const table = page.getByRole('table', { name: 'Rows of the file' });
    await expect(table.getByText(/The service is not answering right now/)).toHaveCount(10);
    await page.getByRole('button', { name: 'Retry 10 failed rows' }).click();
    await expect(page.getByText('40 registered, 0 failed.')).toBeVisible();
    const after = await doctorsIn(page, 104);
    expect(after).toHaveLength(before.length + 40);
    expect(new Set(after).size).toBe(after.length);
    await page.goto('/centres/104/doctors?size=100');
    await expect(page.getByText(`1–${before.length + 40} of ${before.length + 40}`)).toBeVisible();
  });

  test('the progress shows counts, rate, pause and cancel while rows are on their way', async ({ page }) => {
    // Slow answers (1.5 s each, on purpose), two axe runs and a second run: past the default 30 s on
    // a loaded two-core machine. Nothing in it is timed.
    test.setTimeout(90_000);
    await demoLogin(page);
    await page.request.post('/__sim/faults', {
      headers: SIM_HEADERS,
      data: { match: REGISTER, delayMs: 1500, times: 200 },
    });
    await page.goto('/doctors/register?target=102');
    await chooseFile(page, 'slow.csv', windows1252Csv([HEADER, ...doctorLines(40)]));
    await page.getByRole('button', { name: 'Register 40 doctors' }).click();
    const progress = page.getByRole('region', { name: 'Registration progress' });
    await expect(progress).toContainText(/per second · about \d+ seconds? left/);
    // Paused, nothing new starts; the page is checked in that state, light and dark.
    await progress.getByRole('button', { name: 'Pause' }).click();
    await expect(progress).toContainText('Paused');
    await expectNoAxeViolations(page, 'progress, light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expectNoAxeViolations(page, 'progress, dark');
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(/registered, 0 failed\./)).toBeVisible();
    const sent = (await doctorsIn(page, 102)).filter((id) => id.startsWith('D-'));
    expect(sent.length).toBeLessThan(40);
    // Cancelled rows are unsent, not failed: registering again sends only them.
    await page.getByRole('button', { name: `Register ${40 - sent.length} doctors` }).click();
    await expect(page.getByText('40 registered, 0 failed.')).toBeVisible({ timeout: 20_000 });
  });
});

// The page, page size and search live in the URL: the schema reads them back (doctors-search.test.ts)
// and the router restores a screen from its URL (e2e/console.spec.ts), so no reload here.
test('paging a centre with 65 doctors: pages, page size and search, each in the URL', async ({ page }) => {
  await demoLogin(page);
  await page.goto('/centres/107/doctors');
  await expect(page.getByText('1–25 of 65')).toBeVisible();
  await expectNoAxeViolations(page, 'doctors tab, light');
  const table = page.getByRole('table', { name: 'Doctors of this centre' });
  const firstRow = () => table.getByRole('row').nth(1).textContent();

  const pageOne = await firstRow();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('26–50 of 65')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  expect(await firstRow()).not.toBe(pageOne);
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await expect(page.getByText('1–10 of 65')).toBeVisible();
  await expect(page).toHaveURL(/size=10/);
  await page.getByLabel('Search doctors').fill('ma');
  await expect(page).toHaveURL(/q=ma/);
  // The previous page stays on screen, marked busy, until the searched one arrives.
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText(/^1–\d+ of \d+$/)).not.toHaveText('1–10 of 65');

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expectNoAxeViolations(page, 'doctors tab, dark');
});
