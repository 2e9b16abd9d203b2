import type { APIRequestContext } from '@playwright/test';
import { demoMailSchema } from '../src/proxy-api/demo-mail.ts';
import { watchedCentresSchema } from '../src/proxy-api/watch.ts';
import { HEADERS, SIM_HEADERS } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';
import { organisationSignIn, refreshed, watchedServer } from './overview-watch-journeys.ts';

// Issue 47 item 4: Pau supports both demo parents. An alert of Grupo Procesador's reaches him by
// e-mail while he works through Red Salud; following its link switches the console to Grupo
// Procesador and opens the centre, where a link without the alert's word offers the switch only.
test.use({
  serverOptions: watchedServer(),
  // 401: the session probe before sign-in; 404: a centre with no contract yet (D5), or not Red Salud's.
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|404)/],
});

type Choice = { id: string; label: string };
const sessionOf = async (request: APIRequestContext) =>
  (await (await request.get('/auth/session', { headers: HEADERS })).json()) as {
    connection?: Choice;
    connections?: Choice[];
  };
const switchTo = async (request: APIRequestContext, connection: Choice | undefined) =>
  expect(
    (
      await request.post('/auth/connection', { headers: HEADERS, data: { connectionId: connection?.id } })
    ).ok(),
  ).toBe(true);
const mailToPau = async (request: APIRequestContext) =>
  demoMailSchema
    .parse(await (await request.get('/demo/mail', { headers: HEADERS })).json())
    .messages.filter((mail) => mail.to.includes('pau.serra@soporte.demo'));

test('an alert’s link from another connection switches to it and opens the centre', async ({ page }) => {
  test.setTimeout(300_000);
  await organisationSignIn(page, 'Pau Serra', '/activity');
  const { connections = [] } = await sessionOf(page.request);
  const processor = connections.find((choice) => choice.label === 'Grupo Procesador Demo');
  const redSalud = connections.find((choice) => choice.label === 'Red Salud Demo');

  // Grupo Procesador's watcher sees 201 suspended: one e-mail to Pau, at once (docs/decisions/0027).
  await switchTo(page.request, processor);
  const known = watchedCentresSchema.parse(
    await (await page.request.get('/watch/centres', { headers: HEADERS })).json(),
  );
  const centres = known.centres.length > 0 ? known.centres.length : 3;
  const suspend = (suspended: boolean) =>
    page.request.post('/__sim/providers/201/suspension', { headers: SIM_HEADERS, data: { suspended } });
  expect((await suspend(false)).ok()).toBe(true);
  await refreshed(page.request, centres);
  const before = (await mailToPau(page.request)).length;
  expect((await suspend(true)).ok()).toBe(true);
  await refreshed(page.request, centres);
  await expect
    .poll(async () => (await mailToPau(page.request)).length, { timeout: 150_000 })
    .toBe(before + 1);
  const [mail] = await mailToPau(page.request);
  expect(mail?.text).toContain(`/centres/201?via=${processor?.id}`);

  // Back on Red Salud, a link to 201 without the alert's word offers the switch, and switches nothing.
  await switchTo(page.request, redSalud);
  await page.goto('/centres/201');
  await expect(
    page.getByText('This centre belongs to Grupo Procesador Demo, another of your connections.'),
  ).toBeVisible();
  expect((await sessionOf(page.request)).connection?.label).toBe('Red Salud Demo');

  // The e-mail's link, followed from the demo's mail page as from an inbox.
  await page.goto('/demo-mail');
  await page
    .getByRole('link', { name: new RegExp(`/centres/201\\?via=${processor?.id ?? ''}$`) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Hospital Castellana' })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText('Now working through Grupo Procesador Demo, where the alert you opened came from.'),
  ).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  expect((await sessionOf(page.request)).connection?.label).toBe('Grupo Procesador Demo');
  await expect(page.getByText(/^Suspended since /)).toBeVisible();
});
