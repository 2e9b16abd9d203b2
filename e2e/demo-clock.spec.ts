import type { Page } from '@playwright/test';
import { alertPageSchema } from '../src/proxy-api/alerts.ts';
import { watchedCentresSchema } from '../src/proxy-api/watch.ts';
import { HEADERS, SIM_HEADERS } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';
import { organisationSignIn, refreshed, watchedServer } from './overview-watch-journeys.ts';

// Issue 47, item 2, against `npm start` with the watcher on: in the demo, the watcher's date rules
// count days on the simulator's test clock (D10), as the console's "in N days" do. A downgrade
// 20 days away is no news; after `POST /__sim/clock {"advanceDays":14}` it is 6 days away and
// raises "Scheduled change" (docs/decisions/0026: within 7 days).
test.use({
  serverOptions: watchedServer(),
  // 401: the session probe before sign-in; 404: a centre with no contract yet (D5).
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|404)/],
});

const DAY_MS = 86_400_000;

async function workThroughProcessor(page: Page) {
  const session = (await (await page.request.get('/auth/session', { headers: HEADERS })).json()) as {
    connections?: { id: string; label: string }[];
  };
  const processor = session.connections?.find((choice) => choice.label === 'Grupo Procesador Demo');
  const switched = await page.request.post('/auth/connection', {
    headers: HEADERS,
    data: { connectionId: processor?.id },
  });
  expect(switched.ok()).toBe(true);
}

async function simulatorNow(page: Page): Promise<number> {
  const clock = await page.request.get('/__sim/clock', { headers: SIM_HEADERS });
  return Date.parse(((await clock.json()) as { now: string }).now);
}

test('a moved demo clock brings a scheduled downgrade near, and the watcher says so', async ({ page }) => {
  test.setTimeout(300_000);
  await organisationSignIn(page, 'Pau Serra', '/activity');
  await workThroughProcessor(page);
  const listed = watchedCentresSchema.parse(
    await (await page.request.get('/watch/centres', { headers: HEADERS })).json(),
  );
  const centres = listed.centres.length > 0 ? listed.centres.length : 3;
  const effective = new Date((await simulatorNow(page)) + 20 * DAY_MS)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
  const scheduled = await page.request.post('/__sim/providers/201/scheduled-downgrade', {
    headers: SIM_HEADERS,
    data: { quantity: { '8': 6 }, effectiveDate: effective },
  });
  expect(scheduled.ok()).toBe(true);
  const pendingAlerts = async () =>
    alertPageSchema
      .parse(await (await page.request.get('/alerts', { headers: HEADERS })).json())
      .items.filter((alert) => alert.rule === 'pending_change' && alert.centreId === 201);
  await refreshed(page.request, centres);
  expect(await pendingAlerts()).toHaveLength(0);

  const moved = await page.request.post('/__sim/clock', { headers: SIM_HEADERS, data: { advanceDays: 14 } });
  expect(moved.ok()).toBe(true);
  await refreshed(page.request, centres);
  await expect.poll(async () => (await pendingAlerts()).length, { timeout: 30_000 }).toBe(1);
  await page.goto('/inbox');
  await expect(page.getByRole('main').getByText('Scheduled change').first()).toBeVisible();

  // The Licences tab's "in 6 days" and its "Last updated" read the same clock: the moved one.
  await page.goto('/centres/201/licences');
  await expect(page.getByText(/^On .+, in 6 days, /)).toBeVisible();
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(await simulatorNow(page));
  await expect(page.getByText(/^Last updated /)).toContainText(today);
});
