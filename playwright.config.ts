import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.ts';
import { copyDataDir } from './scripts/data-dir.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
// Plain http on loopback: Chromium treats 127.0.0.1 as a secure context and keeps the proxy's
// `__Host-` `Secure` session cookie there (measured on Chromium 156; docs/decisions/0005).
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = findChromium();
// The simulator's control API asks for a token (docs/decisions/0020): the journeys' server is given
// this one, and their /__sim calls send it (e2e/console-journeys.ts). Set here once: the workers
// inherit it with the rest of the environment.
process.env.DEMO_CONTROL_TOKEN ??= randomBytes(24).toString('base64url');
/**
 * The journeys sign in to the demo far more often than a person does: their server allows it. The
 * watcher (docs/decisions/0025) stays off there: the journeys inject D11 faults for the page's own
 * requests, and a refresh in the background could take one meant for the page.
 */
export const journeyServerEnv = { DEMO_SIGNINS_PER_MINUTE: '10000', WATCH: 'false' };
// Chromium names a download after the page's `download` attribute only when the file system's
// encoding can spell it: under the C locale of a bare CI machine "médicos-results.csv" is saved as
// "download". Users' machines have a UTF-8 locale; so does the browser under test.
const utf8 = /utf-?8/i.test(process.env.LC_ALL || process.env.LANG || '');
const browserEnv = utf8 ? {} : { env: { ...process.env, LC_ALL: 'C.UTF-8' } };
// Each run's `npm start` records into an embedded database of its own (docs/decisions/0018), so
// that runs never see each other's activity; the folder is a temporary one the OS cleans.
const dataDir = process.env['E2E_DATA_DIR'] ?? copyDataDir().dir;
process.env['E2E_DATA_DIR'] = dataDir;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: 'list',
  // A journey's whole time, not a speed goal (npm run bench measures speed): the axe journeys run axe
  // four to eight times, which on a loaded two-core machine shared with other work took past 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { ...(executablePath ? { executablePath } : {}), ...browserEnv },
  },
  webServer: {
    // The embedded database's Node flag, as `npm start` passes it (docs/decisions/0018).
    command: `node --liftoff-only scripts/start.ts --port ${port}`,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...journeyServerEnv, DATA_DIR: dataDir },
  },
});
