import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { contractEventsSchema } from '../src/proxy-api/console.ts';
import {
  type DemoRole,
  expectNoAxeViolations,
  HEADERS,
  resetSimulator,
  signedIn,
  SIM_HEADERS,
} from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// The Contract tab and the contract-event log against `npm start` (the proxy with the embedded
// simulator, D11/D12): a self-billing parent creates, changes, switches, cancels and reactivates
// its centres' contracts through the partner webhook (spec 4.8, D8), each action at most once.

// 401: the session probe before login. 404: the licence summary of the centre with no contract yet
// (D5), read as "no contract". 504: the proxy's answer to the cancellation the service answers too
// late (the timeout journey).
test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|404|504)/],
});

test.beforeEach(({ request }) => resetSimulator(request));

const PARENT = 'parent';
const PROCESSOR = 'processor';

async function signIn(page: Page, who: DemoRole, then: string) {
  await signedIn(page, who, then);
  await page.waitForURL((url) => url.pathname === then.split('?')[0]);
}

const contractNow = (page: Page) => page.getByRole('region', { name: 'Contract now' });
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
const centreEvents = (page: Page) => page.getByRole('region', { name: 'Contract events of this centre' });
const appliedNotice = (page: Page) => page.getByRole('status', { name: 'Applied' });

/** Picks an action of the Contract tab (a segmented control: its label is what a user clicks). */
async function chooseAction(page: Page, action: string) {
  await page.getByRole('radiogroup', { name: 'Action' }).getByText(action, { exact: true }).click();
}

/** The event id the tab names in its answer or pending notice ("event evt_…"). */
async function eventIdIn(text: Promise<string | null>): Promise<string> {
  const id = /evt_[0-9a-f]+/.exec((await text) ?? '')?.[0];
  expect(id, 'an event id in the notice').toBeDefined();
  return id ?? '';
}

/** The proxy's contract-event log as the signed-in session of `request` reads it. */
async function logOf(request: APIRequestContext, centreId?: number) {
  const response = await request.get(`/contract-events${centreId ? `?centreId=${centreId}` : ''}`, {
    headers: HEADERS,
  });
  expect(response.status()).toBe(200);
  return contractEventsSchema.parse(await response.json()).events;
}

/** D11: the simulator's contract of one centre, as it holds it. */
async function simulatedStatus(request: APIRequestContext, centreId: number): Promise<unknown> {
  const state = (await (await request.get('/__sim/state', { headers: SIM_HEADERS })).json()) as {
    providers?: Record<string, { contract?: { status?: string } | null }>;
  };
  return state.providers?.[String(centreId)]?.contract?.status;
}

test('a pay-per-use contract for the centre with none, a switch to seats, applied past the renewal (D11 clock)', async ({
  page,
  request,
}) => {
  await signIn(page, PARENT, '/centres/105/contract');
  await expect(contractNow(page)).toContainText('No contract yet');
  await page.getByRole('radiogroup', { name: 'Contract model' }).getByText('Pay-per-use').click();
  await page.getByRole('spinbutton', { name: /^Included consultations/ }).fill('300');
  await expect(preview(page)).toContainText(
    'A new contract, pay-per-use instead of seats, 300 included consultations, takes effect now.',
  );
  await page.getByRole('button', { name: 'Create the contract' }).click();
  await expect(appliedNotice(page)).toBeVisible();
  await expect(contractNow(page)).toContainText('Pay-per-use');
  await expect(contractNow(page)).toContainText('300 included consultations');

  await chooseAction(page, 'Switch to seats');
  await page.getByRole('spinbutton', { name: /^BASIC seats/ }).fill('5');
  await page.getByRole('spinbutton', { name: /^ELITE seats/ }).fill('1');
  await expect(preview(page)).toContainText(
    'BASIC 0 → 5, ELITE 0 → 1, switches to seats at the next renewal',
  );
  await page.getByRole('button', { name: 'Schedule the switch to seats' }).click();
  await expect(appliedNotice(page)).toBeVisible();
  // D8: pay-per-use until the renewal, the switch pending with its date (2.11).
  await expect(contractNow(page)).toContainText('Pay-per-use');
  await expect(contractNow(page)).toContainText(/Switches to seats on .+: 5 BASIC, 1 ELITE/);

  // The seed's renewals fall within a month (D10): past it, the switch has been applied.
  const moved = await request.post('/__sim/clock', { headers: SIM_HEADERS, data: { advanceDays: 31 } });
  expect(moved.ok()).toBe(true);
  await page.reload();
  await expect(contractNow(page)).toContainText('Seats');
  await expect(contractNow(page)).toContainText('BASIC: 5 seats, 0 in use');
  await expect(contractNow(page)).toContainText('ELITE: 1 seat, 0 in use');
  await expect(contractNow(page)).not.toContainText('Switches to seats');
});

