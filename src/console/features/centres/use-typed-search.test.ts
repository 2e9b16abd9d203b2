import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { URL_WRITE_DELAY_MS, useTypedSearch } from './use-typed-search.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setUp(initial = '') {
  const writes: string[] = [];
  const hook = renderHook(({ fromUrl }) => useTypedSearch(fromUrl, (q) => writes.push(q)), {
    initialProps: { fromUrl: initial },
  });
  return { hook, writes };
}

test('what is typed answers at once; the URL gets it once, after typing pauses', () => {
  const { hook, writes } = setUp();
  for (const text of ['c', 'ce', 'cen']) {
    act(() => hook.result.current[1](text));
    expect(hook.result.current[0]).toBe(text);
    act(() => vi.advanceTimersByTime(URL_WRITE_DELAY_MS / 2));
  }
  expect(writes).toEqual([]);
  act(() => vi.advanceTimersByTime(URL_WRITE_DELAY_MS));
  expect(writes).toEqual(['cen']);
});

test('leaving the field writes at once', () => {
  const { hook, writes } = setUp();
  act(() => hook.result.current[1]('reus'));
  act(() => hook.result.current[2]());
  expect(writes).toEqual(['reus']);
  act(() => vi.advanceTimersByTime(URL_WRITE_DELAY_MS * 2));
  expect(writes).toEqual(['reus']);
});

test('a search the URL brings (back, a link) replaces what was typed and drops the pending write', () => {
  const { hook, writes } = setUp('old');
  act(() => hook.result.current[1]('typed'));
  hook.rerender({ fromUrl: 'from history' });
  expect(hook.result.current[0]).toBe('from history');
  act(() => vi.advanceTimersByTime(URL_WRITE_DELAY_MS * 2));
  expect(writes).toEqual([]);
});

test('its own write coming back through the URL does not undo what was typed since', () => {
  const { hook, writes } = setUp();
  act(() => hook.result.current[1]('ab'));
  act(() => vi.advanceTimersByTime(URL_WRITE_DELAY_MS));
  act(() => hook.result.current[1]('abc'));
  hook.rerender({ fromUrl: 'ab' });
  expect(writes).toEqual(['ab']);
  expect(hook.result.current[0]).toBe('abc');
});
