import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '@/contract/operations';
import { NAVIGATION, navigationFor } from './navigation.ts';

describe('the navigation', () => {
  it('offers every screen where every operation exists', () => {
    expect(navigationFor(OPERATION_IDS)).toEqual(NAVIGATION);
  });

  it('hides the screens whose operations the environment lacks (D3: development has two)', () => {
    const development = navigationFor(['requestToken', 'registerDoctors']);
    expect(development.map((entry) => entry.to)).not.toContain('/centres');
    for (const entry of development)
      expect(entry.needs.every((operation) => ['requestToken', 'registerDoctors'].includes(operation))).toBe(
        true,
      );
  });
});
