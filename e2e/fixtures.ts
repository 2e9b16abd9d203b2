import { test as base, expect } from '@playwright/test';

/**
 * Every page fails its test on a console error or an uncaught exception: a journey that "passes"
 * while the page logs errors is not a passing journey. A spec may name the console lines it
 * expects (`expectedConsoleErrors`): Chromium logs every 4xx answer as "Failed to load resource",
 * and a journey that probes the session or types a wrong secret gets a 401 by design.
 */
export const test = base.extend<{ failOnConsoleErrors: void; expectedConsoleErrors: RegExp[] }>({
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
