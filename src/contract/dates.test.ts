import { describe, expect, it } from 'vitest';
import { parseIsoUtc, parseSpacedUtc } from './dates.ts';

describe('D10 dates', () => {
  it('reads ISO 8601 UTC date-times, with or without fractions, and offsets', () => {
    expect(parseIsoUtc('2026-11-22T10:00:00Z')?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(parseIsoUtc('2026-11-22T10:00:00.5Z')?.toISOString()).toBe('2026-11-22T10:00:00.500Z');
    expect(parseIsoUtc('2026-11-22T11:00:00+01:00')?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });
  it('reads YYYY-MM-DD HH:MM:SS as UTC, whatever the machine zone', () => {
    expect(parseSpacedUtc('2026-12-01 00:00:00')?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
  it('refuses the other format, a missing zone, and impossible dates', () => {
    expect(parseIsoUtc('2026-12-01 00:00:00')).toBeUndefined();
    expect(parseIsoUtc('2026-12-01T00:00:00')).toBeUndefined();
    expect(parseSpacedUtc('2026-12-01T00:00:00Z')).toBeUndefined();
    expect(parseSpacedUtc('2026-02-30 10:00:00')).toBeUndefined();
    expect(parseIsoUtc('2026-13-01T00:00:00Z')).toBeUndefined();
    expect(parseSpacedUtc('2026-12-01 24:00:00')).toBeUndefined();
  });
});
