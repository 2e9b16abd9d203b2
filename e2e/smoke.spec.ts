import { expect, test } from './fixtures.ts';

test('the app shell renders with the product name, and the tab names the screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Provider Console' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Provider Console');
});
