import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.ts';

const executablePath = findChromium();
// The simulator's control API asks for a token (docs/decisions/0020): the journeys' servers are
// given this one, and their /__sim calls send it (e2e/console-journeys.ts). Set here once: the
// workers, and the servers they start, inherit it with the rest of the environment.
process.env.DEMO_CONTROL_TOKEN ??= randomBytes(24).toString('base64url');
// Chromium names a download after the page's `download` attribute only when the file system's
// encoding can spell it: under the C locale of a bare CI machine "médicos-results.csv" is saved as
// "download". Users' machines have a UTF-8 locale; so does the browser under test.
const utf8 = /utf-?8/i.test(process.env.LC_ALL || process.env.LANG || '');
const browserEnv = utf8 ? {} : { env: { ...process.env, LC_ALL: 'C.UTF-8' } };

export default defineConfig({
  testDir: './e2e',
  // Every worker runs its own `npm start` with its own simulator world and embedded database
  // (e2e/fixtures.ts): no spec sees another's state, so any test may run beside any other.
  fullyParallel: true,
  // Three: on the shared two-core machine the whole suite took 24.7 min with two workers and 15.1
  // and 11.6 min with three (each green), all under other load.
  workers: Number(process.env['E2E_WORKERS'] ?? 3),
  forbidOnly: true,
  retries: 0,
  reporter: 'list',
  // The console built and the database template made once, before the workers start their servers.
  globalSetup: './e2e/global-setup.ts',
  // A journey's whole time, not a speed goal (npm run bench measures speed): the axe journeys run axe
  // four to eight times, which on a loaded two-core machine shared with other work took past 30 s.
  timeout: 60_000,
  // Each worker drives a browser and runs its own server, on a two-core machine: a screen that
  // shows within 7 s alone took longer beside the other worker. Nothing here is timed.
  expect: { timeout: 10_000 },
  use: {
    // `baseURL` is each worker's own server's (e2e/fixtures.ts).
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot of
    // its end; the trace records no screencast. Recording one for every test cost a fifth of the run:
    // two spec files took 136–150 s with it and 110–111 s without, in turn on the two-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { ...(executablePath ? { executablePath } : {}), ...browserEnv },
  },
});
