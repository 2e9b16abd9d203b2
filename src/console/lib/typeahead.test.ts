import { afterEach, describe, expect, it } from 'vitest';
import { startTypeahead, stopTypeahead, takeTypeahead } from './typeahead.ts';

const press = (key: string, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

afterEach(() => stopTypeahead());

describe('the typeahead of a search that is opening', () => {
  it('keeps what is typed, Backspace included, until the search takes it, and nothing after', () => {
    startTypeahead();
    for (const key of ['c', 'e', 'n', 'x', 'Backspace', 't', ' ', '1'])
      expect(press(key).defaultPrevented).toBe(true);
    expect(takeTypeahead()).toBe('cent 1');
    expect(press('a').defaultPrevented).toBe(false);
    expect(takeTypeahead()).toBe('');
  });

  it('lets go on Escape, on a click, and when a field has the focus after all', () => {
    startTypeahead();
    press('a');
    press('Escape');
    expect(takeTypeahead()).toBe('');
    startTypeahead();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(press('b').defaultPrevented).toBe(false);
    const field = document.body.appendChild(document.createElement('input'));
    startTypeahead();
    expect(press('c', field).defaultPrevented).toBe(false);
    expect(press('d').defaultPrevented).toBe(false);
    field.remove();
  });
});
