// Licences (2.7, 2.10, 2.12): what a licence looks like on the wire, whether it is enabled, and
// the seat rules shared by the licence endpoint, the webhook, the clock and the control API.
import { nowMs } from './providers.ts';
import { DAY_MS, toIso, toSpaced } from './time.ts';
import {
  fail,
  ok,
  type License,
  type LicenseType,
  type Outcome,
  type Provider,
  type SeatType,
  type SimState,
} from './types.ts';

export const LICENSE_TYPES: readonly LicenseType[] = ['BASIC', 'ELITE', 'TRIAL', 'USAGE'];
export const SEAT_TYPES: readonly SeatType[] = ['BASIC', 'ELITE', 'TRIAL'];
/** Spec §8: monthly reports of a BASIC licence. */
export const BASIC_LIMIT = 100;
/** 2.11: plan identifiers in `quantity`. */
export const PLAN_ID: Record<'BASIC' | 'ELITE', string> = { BASIC: '8', ELITE: '9' };
const TRIAL_DAYS = 30;

/** 2.7: a licence is disabled by its BASIC limit, a suspension, a cancelled contract or (D10) an expired TRIAL. */
export function isEnabled(state: SimState, provider: Provider, license: License): boolean {
  if (provider.suspended) return false;
  if (provider.contract?.status === 'INACTIVE') return false;
  if (license.type === 'BASIC' && license.currentUsage >= BASIC_LIMIT) return false;
  if (license.type === 'TRIAL' && nowMs(state) >= Date.parse(license.expiresAt)) return false;
  return true;
}

const limitOf = (type: LicenseType) => (type === 'BASIC' ? BASIC_LIMIT : null);

export function licenseOfDoctor(provider: Provider, doctorId: string): License | undefined {
  return provider.licenses.find((l) => l.userId === doctorId);
}

export function licenseView(state: SimState, provider: Provider, license: License) {
  return {
    type: license.type,
    isEnabled: isEnabled(state, provider, license),
    currentUsage: license.currentUsage,
    limit: limitOf(license.type),
    expiresAt: license.expiresAt,
  };
}

export function licenseDetail(state: SimState, provider: Provider, license: License) {
  const doctor = provider.doctors.find((d) => d.doctorId === license.userId);
  return {
    id: license.id,
    type: license.type,
    limit: limitOf(license.type),
    currentUsage: license.currentUsage,
    isEnabled: isEnabled(state, provider, license),
    createdAt: license.createdAt,
    updatedAt: license.updatedAt,
    lastUsedAt: license.lastUsedAt,
    expiresAt: license.expiresAt,
    userId: license.userId,
    name: doctor?.name ?? '',
    lastname: doctor?.lastname ?? '',
  };
}

export function suspensionBlock(provider: Provider) {
  return provider.suspended ? { suspended: true, reason: 'payment_failed' as const } : { suspended: false };
}

/** 2.8: the block exists only for PROCESSOR providers. */
export function withSuspension<T extends object>(provider: Provider, body: T): T & { suspension?: unknown } {
  return provider.billingMode === 'PROCESSOR' ? { ...body, suspension: suspensionBlock(provider) } : body;
}

export function usedOf(provider: Provider, type: LicenseType): number {
  let n = 0;
  for (const l of provider.licenses) if (l.type === type) n += 1;
  return n;
}

export function canAssign(provider: Provider, userId: string, type: LicenseType): Outcome<true> {
  if (!provider.doctors.some((d) => d.doctorId === userId))
    return fail(404, `User ${userId} does not exist in provider ${provider.id}`);
  if (licenseOfDoctor(provider, userId)) return fail(422, `User ${userId} already holds a licence`);
  const c = provider.contract;
  if (!c) return fail(422, 'The centre has no contract');
  // Spec §7: a USAGE licence for a centre that is not pay-per-use or is cancelled → 422.
  if (c.status === 'INACTIVE') return fail(422, 'The centre is cancelled');
  if (type === 'USAGE') return c.model === 'USAGE' ? ok(true) : fail(422, 'The centre is not pay-per-use');
  if (c.model === 'USAGE') return fail(422, 'A pay-per-use centre has no seats');
  const total = c.seats[type] ?? 0;
  if (usedOf(provider, type) >= total) return fail(422, `No ${type} seat available`);
  return ok(true);
}

export function addLicense(state: SimState, provider: Provider, userId: string, type: LicenseType): License {
  const now = nowMs(state);
  const license: License = {
    id: state.nextIds.license++,
    userId,
    type,
    currentUsage: 0,
    createdAt: toSpaced(now),
    updatedAt: toSpaced(now),
    lastUsedAt: toSpaced(now),
    expiresAt: type === 'TRIAL' ? toIso(now + TRIAL_DAYS * DAY_MS) : provider.renewsAt,
  };
  provider.licenses.push(license);
  return license;
}

/** Keeps used ≤ total after a downgrade: the most recently created licences go first. */
export function dropExcess(provider: Provider, type: SeatType, total: number): void {
  let excess = usedOf(provider, type) - total;
  for (let i = provider.licenses.length - 1; i >= 0 && excess > 0; i -= 1) {
    if (provider.licenses[i]?.type === type) {
      provider.licenses.splice(i, 1);
      excess -= 1;
    }
  }
}
