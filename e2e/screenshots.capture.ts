import { rmSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { resetSimulator } from './console-journeys.ts';
import { walkScreens } from './visual-walk.ts';
import { type Combo, comboName, DESKTOP, PHONE, prepareContext } from './walk-setup.ts';

// `npm run screenshots`: a PNG of every screen and dialog of the visual-integrity walk, for people
// to look at: English light and dark at 1440 px, Spanish at 360 px; with SCREENSHOTS=all, every
// combination of scheme, width and language. Written to screenshots/<combo>/ (ignored by git),
// each folder emptied first so that it holds one run only.

const folder = path.resolve(import.meta.dirname, '../screenshots');
const combos: Combo[] =
  process.env['SCREENSHOTS'] === 'all'
    ? (['light', 'dark'] as const).flatMap((scheme) =>
        [DESKTOP, PHONE].flatMap((viewport) =>
          (['en', 'es', 'ca'] as const).map((language) => ({ scheme, viewport, language })),
        ),
      )
    : [
        { language: 'en', scheme: 'light', viewport: DESKTOP },
        { language: 'en', scheme: 'dark', viewport: DESKTOP },
        { language: 'es', scheme: 'light', viewport: PHONE },
      ];

for (const combo of combos) {
  test.describe(comboName(combo), () => {
    test.use({ viewport: combo.viewport, actionTimeout: 10_000, navigationTimeout: 15_000 });

    test(`screenshots of every screen and dialog in ${comboName(combo)}`, async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(180_000);
      const target = path.join(folder, comboName(combo));
      rmSync(target, { recursive: true, force: true });
      await resetSimulator(request);
      await prepareContext(context, page, combo);
      await walkScreens(page, context, combo, async ({ slug }) => {
        await page.screenshot({ path: path.join(target, `${slug}.png`) });
      });
    });
  });
}
