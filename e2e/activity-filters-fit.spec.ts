import { demoLogin, resetSimulator } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';
import { LANGUAGE_STORAGE_KEY } from './ui-text.ts';

// Issue 47: the Catalan Activity screen's action filter cut "Tancaments de sessió" short. Every
// action's name, in every language, fits its select at a desktop's and a phone's width: measured
// with the select's own font against the room its chevron leaves.

test.beforeEach(({ request }) => resetSimulator(request));

for (const width of [1440, 360])
  test(`every action's name fits the action filter at ${width} px, in each language`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await demoLogin(page);
    for (const language of ['ca', 'es', 'en']) {
      // oxlint-disable-next-line no-await-in-loop -- one language after the other
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: LANGUAGE_STORAGE_KEY,
        value: language,
      });
      // oxlint-disable-next-line no-await-in-loop -- as above
      await page.goto('/activity');
      const select = page.getByRole('group').locator('select').first();
      // oxlint-disable-next-line no-await-in-loop -- as above
      await expect(select).toBeVisible();
      // oxlint-disable-next-line no-await-in-loop -- as above
      const cut = await select.evaluate((element) => {
        const field = element as HTMLSelectElement;
        const style = getComputedStyle(field);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return ['no canvas'];
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [...field.options]
          .filter((option) => context.measureText(option.text).width > room)
          .map(
            (option) =>
              `${option.text} (${Math.round(context.measureText(option.text).width)} > ${Math.round(room)})`,
          );
      });
      expect(cut, `${language} at ${width} px`).toEqual([]);
    }
  });
