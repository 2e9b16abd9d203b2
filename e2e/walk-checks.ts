import type { Page } from '@playwright/test';
import { messageKeys } from './ui-text.ts';

// The checks the visual-integrity walk runs at every state besides the visual ones
// (e2e/visual-checks.ts): no raw catalogue key on screen, no CSP violation, and axe. One walk
// visits each state once per combination; each check used to walk the screens on its own.

/** Catalogue keys of the console's namespaces, as a missing translation would show them. */
const RAW_KEY =
  /\b(?:app|nav|environment|shell|spotlight|login|relogin|common|error|offline|notFound|unavailable|paging|centres|centre|create|credentials|reveal|time)\.[a-z][A-Za-z.]+\b/;

/** Dotted words on screen that are catalogue keys: a message shown as its key, in any namespace. */
const DOTTED = /\b[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+\b/g;

/** The raw catalogue keys the page's text shows: none, in any language. */
export async function rawKeysOnScreen(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const found = [...(RAW_KEY.exec(text) ?? [])];
  for (const word of text.match(DOTTED) ?? []) if (messageKeys.has(word)) found.push(word);
  return found;
}

/** Collects CSP violations the page reports, from the first script on, into the list answered. */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

export { axeViolations } from './console-journeys.ts';
