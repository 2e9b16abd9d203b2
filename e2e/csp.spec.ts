import type { Page } from '@playwright/test';
import { apiDemoLogin } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';
import { recordCspViolations } from './walk-checks.ts';

// A demo centre with no contract yet answers 404 on its licence summary (D5, spec 7), which the
// overview and the centre's Licences tab read as "no contract"; Chromium still logs the answer.
test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
});

/** Every same-origin screen reachable by links from `start` (breadth first, at most 40). */
async function visitEveryScreen(page: Page, start: string): Promise<string[]> {
  const seen = new Set([start]);
  const queue = [start];
  const visited: string[] = [];
  while (queue.length > 0 && visited.length < 40) {
    const path = queue.shift() ?? start;
    // oxlint-disable-next-line no-await-in-loop -- one page, one screen at a time
    await page.goto(path);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await page.waitForLoadState('networkidle');
    visited.push(path);
    // A page that redirects (a centre's page opens on its first tab) is the screen it lands on.
    seen.add(new URL(page.url()).pathname);
    // oxlint-disable-next-line no-await-in-loop -- as above
    const links = await page
      .locator('a[href^="/"]')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
      );
    for (const link of links)
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
  }
  return visited;
}

test('the console runs under its strict CSP: every screen, signed out and in, loads with no violation', async ({
  page,
}) => {
  // Every screen, signed in: each centre's page now opens its Licences tab and the home loads the
  // overview's licence data, well beyond 30 s on a busy 2-core machine; with Activity's screens and
  // tabs added, past 120 s at a load average of 8. Nothing in it is timed.
  test.setTimeout(240_000);
  const violations = await recordCspViolations(page);
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  const visited = await visitEveryScreen(page, '/');
  // Then every screen a signed-in user can reach (demo environment, D12 credentials).
  await apiDemoLogin(page.request);
  visited.push(...(await visitEveryScreen(page, '/')));
  expect(visited.length).toBeGreaterThan(1);
  // Mantine's runtime styles carry this response's nonce, so they applied.
  const firstNonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const last = await page.goto('/');
  const lastNonce = /'nonce-([^']+)'/.exec(last?.headers()['content-security-policy'] ?? '')?.[1];
  await expect(page.locator('#root')).not.toBeEmpty();
  const styleNonces = await page
    .locator('style')
    .evaluateAll((tags) => tags.map((tag) => (tag as HTMLStyleElement).nonce));
  expect(styleNonces.length).toBeGreaterThan(0);
  expect(new Set(styleNonces)).toEqual(new Set([lastNonce]));
  // A fresh nonce in every response.
  expect(lastNonce).not.toBe(firstNonce);
  expect(violations).toEqual([]);
});
