import type { BrowserContext, Page } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY, type UiLanguage } from './ui-text.ts';

// What the walk of every screen (e2e/visual-walk.ts) runs in and waits for: the combinations
// (scheme, width, language), a browser context set to one, and a screen standing still before it is
// looked at. Shared by the visual-integrity test and `npm run screenshots`.

export interface Combo {
  scheme: 'light' | 'dark';
  viewport: { width: number; height: number };
  language: UiLanguage;
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 360, height: 740 };

/** `en-light-1440`: the combination's name in test titles, failure lines and screenshot folders. */
export const comboName = (combo: Combo) => `${combo.language}-${combo.scheme}-${combo.viewport.width}`;

export interface Screen {
  /** `03-palette`: the step's number and name, for messages and file names. */
  slug: string;
  /** What kept the walk from reaching the state as it should be (it goes on and measures anyway). */
  problems: string[];
}

export type Visit = (screen: Screen) => Promise<void>;

/**
 * The user's language (localStorage, read before the first render) and colour scheme (the app
 * follows the system's, `auto`) for every page of the context.
 */
export async function prepareContext(context: BrowserContext, page: Page, combo: Combo) {
  // Not on the browser's own error page (the offline step today), whose storage is out of reach.
  await context.addInitScript(
    ([key, language]) => {
      if (location.protocol.startsWith('http')) localStorage.setItem(key, language);
    },
    [LANGUAGE_STORAGE_KEY, combo.language] as const,
  );
  await page.emulateMedia({ colorScheme: combo.scheme });
}

/**
 * Until the page stops moving: fonts loaded and no transition running (endless spinners aside) for
 * several frames in a row, since a closing dialog's transition may start a frame after the next one
 * opened. Counted in the page's frames, not waited for in time. The pointer leaves the last button
 * it clicked first, so that no hover style stands in for a missing one.
 */
export async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => {
      let stillFrames = 0;
      const frame = () => {
        const moving = document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().iterations !== Infinity,
          );
        stillFrames = moving ? 0 : stillFrames + 1;
        if (stillFrames >= 8) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  });
}
