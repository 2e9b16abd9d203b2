import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../playwright.config.ts';
import { journeyServer } from './journey-server.ts';

// `npm run screenshots`: the e2e setup (the built console served by `scripts/start.ts`, the same
// Chromium) on a port of its own, running only the screenshot walk (e2e/screenshots.capture.ts).
const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.SCREENSHOTS_PORT ?? 8182);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.capture.ts',
  // The base config names its global setup from the root; a path here is read from this folder.
  globalSetup: './global-setup.ts',
  outputDir: path.join(root, 'test-results/screenshots'),
  // One server and one simulator world, which every combination resets: one at a time.
  fullyParallel: false,
  workers: 1,
  use: { ...base.use, baseURL },
  webServer: {
    command: `node --liftoff-only scripts/start.ts --port ${port}`,
    cwd: root,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: journeyServer.env,
  },
});
