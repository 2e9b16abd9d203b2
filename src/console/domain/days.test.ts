import { describe, expect, it } from 'vitest';
import { daysUntil, isWithinDays } from './days.ts';

// Dates in the viewer's time zone (the test machine's, whatever it is): local constructors.
const local = (day: number, hour: number) => new Date(2026, 10, day, hour);

describe('days until a date', () => {
  it('counts calendar days, whatever the hour', () => {
    expect(daysUntil(local(22, 10), local(3 + 30, 10))).toBe(11);
    expect(daysUntil(local(22, 10), local(22, 23))).toBe(0);
    expect(daysUntil(local(22, 10), local(20, 10))).toBe(-2);
  });

  it('calls tomorrow morning "in 1 day" late in the evening, though fewer than 24 hours are left', () => {
    // Counted in 24-hour periods (what the Doctors tab did), 10 hours round to 0 days and 35 hours
    // to 1: the Licences tab's banner beside it said 1 and 2.
    expect(daysUntil(local(22, 22), local(23, 8))).toBe(1);
    expect(daysUntil(local(22, 9), local(23, 20))).toBe(1);
    expect(daysUntil(local(22, 23), local(24, 10))).toBe(2);
    expect(daysUntil(local(23, 8), local(22, 22))).toBe(-1);
  });

  it('tells whether a date comes within some days, and has not come yet', () => {
    const now = local(22, 10);
    expect(isWithinDays(now, local(36, 10), 14)).toBe(true);
    expect(isWithinDays(now, new Date(local(36, 10).getTime() + 1), 14)).toBe(false);
    expect(isWithinDays(now, now, 14)).toBe(false);
  });
});
