import { describe, expect, test } from 'vitest';
import { boundedText } from './bounded-text.ts';

describe('a name from the service (issue 46 L2)', () => {
  test('up to 200 characters stays whole; longer ends at 200 with an ellipsis', () => {
    expect(boundedText('Clínica Norte')).toBe('Clínica Norte');
    expect(boundedText('x'.repeat(200))).toBe('x'.repeat(200));
    expect(boundedText('x'.repeat(10_000))).toBe(`${'x'.repeat(199)}…`);
  });

  test('counts characters, never splitting a surrogate pair', () => {
    const cut = boundedText('🙂'.repeat(300));
    expect(Array.from(cut)).toHaveLength(200);
    expect(cut).toBe(`${'🙂'.repeat(199)}…`);
    expect(boundedText('🙂'.repeat(150))).toBe('🙂'.repeat(150));
  });
});
