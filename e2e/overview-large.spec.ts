import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { copyDataDir, embeddedEngineFlags } from '../scripts/data-dir.ts';
import { expect, test } from './fixtures.ts';

// The overview over a generated world of 1,000 centres × 20 doctors (`npm start -- --demo-centres
// 1000 --demo-doctors 20`), on a server of its own so that its world does not replace the demo seed
// the other journeys share.
const root = path.resolve(import.meta.dirname, '..');
let server: ChildProcess;
let data: ReturnType<typeof copyDataDir>;
let origin = '';

const isLicenceCall = (url: string) => new URL(url).pathname.startsWith('/api/payments/');

test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/],
});

test.beforeAll(async () => {
  data = copyDataDir();
  server = spawn(
    process.execPath,
    [
      ...embeddedEngineFlags,
      path.join(root, 'scripts/start.ts'),
      '--port',
      '0',
      '--demo-centres',
      '1000',
      '--demo-doctors',
      '20',
    ],
    // Its embedded database in a folder of its own (docs/decisions/0018).
    { env: { PATH: process.env.PATH, DATA_DIR: data.dir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  origin = await new Promise<string>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /"event":"listening","url":"([^"]+)"/.exec(output)?.[1];
      if (url) resolve(url);
    });
    server.once('exit', () => reject(new Error(`the server exited:\n${output}`)));
  });
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  data.remove();
});

test('1,000 centres load with at most six requests in flight, and the table scrolls meanwhile', async ({
  page,
}) => {
  test.setTimeout(180_000);
  let inFlight = 0;
  let most = 0;
  page.on('request', (request) => {
    if (!isLicenceCall(request.url())) return;
    inFlight += 1;
    most = Math.max(most, inFlight);
  });
  const settled = (request: { url: () => string }) => {
    if (isLicenceCall(request.url())) inFlight -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);

  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Demo parent (100)' }).click();
  await expect(page.getByRole('button', { name: 'All centres (1,000)' })).toBeVisible({ timeout: 20_000 });
  const progress = page.getByRole('progressbar', { name: /Loading licences: [\d,]+ of 1,000 centres/ });
  await expect(progress).toBeVisible();

  // While it loads, the table scrolls: rows further down come into view.
  const scroller = page.locator('table[aria-label="Licences of every centre"]').locator('xpath=..');
  await scroller.evaluate((element) => element.scrollBy(0, 20_000));
  await expect(page.getByRole('row', { name: /Centro 13\d\d/ }).first()).toBeVisible();
  await expect(progress).toBeVisible();

  await expect(progress).toHaveCount(0, { timeout: 150_000 });
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(6);
  await expect(page.getByRole('button', { name: /^Needs attention \(\d/ })).toBeVisible();
});
