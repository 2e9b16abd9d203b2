import { test as base, expect } from '@playwright/test';
import { journeyServer, type ServerOptions } from './journey-server.ts';
import { startWorkerServer, type OwnProxy } from './own-proxy.ts';

export { journeyServer, type ServerOptions };

/**
 * Each worker's own `npm start` and so its own simulator world (D11) and embedded database
 * (docs/decisions/0018): specs run in parallel without seeing each other's resets, faults and
 * clock. The port is the run's base (`E2E_PORT`, default 8181) plus the worker's index, unique for
 * the run, so that a worker started after a failed one never meets its predecessor's server.
 */
const workerFixtures = base.extend<object, { serverOptions: ServerOptions; server: OwnProxy }>({
  serverOptions: [journeyServer, { scope: 'worker', option: true }],
  server: [
    async ({ serverOptions }, use, workerInfo) => {
      const port = Number(process.env['E2E_PORT'] ?? 8181) + (workerInfo.workerIndex % 100);
      const server = await startWorkerServer(port, serverOptions.args, serverOptions.env);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/**
 * Every page fails its test on a console error or an uncaught exception: a journey that "passes"
 * while the page logs errors is not a passing journey. A spec may name the console lines it
 * expects (`expectedConsoleErrors`): Chromium logs every 4xx answer as "Failed to load resource",
 * and a journey that probes the session or types a wrong secret gets a 401 by design.
 */
export const test = workerFixtures.extend<{ failOnConsoleErrors: void; expectedConsoleErrors: RegExp[] }>({
  // The worker's server's address (`provide` is Playwright's `use`; the React lint reads that name as a hook).
  baseURL: async ({ server }, provide) => {
    await provide(server.url);
  },
  expectedConsoleErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
        // The console's session probe (`GET /auth/session`) answers 401 before login by design.
        if (
          /status of 401/.test(message.text()) &&
          new URL(message.location().url || 'about:blank', 'http://x').pathname === '/auth/session'
        )
          return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
