import type { APIRequestContext, Page } from '@playwright/test';
import { activityPageSchema } from '../src/proxy-api/activity.ts';
import { HEADERS, layoutShift, resetSimulator } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// People who sign in as themselves (issue 25, docs/decisions/0023), against `npm start`: its
// embedded OpenID provider (oidc-provider, in the proxy's process) and its demo people, with the two
// demo parents registered as connections. Each journey signs in the way a person does: the
// console's "Sign in with your organisation", the provider's page, back to the console.

// 401: the session probe and a removed person's next call; 404: the licence summary of the centre
// with no contract yet (D5); 403 and 422: refusals a journey provokes.
test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|403|404|422)/],
});

test.beforeEach(({ request }) => resetSimulator(request));

/** Signs in with the organisation as a demo person (by name on the provider's page). */
async function organisationSignIn(page: Page, person: string, then: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(then)}`);
  await page.getByRole('link', { name: 'Sign in with your organisation' }).click();
  await expect(page.getByRole('heading', { name: /^Sign in to / })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${person}`) }).click();
  await page.waitForURL((url) => url.pathname === then);
}

/** The activity of the signed-in session's provider, filtered by a person's subject. */
async function activityOf(request: APIRequestContext, subject: string) {
  const response = await request.get(`/audit/entries?person=${encodeURIComponent(subject)}`, {
    headers: HEADERS,
  });
  expect(response.status()).toBe(200);
  return activityPageSchema.parse(await response.json()).entries;
}

