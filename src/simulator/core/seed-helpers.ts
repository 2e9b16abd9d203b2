import { toSpaced } from './time.ts';
import type { LicenseType, Provider, SimState } from './types.ts';

/** A licence placed by a seed, bypassing seat checks (seeds are written to fit their seats). */
export function addLicenseForSeed(
  state: SimState,
  provider: Provider,
  userId: string,
  type: LicenseType,
  usage: number,
  expiresAt = provider.renewsAt,
): void {
  const at = toSpaced(Date.parse(state.now) - 3_600_000);
  provider.licenses.push({
    id: state.nextIds.license++,
    userId,
    type,
    currentUsage: usage,
    createdAt: at,
    updatedAt: at,
    lastUsedAt: at,
    expiresAt,
  });
}
