import { linkOptions } from '@tanstack/react-router';
import type { License } from '@/contract/schemas';

// What a doctor's row shows and where it leads: the Doctors tab's, with its code. Apart from
// doctors-rules.ts, whose URL schemas the routes parse in the entry.

/**
 * Where a doctor's row leads: the centre's Licences tab with that doctor's licences open in its
 * drawer (4.7 `userId`). The Licences tab owns that route; this is the one place that spells it.
 */
export const doctorLicencesLink = (centreId: number, doctorId: string) =>
  linkOptions({ to: '/centres/$centreId/licences', params: { centreId }, search: { doctor: doctorId } });

/** A licence's use this period as a share of its limit (0…1), or undefined without a limit (2.7). */
export function usageShare(license: Pick<License, 'currentUsage' | 'limit'>): number | undefined {
  if (license.limit === null || license.limit <= 0) return undefined;
  return Math.min(1, Math.max(0, license.currentUsage / license.limit));
}
