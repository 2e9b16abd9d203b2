import { resetSimulator, signedIn } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

// A centre's page against `npm start` (docs/decisions/0024): it asks the proxy for its one centre,
// never for the parent's whole child list (4.5); the list itself is read by a worker.

test.beforeEach(({ request }) => resetSimulator(request));

test('a centre’s tabs ask for that one centre, and never for the whole child list', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await signedIn(page, 'parent', '/centres/101/licences');
  await expect(page.getByRole('heading', { level: 1, name: 'Clínica Diagonal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plans', level: 2 })).toBeVisible();
  for (const tab of ['Doctors', 'Templates', 'Contract']) {
    // oxlint-disable-next-line no-await-in-loop -- one tab after the other, as a person clicks them
    await page.getByRole('link', { name: tab, exact: true }).click();
    // oxlint-disable-next-line no-await-in-loop -- as above
    await expect(page).toHaveURL(new RegExp(`/centres/101/${tab.toLowerCase()}(\\?|$)`));
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Clínica Diagonal' })).toBeVisible();
  expect(asked.filter((path) => path.endsWith('/provider/100/child'))).toEqual([]);
  expect(asked.filter((path) => path === '/api/centres/101')).toHaveLength(1);
});

test('the centres list is read by a worker, off the page’s main thread', async ({ page }) => {
  await signedIn(page, 'parent', '/centres');
  await expect(page.getByRole('link', { name: 'Centre Nou Badalona' })).toBeVisible();
  expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toEqual([
    expect.stringMatching(/^\/assets\/child-list\.worker-[\w-]+\.js$/),
  ]);
});
