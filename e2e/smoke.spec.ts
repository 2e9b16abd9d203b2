import { expect, test } from './fixtures.ts';

test('the app shell renders with the product name', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Provider Console' })).toBeVisible();
  await expect(page).toHaveTitle('Provider Console');
});
