import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CONSOLE_HEADERS } from '../src/proxy-api/console.ts';
import { expect } from './fixtures.ts';

// What the console's journeys share. Accessible names are the English catalogue's
// (src/console/locales/en); the simulator is the proxy's embedded one (D11/D12).

/** The proxy refuses /auth, /api and /__sim without it (its CSRF defence, the console wire). */
export const HEADERS = CONSOLE_HEADERS;

/**
 * The simulator's control API also asks for the control token `npm start` was given
 * (docs/decisions/0020): playwright.config.ts hands the journeys' server the one in
 * DEMO_CONTROL_TOKEN.
 */
export const SIM_HEADERS = { ...HEADERS, 'x-demo-control-token': process.env.DEMO_CONTROL_TOKEN ?? '' };

export interface Credentials {
  providerId: string;
  clientId: string;
  secret: string;
}

/** D11: back to the demo seed, so that every journey starts from the same world. */
export async function resetSimulator(request: APIRequestContext) {
  const reset = await request.post('/__sim/reset', { headers: SIM_HEADERS });
  expect(reset.ok()).toBe(true);
}

/** D12's two demo parents: the self-billing one (100) and the processor-billed one (200). */
export type DemoRole = 'parent' | 'processor';

const DEMO_LOGINS = {
  parent: { providerId: 100, clientId: 'demo-parent', clientSecret: 'demo-parent-secret' },
  processor: { providerId: 200, clientId: 'demo-processor', clientSecret: 'demo-processor-secret' },
} as const;

/**
 * D12: a demo parent signs in through the proxy's API, as the login form would, without the page
 * (the session cookie lands in the request context, shared with its browser context's pages). The
 * sign-in journeys go through the form (console.spec.ts, console-layout.spec.ts); every other
 * journey starts signed in this way. `origin`: a server of the journey's own (e2e/own-proxy.ts).
 */
export async function apiDemoLogin(request: APIRequestContext, role: DemoRole = 'parent', origin = '') {
  const login = await request.post(`${origin}/auth/login`, {
    headers: HEADERS,
    data: { environment: 'demo', ...DEMO_LOGINS[role] },
  });
  expect(login.status()).toBe(200);
}

/** Signed in as `role` through the API, then on `then`, as a redirect after the form would land. */
export async function signedIn(page: Page, role: DemoRole, then: string, origin = '') {
  await apiDemoLogin(page.request, role, origin);
  await page.goto(`${origin}${then}`);
}

/** D12: the demo parent signed in, on its centres list (the home is the overview). */
export async function demoLogin(page: Page) {
  await signedIn(page, 'parent', '/centres');
  await expect(page.getByRole('heading', { name: 'Centres', level: 1 })).toBeVisible();
}

/**
 * Waits until the console has taken the page over: a screen shows from the proxy's HTML first
 * (docs/decisions/0017, 0028), its links plain ones until then. A journey that goes offline waits
 * for it, as the code a link needs next is the console's to ask for.
 */
export async function consoleRunning(page: Page) {
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
}

/** Types the credentials into the login form on the current page and signs in. */
export async function typedLogin(page: Page, credentials: Credentials) {
  await page.getByLabel('Provider id').fill(credentials.providerId);
  await page.getByLabel('Client id').fill(credentials.clientId);
  await page.getByLabel('Client secret').fill(credentials.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** What AxeBuilder evaluates as axe's source in a document that already holds it: nothing. */
const AXE_ALREADY_LOADED = ';';

/** axe's violations, WCAG 2.1 A and AA, on the page as it is now: one line each. */
export async function axeViolations(page: Page, what: string): Promise<string[]> {
  // Dialogs fade in: contrast is measured once their transitions have finished.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // axe-core's half-megabyte source is evaluated once per document: AxeBuilder evaluates it on
  // every call (twice, then again in a blank page it opens to merge frames' results), which was
  // four fifths of a call's time (1.5 s against 0.3 s a state, in turn on the two-core machine).
  // The console has no frames (its CSP allows none), so axe.run in the page (`setLegacyMode`)
  // finds what the per-frame merge would: the same passes and violations on the screens measured.
  const loaded = await page.evaluate(() => 'axe' in window);
  const results = await new AxeBuilder(loaded ? { page, axeSource: AXE_ALREADY_LOADED } : { page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** axe, WCAG 2.1 A and AA, on the page as it is now. */
export async function expectNoAxeViolations(page: Page, what: string) {
  expect(await axeViolations(page, what)).toEqual([]);
}

/** The rows of the centres table, in order (its header row aside), in any language. */
export const centreRows = (page: Page) => page.getByRole('main').getByRole('table').locator('tbody tr');

/** Picks a country in a dialog's searchable country field (its options, not the list's filter). */
export async function chooseCountry(page: Page, dialog: Locator, country: string) {
  const field = dialog.getByRole('combobox', { name: 'Country' });
  await field.click();
  await field.fill(country);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(country) })
    .click();
}

/**
 * The page's layout shift so far, as CLS counts it (shifts right after an input excepted). A
 * buffered observer holds every earlier entry as soon as it observes: they are taken at once, with
 * no wait for its callback.
 */
export const layoutShift = (page: Page) =>
  page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[];
    observer.disconnect();
    return entries.reduce((total, entry) => (entry.hadRecentInput ? total : total + entry.value), 0);
  });