test('changing BASIC seats changes the summary, and fewer than assigned are refused before sending', async ({
  page,
}) => {
  await signIn(page, PARENT, '/centres/101/contract');
  await expect(contractNow(page)).toContainText('BASIC: 10 seats, 8 in use');
  const basic = page.getByRole('spinbutton', { name: /^BASIC seats/ });
  await basic.fill('7');
  await expect(
    page.getByText('8 BASIC licences are assigned: at least 8 seats. Free licences first to go lower.'),
  ).toBeVisible();
  await expect(preview(page)).toContainText('Complete the form to see what the change will do.');
  await basic.fill('12');
  await expect(preview(page)).toContainText('BASIC 10 → 12, ELITE unchanged (3), takes effect now.');
  await page.getByRole('button', { name: 'Send the new seats' }).click();
  await expect(appliedNotice(page)).toBeVisible();
  await expect(contractNow(page)).toContainText('BASIC: 12 seats, 8 in use');
  await page.getByRole('link', { name: 'Licences', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'BASIC', exact: true }).getByRole('progressbar', {
      name: '8 of 12 BASIC seats in use',
    }),
  ).toBeVisible();
});

test('a cancellation turns every licence off and shows the cancelled banner; a reactivation undoes it', async ({
  page,
}) => {
  await signIn(page, PARENT, '/centres/101/contract');
  await chooseAction(page, 'Cancel the contract');
  await expect(preview(page)).toContainText('All 11 licences in use go off: no doctor can generate reports.');
  await page.getByRole('button', { name: 'Cancel the contract…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the contract of Clínica Diagonal?' });
  const confirm = dialog.getByRole('button', { name: 'Cancel the contract' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: /Type the centre’s name to confirm/ }).fill('Clínica Diagonal');
  await confirm.click();
  await expect(appliedNotice(page)).toBeVisible();
  await expect(contractNow(page)).toContainText('Cancelled');

  await page.getByRole('link', { name: 'Licences', exact: true }).click();
  await expect(page.getByRole('alert', { name: 'Contract cancelled' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('table', { name: 'BASIC licences' })).toBeVisible();
  await expect(main.getByText('Disabled', { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expect(main.getByText('Enabled', { exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Contract', exact: true }).click();
  await expect(preview(page)).toContainText('The contract is active again, BASIC unchanged (10)');
  await page.getByRole('button', { name: 'Reactivate the contract' }).click();
  await expect(appliedNotice(page)).toBeVisible();
  await expect(contractNow(page)).toContainText('Active');
  await page.getByRole('link', { name: 'Licences', exact: true }).click();
  await expect(main.getByRole('table', { name: 'BASIC licences' })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Contract cancelled' })).toHaveCount(0);
  await expect(main.getByText('Enabled', { exact: true }).filter({ visible: true }).first()).toBeVisible();
});

test('a cancellation the service answers too late is retried with the same event and applied once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  await signIn(page, PARENT, '/centres/108/contract');
  await chooseAction(page, 'Cancel the contract');
  // D11: the service answers after the proxy's 10 s deadline, and applies the cancellation then.
  const fault = await request.post('/__sim/faults', {
    headers: SIM_HEADERS,
    data: { match: 'POST /payments/v1/partner/webhook', delayMs: 11_500, times: 1 },
  });
  expect(fault.ok()).toBe(true);
  await page.getByRole('button', { name: 'Cancel the contract…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the contract of Centro Demo 8?' });
  await dialog.getByRole('textbox').fill('Centro Demo 8');
  await dialog.getByRole('button', { name: 'Cancel the contract' }).click();
  const sending = page.getByRole('status', { name: 'Sending: Cancel the contract' });
  await expect(sending).toBeVisible();
  const eventId = await eventIdIn(sending.textContent());

  // Meanwhile a second tab of the same browser cannot send another event for this centre.
  const second = await context.newPage();
  await second.goto('/centres/108/contract');
  // The first tab holds the centre's lock until an answer comes (it keeps it past the timeout): a
  // second tab loading slowly on a loaded machine still finds it held.
  await expect(
    second.getByRole('status', { name: 'Another tab is sending a change for this centre' }),
  ).toBeVisible({ timeout: 20_000 });
  // Its action is disabled: the seats, or the reactivation where a slow load let the service's late
  // cancellation land before the tab read the contract.
  await expect(
    second.getByRole('button', { name: /^(Send the new seats|Reactivate the contract)$/ }),
  ).toBeDisabled();
  await second.close();

  const lost = page.getByRole('alert', { name: 'No answer yet: Cancel the contract' });
  await expect(lost).toBeVisible({ timeout: 15_000 });
  await expect(lost).toContainText(eventId);
  await expect(lost).toContainText('Retry sends the same event');
  // The service applies it late; only then does the user retry.
  await expect.poll(() => simulatedStatus(request, 108), { timeout: 5_000 }).toBe('INACTIVE');
  await lost.getByRole('button', { name: 'Retry' }).click();
  const already = page.getByRole('status', { name: 'Already applied' });
  await expect(already).toBeVisible();
  await expect(already).toContainText(eventId);
  await expect(contractNow(page)).toContainText('Cancelled');

  // One event, two attempts: the proxy's timeout, then D8's `applied:false`.
  const events = await logOf(page.request, 108);
  // The tab names an event by the start of its id (the list copies it whole).
  const ours = events.filter((event) => event.eventId.startsWith(eventId));
  expect(ours).toHaveLength(1);
  expect(ours[0]?.attempts.map(({ status, code, applied }) => ({ status, code, applied }))).toEqual([
    { status: 504, code: 'upstream_timeout', applied: undefined },
    { status: 200, code: undefined, applied: false },
  ]);
  const card = centreEvents(page).getByRole('listitem').filter({ hasText: eventId }).first();
  await expect(card).toContainText('2 attempts');
  await expect(card).toContainText('no answer in time (504)');
  await expect(card).toContainText('already applied: nothing changed');
});

test('the processor-billed parent has no Contract tab, and its centre says why', async ({ page }) => {
  await signIn(page, PROCESSOR, '/centres/201/licences');
  const tabs = page.getByRole('navigation', { name: 'Centre sections' }).getByRole('link');
  await expect(tabs).toHaveText(['Licences', 'Doctors', 'Templates', 'Activity']);
  await expect(page.getByText(/None here: this centre is billed through the service’s portal/)).toBeVisible();
  await page.goto('/centres/201/contract');
  await expect(page.getByRole('heading', { name: 'No contract actions for this centre' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send|^Create|^Cancel/ })).toHaveCount(0);
});

/** A browser context of its own, signed in through the demo button, on `then`. */
async function otherBrowser(browser: Browser, who: DemoRole, then: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who, then);
  return { context, page };
}

test('the event survives a reload in Activity and is shared by the parent’s sessions, and by no other parent', async ({
  page,
  browser,
}) => {
  await signIn(page, PARENT, '/centres/106/contract');
  await page.getByRole('spinbutton', { name: /^Included consultations/ }).fill('180');
  await page.getByRole('button', { name: 'Send the new consultations' }).click();
  const eventId = await eventIdIn(appliedNotice(page).textContent());
  await expect(centreEvents(page)).toContainText(eventId);

  // The main navigation's entry (the centre's own Activity tab has the same name).
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Activity' })
    .click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(eventId);
  await page.reload();
  await expect(page.getByRole('main')).toContainText(eventId);
  await expect(page.getByRole('main')).toContainText('pay-per-use, 180 included consultations');

  const colleague = await otherBrowser(browser, PARENT, '/activity');
  await expect(colleague.page.getByRole('main')).toContainText(eventId);
  await colleague.page.goto('/centres/106/contract');
  await expect(centreEvents(colleague.page)).toContainText(eventId);
  // The included consultations are read back from the shared log (4.7 does not report them).
  await expect(contractNow(colleague.page)).toContainText('180 included consultations');
  await colleague.context.close();

  const stranger = await otherBrowser(browser, PROCESSOR, '/activity');
  // Its own sign-in, and nothing of the other parent's.
  await expect(stranger.page.getByRole('list', { name: 'Activity entries' })).toContainText(
    'demo-processor signed in',
  );
  await expect(stranger.page.getByRole('main')).not.toContainText(eventId);
  expect((await logOf(stranger.page.request)).map((event) => event.eventId)).not.toContain(eventId);
  await stranger.context.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the Contract tab, its preview, the cancel confirmation and Activity pass axe (WCAG 2.1 AA) in the ${scheme} theme`, async ({
    page,
  }) => {
    // Six axe runs and three screens: seconds each on a loaded two-core machine. Nothing here is timed.
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, PARENT, '/centres/101/contract');
    await expect(contractNow(page)).toContainText('BASIC: 10 seats, 8 in use');
    await expectNoAxeViolations(page, 'contract tab');

    const basic = page.getByRole('spinbutton', { name: /^BASIC seats/ });
    await basic.fill('7');
    await expect(page.getByText(/8 BASIC licences are assigned/)).toBeVisible();
    await expectNoAxeViolations(page, 'refused form');
    await basic.fill('11');
    await expect(preview(page)).toContainText('BASIC 10 → 11');
    await expectNoAxeViolations(page, 'preview');
    await page.getByRole('button', { name: 'Send the new seats' }).click();
    await expect(appliedNotice(page)).toBeVisible();
    await expect(centreEvents(page)).toContainText('1 attempt');
    await expectNoAxeViolations(page, 'applied, with the centre’s events');

    await chooseAction(page, 'Cancel the contract');
    await expect(preview(page)).toContainText('The contract is cancelled');
    await page.getByRole('button', { name: 'Cancel the contract…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the contract of Clínica Diagonal?' });
    await dialog.getByRole('textbox').fill('Clinica');
    await expect(dialog.getByText('That is not the centre’s name yet.')).toBeVisible();
    await expectNoAxeViolations(page, 'cancel confirmation');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto('/centres/102/contract');
    await expect(contractNow(page)).toContainText('Pay-per-use');
    await chooseAction(page, 'Switch to seats');
    await expect(preview(page)).toContainText('switches to seats on');
    await expectNoAxeViolations(page, 'pay-per-use switch preview');

    await page.goto('/activity?action=contract.event');
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/^1 attempt · /)
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'contract changes in Activity');
  });
}
