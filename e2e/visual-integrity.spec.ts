import { resetSimulator } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';
import { uiText } from './ui-text.ts';
import { runVisualChecks } from './visual-checks.ts';
import { walkScreens } from './visual-walk.ts';
import { type Combo, comboName, DESKTOP, PHONE, prepareContext } from './walk-setup.ts';
import { axeViolations, rawKeysOnScreen, recordCspViolations } from './walk-checks.ts';

// One walk through every screen and dialog (e2e/visual-walk.ts), and at each state every check
// that reads a screen as it is: the visual ones measured in the page (e2e/visual-checks.ts:
// buttons without a background or border, oversized close buttons, dialogs without an overlay,
// clipped text), axe (WCAG 2.1 A and AA), no raw catalogue key, and no CSP violation on the way.
// A combination collects every problem of every screen before it fails, so one run shows them all.
//
// The combinations that can differ, not their full product: English and Spanish each in both
// colour schemes and both widths, paired so that every scheme meets every width and every language
// (an orthogonal half of the eight), and Catalan light at desktop and dark on a phone as before.

// Expected answers, logged by Chromium: 401 from the session probe and from the request that finds
// the session ended; 404 from the licence summary of a centre with no contract yet (D5, read as
// "no contract": the demo's and the one the walk creates); the offline step's requests fail
// without a network by design.
test.use({
  // One pattern: Playwright would read a second array element as the option's settings.
  expectedConsoleErrors: [
    /Failed to load resource: (the server responded with a status of (401|404)|net::ERR_INTERNET_DISCONNECTED)/,
  ],
});

const combos: Combo[] = [
  { scheme: 'light', viewport: DESKTOP, language: 'en' },
  { scheme: 'dark', viewport: PHONE, language: 'en' },
  { scheme: 'dark', viewport: DESKTOP, language: 'es' },
  { scheme: 'light', viewport: PHONE, language: 'es' },
  { scheme: 'light', viewport: DESKTOP, language: 'ca' },
  { scheme: 'dark', viewport: PHONE, language: 'ca' },
];

for (const combo of combos) {
  test.describe(comboName(combo), () => {
    test.use({ viewport: combo.viewport, actionTimeout: 10_000, navigationTimeout: 15_000 });

    test(`every screen and dialog is styled, accessible, translated and within its CSP (${combo.language}, ${combo.scheme}, ${combo.viewport.width}×${combo.viewport.height})`, async ({
      page,
      context,
      request,
    }) => {
      // About 25 states, each measured and run through axe: minutes on a loaded two-core machine.
      // Nothing here is timed.
      test.setTimeout(300_000);
      await resetSimulator(request);
      const cspViolations = await recordCspViolations(page);
      await prepareContext(context, page, combo);
      // A close button is one in either language: an English "Close" in Spanish is still one.
      const closeNames = (['en', 'es', 'ca'] as const).map((language) => uiText(language, 'common.close'));
      const failures: string[] = [];
      await walkScreens(page, context, combo, async ({ slug, problems }) => {
        // The browser's own error page is not the console's to measure: the problem says so already.
        const inApp = page.url().startsWith('http');
        const found = [...problems];
        if (inApp) {
          found.push(...(await page.evaluate(runVisualChecks, { closeNames })));
          found.push(...(await rawKeysOnScreen(page)).map((key) => `raw catalogue key on screen: ${key}`));
          found.push(...(await axeViolations(page, 'axe')));
        }
        failures.push(...found.map((failure) => `${comboName(combo)} ${slug}: ${failure}`));
      });
      expect(failures, `${failures.length} problems in ${comboName(combo)}`).toEqual([]);
      expect(cspViolations, 'CSP violations on the walk').toEqual([]);
    });
  });
}
