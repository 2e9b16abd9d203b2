import { expect, test, type Page } from '@playwright/test';
import { layoutShift } from './console-journeys.ts';

// The journeys' own measures, proven on pages made for them: a journey that asserts "nothing moved"
// (layoutShift ≤ 0.01, overview.spec and people.spec) proves nothing if the measure could never
// see a move. These pages are served by a route, not by the console: no server is needed.

const ORIGIN = 'https://journey-helpers.invalid';

/**
 * A page with a tall block of text; with `move`, a 200 px banner is put above it after the first
 * frames, as a late-loading notice would. `data-settled` is set two frames after that, once the
 * browser has laid the page out again (and so recorded any shift).
 */
async function openPage(page: Page, move: boolean) {
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body style="margin:0">
<p id="text" style="margin:0;width:1000px;height:400px;background:#ddd">Text that a banner may push down.</p>
<script>
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  addEventListener('load', async () => {
    await frame();
    await frame();
    if (${String(move)}) {
      const banner = document.createElement('div');
      banner.style.height = '200px';
      banner.textContent = 'A late banner';
      document.body.prepend(banner);
    }
    await frame();
    await frame();
    document.body.dataset.settled = 'yes';
  });
</script>
</body></html>`,
    }),
  );
  await page.goto(`${ORIGIN}/`);
  await expect(page.locator('body')).toHaveAttribute('data-settled', 'yes');
}

test('layoutShift sees a block pushed down after load, past the journeys’ 0.01', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPage(page, true);
  // 400 px of text moved 200 px: about 0.65 of the viewport, over 200/1280 of its width, ≈ 0.1.
  expect(await layoutShift(page)).toBeGreaterThan(0.01);
});

test('layoutShift answers 0 for a page where nothing moves', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPage(page, false);
  expect(await layoutShift(page)).toBe(0);
});
