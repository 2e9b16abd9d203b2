import { expect, test } from 'vitest';
import { centreNameOf, detailsOf } from './payload.ts';

test('an alert names its centre as it was raised, or by its id when the payload has no name', () => {
  expect(centreNameOf({ centreName: 'Clínica Diagonal', doctorId: 'd1' }, 201)).toBe('Clínica Diagonal');
  // A row written before names were kept, a name that is not text, a payload that is not an object.
  expect(centreNameOf({ doctorId: 'd1' }, 201)).toBe('201');
  expect(centreNameOf({ centreName: 7 }, 201)).toBe('201');
  expect(centreNameOf(null, 201)).toBe('201');
});

test('its details are the rest of the payload, without the centre’s name', () => {
  expect(detailsOf({ centreName: 'Clínica Diagonal', doctorId: 'd1', at: '2026-12-01' })).toEqual({
    doctorId: 'd1',
    at: '2026-12-01',
  });
  expect(detailsOf('not an object')).toEqual({});
});
