import { afterEach, expect, test } from 'vitest';
import { CAPTURE_PRESSES, releaseFields } from './prerendered';

// The capture runs in the page's head before the screen's markup arrives (docs/decisions/0028): here
// it is run, then the markup added, as the browser's parser adds it.

afterEach(() => {
  releaseFields();
  document.body.innerHTML = '';
});

/** The capture started, then the screen's markup parsed into the page. */
async function screenArrives(kind: string, markup: string) {
  // oxlint-disable-next-line no-new-func -- the inline script as the page runs it
  new Function(CAPTURE_PRESSES)();
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset['prerendered'] = kind;
  root.innerHTML = markup;
  document.body.append(root);
  // The capture's observer hears of the markup after the current task's microtasks.
  await Promise.resolve();
  const list = root.querySelector('select');
  const field = root.querySelector('input');
  if (!list || !field) throw new Error('the markup has a list and a field');
  return { list, field };
}

const FORM =
  '<select><option value="">Everyone</option><option value="demo-oscar">Óscar Ruiz</option></select><input name="actor">';

test('on a rendered screen, a list cannot be changed and a field not typed in until the console owns them', async () => {
  const { list, field } = await screenArrives('screen', FORM);
  expect(list.disabled).toBe(true);
  expect(field.readOnly).toBe(true);
  releaseFields();
  expect(list.disabled).toBe(false);
  expect(field.readOnly).toBe(false);
  expect(list.hasAttribute('data-held')).toBe(false);
});

test('a list the screen itself disables stays disabled once the console owns it', async () => {
  const { list } = await screenArrives('screen', FORM.replace('<select>', '<select disabled>'));
  releaseFields();
  expect(list.disabled).toBe(true);
});

test('the login page’s lists and fields work at once: the console replaces it, keeping what was chosen', async () => {
  const { list, field } = await screenArrives('login', FORM);
  expect(list.disabled).toBe(false);
  expect(field.readOnly).toBe(false);
});