test('support sees the overview, a centre’s licences, doctors, templates and contract, and no control that changes anything', async ({
  page,
}) => {
  await organisationSignIn(page, 'Sofía Vidal', '/overview');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByTestId('current-connection')).toHaveText('Red Salud Demo');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Centres' })).toBeVisible();
  for (const missing of ['Register doctors', 'Connections'])
    // oxlint-disable-next-line no-await-in-loop -- one link after the other
    await expect(nav.getByRole('link', { name: missing })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Centres' }).click();
  await expect(page.getByRole('heading', { name: 'Centres', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create centre' })).toHaveCount(0);
  await expect(
    page.getByText('Your role on Red Salud Demo is Support, which cannot create centres.'),
  ).toBeVisible();

  await page.goto('/centres/101/licences');
  await expect(page.getByRole('link', { name: 'Licences', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('button', { name: 'Reveal credentials' })).toHaveCount(0);
  await expect(
    page.getByText(
      /cannot reveal a centre’s credentials\. Ask an admin of Red Salud Demo for the Operator role\./,
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Doctors', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Doctors', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('link', { name: 'Register doctors' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Templates', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goto('/centres/105/contract');
  await expect(page.getByRole('region', { name: 'Contract now' })).toBeVisible();
  await expect(
    page.getByText('Your role on Red Salud Demo is Support, which cannot send contract actions.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Action' })).toHaveCount(0);

  // The address of a screen the role does not allow says why, inside the shell.
  await page.goto('/doctors/register');
  await expect(page.getByText('Not available with your role')).toBeVisible();

  // The people of the connection, read-only, and why.
  await nav.getByRole('link', { name: 'People' }).click();
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByText('Óscar Ruiz')).toBeVisible();
  await expect(people.getByRole('combobox')).toHaveCount(0);
  await expect(people.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Invite a person' })).toHaveCount(0);
  await expect(
    page.getByText('Your role on Red Salud Demo is Support, which cannot manage people.', { exact: false }),
  ).toBeVisible();
});

test('the calls support cannot make, sent directly to the proxy, answer 403 in words and are audited under their name', async ({
  page,
}) => {
  await organisationSignIn(page, 'Sofía Vidal', '/overview');
  const request = page.request;
  const attempts = [
    request.post('/api/iam/v1/register/childProvider', {
      headers: HEADERS,
      data: { name: 'Clínica sin permiso', country: 'ES', city: 'Madrid' },
    }),
    request.get('/api/iam/v1/provider/101/credentials', { headers: HEADERS }),
    request.post('/api/payments/v1/partner/webhook', {
      headers: HEADERS,
      data: { eventId: 'evt_support_1', eventType: 'CONTRACT_CANCELLED', providerId: 101 },
    }),
    request.post('/people', { headers: HEADERS, data: { email: 'x@redsalud.demo', role: 'admin' } }),
  ];
  for (const response of await Promise.all(attempts)) {
    expect(response.status()).toBe(403);
    // oxlint-disable-next-line no-await-in-loop -- the answers are all in already
    const problem = (await response.json()) as { code: string; detail: string };
    expect(problem.code).toBe('forbidden');
    expect(problem.detail).toMatch(/^Your role on Red Salud Demo is support, which cannot /);
  }
  const denied = (await activityOf(request, 'demo-sofia')).filter(
    (entry) => entry.action === 'access.denied',
  );
  expect(denied.length).toBeGreaterThanOrEqual(3);
  for (const entry of denied) expect(entry.actor.person?.name).toBe('Sofía Vidal');
});

test('the operator creates a contract, and the activity shows it under their name', async ({ page }) => {
  await organisationSignIn(page, 'Óscar Ruiz', '/centres/105/contract');
  await expect(page.getByRole('region', { name: 'Contract now' })).toContainText('No contract yet');
  await page.getByRole('radiogroup', { name: 'Contract model' }).getByText('Pay-per-use').click();
  await page.getByRole('spinbutton', { name: /^Included consultations/ }).fill('300');
  await page.getByRole('button', { name: 'Create the contract' }).click();
  await expect(page.getByRole('status', { name: 'Applied' })).toBeVisible();
  const mine = (await activityOf(page.request, 'demo-oscar')).filter(
    (entry) => entry.action === 'contract.event',
  );
  const created = mine.find((entry) => entry.centreId === 105);
  expect(created?.actor.person).toMatchObject({ name: 'Óscar Ruiz', email: 'oscar.ruiz@redsalud.demo' });
  expect(created?.outcome.accepted).toBe(true);

  // The Activity screen, filtered by person: his changes, under his name, and nobody else's.
  await page.goto('/activity');
  await page.getByRole('combobox', { name: 'Person' }).selectOption({ label: 'Óscar Ruiz' });
  await page.waitForURL((url) => url.searchParams.get('person') === 'demo-oscar');
  // Each entry's sentence: the first paragraph of each of the list's own items.
  const entries = page.getByRole('list', { name: 'Activity entries' }).locator(':scope > li');
  // The previous filter's entries stay on screen, dimmed, until the new one's arrive: asked until
  // the list holds his entries only.
  const sentences = () =>
    entries.evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
  await expect
    .poll(async () => {
      const shown = await sentences();
      return shown.length > 0 && shown.every((sentence) => sentence.startsWith('Óscar Ruiz '));
    })
    .toBe(true);
});

test('nothing on Connections moves when its failed alert messages arrive after the connections', async ({
  page,
}) => {
  // The failed messages held back until the connection is on screen, as on a slow server.
  const held = Promise.withResolvers<void>();
  await page.route('**/alerts/deliveries/failed', async (route) => {
    await held.promise;
    await route.continue();
  });
  await organisationSignIn(page, 'Ana Martín', '/settings/connections');
  await expect(page.getByTestId('connection-Red Salud Demo')).toContainText('Working');
  await expect(page.getByRole('form', { name: 'Add a connection' })).toBeVisible();
  held.resolve();
  await expect(page.getByText('Every alert message went out.')).toBeVisible();
  // Their loading state takes the room of the usual answer, one line (CLS ≤ 0.01).
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
});

test('the admin adds a connection (a wrong secret refused in words), invites a person, changes their role and removes them, whose open session then ends', async ({
  page,
  browser,
}) => {
  await organisationSignIn(page, 'Ana Martín', '/settings/connections');
  await expect(page.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
  await expect(page.getByTestId('connection-Red Salud Demo')).toContainText('Working');
  const add = page.getByRole('form', { name: 'Add a connection' });
  await add.getByLabel('Name').fill('Hospital Castellana');
  await add.getByLabel('Provider id').fill('201');
  await add.getByLabel('Client id').fill('demo-child-201');
  await add.getByLabel('Client secret').fill('not-the-secret');
  await add.getByRole('button', { name: 'Verify and add' }).click();
  await expect(add.getByRole('alert')).toContainText('Those credentials were not accepted');
  // What was typed stays, to be corrected.
  await expect(add.getByLabel('Client id')).toHaveValue('demo-child-201');

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'People' })
    .click();
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite a person' });
  await invite.getByLabel('E-mail').fill('nina.soler@redsalud.demo');
  await invite.getByLabel('Role').selectOption('operator');
  await invite.getByRole('button', { name: 'Invite' }).click();
  const nina = page.getByTestId('person-nina.soler@redsalud.demo');
  await expect(nina).toContainText('Invited, not signed in yet');

  // Nina signs in (typing her address on the provider's page) and works as an operator.
  const other = await browser.newContext();
  const ninaPage = await other.newPage();
  await ninaPage.goto('/login?redirect=%2Fcentres');
  await ninaPage.getByRole('link', { name: 'Sign in with your organisation' }).click();
  await ninaPage.getByLabel('Someone else').fill('nina.soler@redsalud.demo');
  await ninaPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await ninaPage.waitForURL((url) => url.pathname === '/centres');
  await expect(ninaPage.getByRole('button', { name: 'Create centre' })).toBeVisible();

  // Narrowed to support: her next request is judged by the new role.
  await nina.getByLabel(/^Role of /).selectOption('support');
  await expect(page.getByText(/ is now Support\.$/)).toBeVisible();
  const narrowed = await ninaPage.request.post('/api/iam/v1/register/childProvider', {
    headers: HEADERS,
    data: { name: 'Clínica Nina', country: 'ES', city: 'Girona' },
  });
  expect(narrowed.status()).toBe(403);

  // Removed: her open session ends at once.
  await nina.getByRole('button', { name: /^Remove / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByTestId('person-nina.soler@redsalud.demo')).toHaveCount(0);
  const ended = await ninaPage.request.get('/auth/session', { headers: HEADERS });
  expect(ended.status()).toBe(401);
  expect(((await ended.json()) as { code: string }).code).toBe('access_removed');
  await other.close();
});

test('the support agent of both demo parents switches connection and sees the other parent’s centres', async ({
  page,
}) => {
  await organisationSignIn(page, 'Pau Serra', '/centres');
  await expect(page.getByRole('heading', { name: 'Centres', level: 1 })).toBeVisible();
  // Each connection's own centres: Hospital Castellana is the processor's (200), Clínica Diagonal
  // the parent's (100). Whichever Pau starts on, the switch shows the other's.
  const current = page.getByTestId('current-connection');
  const startsOnProcessor = (await current.textContent()) === 'Grupo Procesador Demo';
  const [from, to] = startsOnProcessor
    ? (['Hospital Castellana', 'Clínica Diagonal'] as const)
    : (['Clínica Diagonal', 'Hospital Castellana'] as const);
  await page.getByRole('searchbox', { name: 'Search centres' }).fill(from);
  await expect(page.getByRole('link', { name: from })).toBeVisible();
  const other = startsOnProcessor ? 'Red Salud Demo' : 'Grupo Procesador Demo';
  await page.getByLabel('Connection').selectOption({ label: other });
  await expect(current).toHaveText(other);
  const session = await page.request.get('/auth/session', { headers: HEADERS });
  expect(((await session.json()) as { providerId: number }).providerId).toBe(startsOnProcessor ? 100 : 200);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Centres' })
    .click();
  // The list is long and virtualised: each centre is looked for by name.
  const search = page.getByRole('searchbox', { name: 'Search centres' });
  await search.fill(to);
  await expect(page.getByRole('link', { name: to })).toBeVisible();
  await search.fill(from);
  await expect(page.getByText(`No centre matches “${from}”.`)).toBeVisible();
});

test('an organisation sign-in that did not complete says why beside the organisation button', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with your organisation' }).click();
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The sign-in was cancelled, or your organisation refused it.',
  );
  await expect(page.getByRole('link', { name: 'Sign in with your organisation' })).toBeVisible();
  // The demo buttons and the client-credential form are still beside it.
  await expect(page.getByRole('button', { name: 'Demo parent (100)' })).toBeVisible();
});
