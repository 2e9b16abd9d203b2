import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// What the server-rendered journeys share (e2e/server-rendered.spec.ts, docs/decisions/0028): the
// zone the proxy renders in, scripts held back as on a slow phone, a page as the proxy rendered it.

/** The browser's time zone, as the console remembers it on a first visit: the proxy renders with it. */
export async function rememberZone(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: 'provider-console-time-zone', value: 'Europe/Madrid', url: baseURL ?? '' },
  ]);
}

/** Holds every script of the build back until the returned function is called, as on a slow phone. */
export async function holdScripts(page: Page): Promise<() => void> {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    // A script of a page left meanwhile (`openRendered` asked again) has no request to continue.
    await route.continue().catch(() => {});
  });
  return release;
}

/**
 * Opens `path` as the proxy rendered it. A render past its budget on a loaded machine serves the
 * frame instead, which the browser renders itself: asked again, up to five times, until rendered.
 * The first render of a server just started is the one that overruns (its screens' code is loaded
 * then). Returns the page's HTML.
 */
export async function openRendered(page: Page, path: string, tries = 5): Promise<string> {
  const response = await page.goto(path, { waitUntil: 'commit' });
  const html = (await response?.text()) ?? '';
  const rendered = html.includes('data-prerendered="screen"');
  if (!rendered && tries > 1) return openRendered(page, path, tries - 1);
  expect(rendered, `${path} as the proxy rendered it`).toBe(true);
  return html;
}

/** The console's calls to the proxy (its data), from now on. */
export function dataCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/(api|auth|audit|watch|alerts|people|connections|demo)\//.test(pathname)) calls.push(pathname);
  });
  return calls;
}
