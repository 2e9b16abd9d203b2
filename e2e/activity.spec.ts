import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import Papa from 'papaparse';
import { activityPageSchema } from '../src/proxy-api/activity.ts';
import { chooseCountry, HEADERS, resetSimulator, signedIn } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// The Activity screen (docs/decisions/0022) against `npm start`: what a parent does through the
// console (a contract change, doctors registered, a centre created) is there in words, from the
// proxy's database (decision 0018); its filters live in the URL and survive a reload; the CSV of a
// filter has one row per entry. The database outlives the simulator's reset, so every check looks
// for what this journey did, never for an exact log.

// 401: the session probe before login. 404: the licence summary of a centre with no contract yet
// (D5). 400: the doctor this journey sends with an e-mail that is not one.
test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (400|401|404)/],
});

test.beforeEach(({ request }) => resetSimulator(request));

async function signIn(page: Page, then: string) {
  await signedIn(page, 'parent', then);
  await page.waitForURL((url) => url.pathname === then.split('?')[0]);
}

/** 4.2, D4: one doctor, through the proxy with the page's session, as the registration rows send it. */
async function registerDoctor(request: APIRequestContext, doctorId: string, email: string) {
  const doctor = { name: 'Pau', lastname: 'Serra', email, doctorId, healthProviderId: 101 };
  return request.post('/api/iam/v1/register/healthProviderDoctor', {
    headers: HEADERS,
    data: { doctors: [{ ...doctor, doctorSpeciality: 12, lang: 'CA' }] },
  });
}

/** Every entry id of a filter, read a page at a time as the screen reads them (keyset cursor). */
async function entryIds(request: APIRequestContext, query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    // Each page's cursor is the previous page's answer: the pages are read one after the other.
    // oxlint-disable-next-line no-await-in-loop
    const response = await request.get(
      `/audit/entries?${query}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      { headers: HEADERS },
    );
    expect(response.status()).toBe(200);
    // oxlint-disable-next-line no-await-in-loop
    const page = activityPageSchema.parse(await response.json());
    ids.push(...page.entries.map((entry) => entry.id));
    cursor = page.next;
  }
  return ids;
}

const lines = (page: Page) => page.getByRole('list', { name: 'Activity entries' });

test('a contract change, doctors registered and a centre created are in Activity in words; its filters survive a reload; its CSV has one row per entry', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const run = Math.random().toString(36).slice(2, 8);

  // A contract change on the Contract tab of a centre the parent bills (D12: Clínica Diagonal).
  await signIn(page, '/centres/101/contract');
  await page.getByRole('spinbutton', { name: /^BASIC seats/ }).fill('11');
  await page.getByRole('button', { name: 'Send the new seats' }).click();
  const applied = page.getByRole('status', { name: 'Applied' });
  // The panel shows the event id's start (the whole id is copied): the start finds it below.
  const eventId = /evt_[0-9a-f]+/.exec((await applied.textContent()) ?? '')?.[0] ?? '';
  expect(eventId).not.toBe('');

  // Two doctors at the same centre, one refused for its e-mail.
  expect((await registerDoctor(page.request, `ACT-${run}-1`, `pau.${run}@example.org`)).status()).toBe(200);
  expect((await registerDoctor(page.request, `ACT-${run}-2`, 'not-an-email')).status()).toBe(400);

  // A centre created in its dialog.
  const centre = `Clínica Activitat ${run}`;
  await page.goto('/centres');
  await page.getByRole('button', { name: 'Create centre' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create a centre' });
  await create.getByLabel('Name').fill(centre);
  await chooseCountry(page, create, 'Spain');
  await create.getByLabel('City').fill('Vic');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  const credentials = page.getByRole('dialog', { name: `Credentials of ${centre}` });
  await credentials.getByLabel(/I have stored/).check();
  await credentials.getByRole('button', { name: 'Done' }).click();

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Activity' })
    .click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await expect(lines(page)).toContainText(`demo-parent created the centre ${centre}`);
  await expect(lines(page)).toContainText(
    'demo-parent registered 1 doctor at Clínica Diagonal, 1 refused: e-mail not valid',
  );
  const change = lines(page).getByRole('listitem').filter({ hasText: eventId }).first();
  await expect(change).toContainText('demo-parent changed the contract of Clínica Diagonal');
  await expect(change).toContainText('applied');
  await change.getByText(/^1 attempt · /).click();
  await expect(change.getByRole('listitem')).toContainText('demo-parent · applied');

  // Filters, by keyboard where a user would: the URL holds them, a reload keeps them.
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Contract changes' });
  await filters.getByRole('combobox', { name: 'Outcome' }).selectOption({ label: 'Accepted' });
  const centreField = filters.getByRole('combobox', { name: 'Centre' });
  // The centre is searched in the proxy's index as it is typed (issue 24), by keyboard.
  await centreField.fill('Diagonal');
  await page.getByRole('option', { name: 'Clínica Diagonal (101)' }).waitFor();
  await centreField.press('ArrowDown');
  await centreField.press('Enter');
  await expect(page).toHaveURL(/[?&]action=contract\.event/);
  await expect(page).toHaveURL(/[?&]outcome=accepted/);
  await expect(page).toHaveURL(/[?&]centre=101/);
  await page.reload();
  await expect(filters.getByRole('combobox', { name: 'Action' })).toHaveValue('contract.event');
  await expect(filters.getByRole('combobox', { name: 'Outcome' })).toHaveValue('accepted');
  await expect(centreField).toHaveValue('Clínica Diagonal (101)');
  await expect(lines(page)).toContainText(eventId);
  await expect(lines(page)).not.toContainText('doctor');
  await expect(lines(page)).not.toContainText(centre);

  // The CSV of these filters: every entry they match, one row each, and nothing else.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const [header = [], ...rows] = Papa.parse<string[]>((await readFile(file, 'utf8')).trim()).data;
  const column = (name: string) => rows.map((row) => row[header.indexOf(name)]);
  const expected = await entryIds(page.request, 'action=contract.event&outcome=accepted&centreId=101');
  expect(expected.length).toBeGreaterThan(0);
  expect(column('id')).toEqual(expected);
  expect(column('subject').some((subject) => subject?.startsWith(eventId))).toBe(true);
  expect(new Set(column('action'))).toEqual(new Set(['contract.event']));
});
