import { resetSimulator } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';
import { uiText } from './ui-text.ts';
import { runVisualChecks } from './visual-checks.ts';
import { type Combo, comboName, DESKTOP, PHONE, prepareContext, walkScreens } from './visual-walk.ts';

// Every screen and dialog, in both colour schemes, at desktop and phone widths, in English and
// Spanish, and in Catalan light at desktop and dark on a phone (both schemes and both widths in the
// third language, at a fifth of the time): each state is measured in the page
// (e2e/visual-checks.ts) for buttons without a background or border, oversized close buttons,
// dialogs without an overlay and clipped text. A combination collects every problem of every
// screen before it fails, so one run shows them all.

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
  ...(['light', 'dark'] as const).flatMap((scheme) =>
    [DESKTOP, PHONE].flatMap((viewport) =>
      (['en', 'es'] as const).map((language) => ({ scheme, viewport, language })),
    ),
  ),
  { scheme: 'light', viewport: DESKTOP, language: 'ca' },
  { scheme: 'dark', viewport: PHONE, language: 'ca' },
];

for (const combo of combos) {
  test.describe(comboName(combo), () => {
    test.use({ viewport: combo.viewport, actionTimeout: 10_000, navigationTimeout: 15_000 });

    test(`every screen and dialog is styled, has its overlay and shows its text whole (${combo.language}, ${combo.scheme}, ${combo.viewport.width}×${combo.viewport.height})`, async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(180_000);
      await resetSimulator(request);
      await prepareContext(context, page, combo);
      // A close button is one in either language: an English "Close" in Spanish is still one.
      const closeNames = (['en', 'es', 'ca'] as const).map((language) => uiText(language, 'common.close'));
      const failures: string[] = [];
      await walkScreens(page, context, combo, async ({ slug, problems }) => {
        // The browser's own error page is not the console's to measure: the problem says so already.
        const inApp = page.url().startsWith('http');
        const found = [...problems, ...(inApp ? await page.evaluate(runVisualChecks, { closeNames }) : [])];
        failures.push(...found.map((failure) => `${comboName(combo)} ${slug}: ${failure}`));
      });
      expect(failures, `${failures.length} visual problems in ${comboName(combo)}`).toEqual([]);
    });
  });
}
