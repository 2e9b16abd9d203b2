import { z } from 'zod/mini';
import { tolerated } from './tolerant.ts';

// D10: two wire formats, both UTC. ISO 8601 with `Z` (or an offset) for `expiresAt` and
// `scheduledDowngrade.effectiveDate`; `YYYY-MM-DD HH:MM:SS` with no zone, read as UTC, for
// `createdAt`, `updatedAt`, `lastUsedAt` and `scheduledSwitch.effectiveDate`.
const isoUtc = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const spacedUtc = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function validDate(parts: RegExpExecArray, ms: number): Date | undefined {
  const [, y, mo, d, h, mi, s] = parts.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(ms);
  // Reject calendar overflow such as 2026-02-30, which Date would silently roll over.
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (
    Number.isNaN(date.getTime()) ||
    probe.getUTCMonth() !== mo - 1 ||
    probe.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return undefined;
  return date;
}

/** An ISO 8601 date-time with a zone (`Z` or an offset); undefined when it is not one. */
export function parseIsoUtc(text: string): Date | undefined {
  const parts = isoUtc.exec(text);
  return parts ? validDate(parts, Date.parse(text)) : undefined;
}

/** `YYYY-MM-DD HH:MM:SS`, read as UTC (D10); undefined when it is not one. */
export function parseSpacedUtc(text: string): Date | undefined {
  const parts = spacedUtc.exec(text);
  return parts ? validDate(parts, Date.parse(`${text.replace(' ', 'T')}Z`)) : undefined;
}

function dateSchema(parse: (text: string) => Date | undefined, format: string) {
  return z.pipe(
    z.string().check(z.refine((text) => parse(text) !== undefined, { message: `expected ${format}` })),
    // The refinement above guarantees a Date here.
    z.transform((text: string) => parse(text) as Date),
  );
}

// On the wire (D10): ISO with `Z` exactly; the reading also accepts an offset.
export const ISO_UTC_WIRE = {
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z$',
};
export const SPACED_UTC_WIRE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' };

export const isoUtcDateSchema = tolerated(dateSchema(parseIsoUtc, 'an ISO 8601 UTC date-time'), {
  schema: ISO_UTC_WIRE,
});
export const spacedUtcDateSchema = tolerated(
  dateSchema(parseSpacedUtc, 'a "YYYY-MM-DD HH:MM:SS" UTC date-time'),
  { schema: SPACED_UTC_WIRE },
);
