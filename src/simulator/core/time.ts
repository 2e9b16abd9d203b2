// D10 formats: ISO 8601 UTC (`…Z`) and `YYYY-MM-DD HH:MM:SS` read as UTC.

export const DAY_MS = 86_400_000;

export function toIso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function toSpaced(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export function parseTime(value: string): number {
  return Date.parse(value.includes(' ') ? `${value.replace(' ', 'T')}Z` : value);
}

/** One calendar month later, clamped to the month's last day (31 Jan → 28/29 Feb). */
export function addMonth(ms: number): number {
  const d = new Date(ms);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

/** Strict ISO 8601 UTC date-time (`2026-11-22T10:00:00Z`, optional milliseconds). */
export function isIsoUtc(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value) && Number.isFinite(Date.parse(value))
  );
}
