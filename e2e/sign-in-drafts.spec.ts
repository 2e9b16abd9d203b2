import type { Page } from '@playwright/test';
import { HEADERS, resetSimulator, SIM_HEADERS } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// Issue 47, item 1, against `npm start`: a person's session ends while they work, and they sign in
// again with their organisation, through the demo's embedded identity provider: the whole tab goes
// there and back (docs/decisions/0023). What they had typed comes back, and what they had asked to
// send goes once, as the re-login dialog promises (decision 0006).

// 401: the send that met the ended session, and the session probe. 404: a centre with no contract
// yet (D5).
test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|404)/],
});

test.beforeEach(({ request }) => resetSimulator(request));

async function signInAs(page: Page, person: string, then: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(then)}`);
  await page.getByRole('link', { name: 'Sign in with your organisation' }).click();
  await page.getByRole('button', { name: new RegExp(`^${person}`) }).click();
  // The page asked for, its search made canonical (the proxy's render redirects there at once).
  const asked = new URL(then, 'http://console.invalid');
  await page.waitForURL(
    (url) =>
      url.pathname === asked.pathname &&
      [...asked.searchParams].every(([name, value]) => url.searchParams.get(name) === value),
    { timeout: 30_000 },
  );
}

/** The session ends elsewhere (a logout in another tab), then the page's next send meets it. */
async function endSessionElsewhere(page: Page) {
  const other = await page.context().newPage();
  expect((await other.request.post('/auth/logout', { headers: HEADERS })).ok()).toBe(true);
  await other.close();
}

/**
 * The re-login dialog's organisation sign-in, as the same person, back to the same page. The
 * provider still knows the person (its own session outlives the console's) and may send the tab
 * straight back; else its page asks who signs in.
 */
async function signInAgain(page: Page, person: string, then: string) {
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toContainText('Nothing on this page is lost');
  await dialog.getByRole('link', { name: 'Sign in with your organisation' }).click();
  const choice = page.getByRole('button', { name: new RegExp(`^${person}`) });
  await expect
    .poll(
      async () => {
        // The page's own URL state may add to the search (the target and mode it shows).
        if (new URL(page.url()).pathname === new URL(then, page.url()).pathname && (await dialog.isHidden()))
          return true;
        if (await choice.isVisible()) await choice.click();
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function stateOf(page: Page) {
  const answer = await page.request.get('/__sim/state', { headers: SIM_HEADERS });
  return (await answer.json()) as {
    providers: Record<string, { name?: string; doctors?: { doctorId: string }[] }>;
  };
}

const doctorsOf = async (page: Page, centreId: number) =>
  ((await stateOf(page)).providers[String(centreId)]?.doctors ?? []).filter((d) => d.doctorId === 'RELOG-1');

test('a doctor typed before the session ended is registered once the person signs in again', async ({
  page,
}) => {
  const then = '/doctors/register?target=105';
  await signInAs(page, 'Ana Martín', then);
  const row = page.getByRole('group', { name: 'Doctor 1' });
  await row.getByRole('textbox', { name: /First name/ }).fill('Rosa');
  await row.getByRole('textbox', { name: /Last name/ }).fill('Vilaró');
  await row.getByRole('textbox', { name: /Doctor id/ }).fill('RELOG-1');
  await row.getByRole('textbox', { name: /Speciality/ }).fill('12');
  await endSessionElsewhere(page);
  await page.getByRole('button', { name: 'Register 1 doctor' }).click();
  await signInAgain(page, 'Ana Martín', then);

  // Back from the provider: the row as typed, sent once the person is back.
  const back = page.getByRole('group', { name: 'Doctor 1' });
  await expect(back.getByRole('textbox', { name: /First name/ })).toHaveValue('Rosa');
  await expect(back.getByText(/^Registered · svc-/)).toBeVisible({ timeout: 20_000 });
  expect(await doctorsOf(page, 105)).toHaveLength(1);

  // A reload starts afresh: the draft was given once, and nothing is sent again.
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Doctor 1' }).getByRole('textbox', { name: /First name/ }),
  ).toHaveValue('');
  expect(await doctorsOf(page, 105)).toHaveLength(1);
});

test('a centre being created when the session ended is created once the person signs in again, and once only', async ({
  page,
}) => {
  await signInAs(page, 'Ana Martín', '/centres');
  await page.getByRole('button', { name: 'Create centre' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a centre' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Clínica Relogin');
  const country = dialog.getByRole('combobox', { name: 'Country' });
  await country.click();
  await country.fill('Spain');
  await page.getByRole('listbox').getByRole('option', { name: /Spain/ }).click();
  await dialog.getByRole('textbox', { name: 'City' }).fill('Girona');
  await endSessionElsewhere(page);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await signInAgain(page, 'Ana Martín', '/centres');

  // The create goes on return: its credentials, shown once.
  await expect(page.getByRole('dialog', { name: 'Credentials of Clínica Relogin' })).toBeVisible({
    timeout: 20_000,
  });
  const named = async () =>
    Object.values((await stateOf(page)).providers).filter((p) => p.name === 'Clínica Relogin').length;
  expect(await named()).toBe(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Centres', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create a centre' })).toBeHidden();
  expect(await named()).toBe(1);
});
