import type { LicenceSummary, Roster } from '@/console/domain/centre';
import { licensesResponseSchema } from '@/contract/operations/get-licenses';
import { doctorsWithLicensesPageSchema } from '@/contract/operations/list-doctors-with-licenses';

// The service's answers as wire bodies, parsed by the contract as the console reads them: a rule's
// test then meets "a block the service left out" as the service leaves it out (2.8, 4.7 shape 2).

/** The simulator's default start (D10), the "now" of the rules' tests. */
export const NOW = new Date('2026-11-22T10:00:00Z');
export const DAY = 86_400_000;
/** D10: an ISO 8601 UTC instant, as `expiresAt` and `scheduledDowngrade.effectiveDate` are sent. */
export const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** D10: `YYYY-MM-DD HH:MM:SS`, read as UTC, as `scheduledSwitch.effectiveDate` is sent. */
export const spaced = (ms: number) => iso(ms).replace('T', ' ').replace('Z', '');

/** 4.7 without `userId` (shapes 1–3), from its wire body. */
export function summaryOf(wire: object): LicenceSummary {
  const parsed = licensesResponseSchema.parse(wire);
  if (parsed.shape === 'licenses') throw new Error('a summary was expected');
  return parsed;
}

/** 4.6 read whole, from its wire body. */
export const rosterOf = (wire: object): Roster => doctorsWithLicensesPageSchema.parse(wire);

export type WireDoctor = { id: string; name: string; lastname: string; license: object | null };

export const doctor = (
  id: string,
  license: object | null,
  name = `Name${id}`,
  lastname = `Last${id}`,
): WireDoctor => ({ id, name, lastname, license });

export const licence = (
  type: string,
  currentUsage: number,
  expiresAt: number,
  limit: number | null = null,
) => ({
  type,
  isEnabled: true,
  currentUsage,
  limit,
  expiresAt: iso(expiresAt),
});

/** A centre's 4.6 body with these doctors, billed `mode` (2.9). */
export const roster = (doctors: WireDoctor[], mode = 'PROCESSOR', managedBy: string | null = null) =>
  rosterOf({ doctors, billing: { mode, managedBy }, meta: { total: doctors.length, offset: 0, limit: 50 } });
