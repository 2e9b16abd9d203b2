import { afterEach, beforeEach, vi } from 'vitest';

/**
 * An unexpected `console.error` (or React's warnings through it) fails the test that caused it.
 * A test that expects one mocks console.error itself, which replaces this spy.
 */
export function failOnConsoleError() {
  let messages: string[] = [];
  beforeEach(() => {
    messages = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      messages.push(args.map(describe).join(' '));
    });
  });
  afterEach(() => {
    const seen = messages;
    messages = [];
    vi.restoreAllMocks();
    if (seen.length > 0) throw new Error(`Unexpected console.error:\n${seen.join('\n')}`);
  });
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
