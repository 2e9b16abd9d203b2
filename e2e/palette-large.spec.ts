import { signedIn } from './console-journeys.ts';
import { expect, journeyServer, test } from './fixtures.ts';

// The Ctrl+K palette over a generated world of 2,000 centres (`npm start -- --demo-centres 2000
// --demo-doctors 1`), on a worker and server of its own.
test.use({ serverOptions: { ...journeyServer, args: ['--demo-centres', '2000', '--demo-doctors', '1'] } });

test('the Ctrl+K palette keeps every keystroke typed right after opening it, at 2,000 centres', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, 'parent', '/centres');
  await expect(page.getByRole('button', { name: 'Create centre' }).first()).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Centre name or id…' });
  // The first opening loads the palette and indexes the centres; the second finds it loaded. Each
  // time, the keys go at once, as someone who knows the shortcut types.
  for (const opening of ['first', 'second']) {
    // oxlint-disable-next-line no-await-in-loop -- one opening after the other
    await page.keyboard.press('Control+K');
    // oxlint-disable-next-line no-await-in-loop -- as above
    await page.keyboard.type('centro 1999');
    // oxlint-disable-next-line no-await-in-loop -- as above
    await expect(search, `the ${opening} opening`).toHaveValue('centro 1999');
    // oxlint-disable-next-line no-await-in-loop -- as above
    await expect(page.getByRole('button', { name: /^Centro 1999/ })).toBeVisible();
    // oxlint-disable-next-line no-await-in-loop -- as above
    await page.keyboard.press('Escape');
    // oxlint-disable-next-line no-await-in-loop -- as above
    await expect(search).toBeHidden();
  }
  // Typed in the palette, Backspace mends the search as anywhere else.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('centro 20');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1');
  await expect(search).toHaveValue('centro 21');
});
