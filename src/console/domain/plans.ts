import { LICENSE_TYPES, PLAN_IDS, type LicenseType } from '@/contract/plans';

// The plans a centre holds, in the console's words (spec 2.7, 2.10, 2.11): the licence types, the
// ones sold as seats, the identifiers of 2.11's quantities, and a quantity of seats per plan.

/** 2.7 `type`: the four licence types, in the spec's order. */
export const LICENCE_TYPES = LICENSE_TYPES;
export type LicenceType = LicenseType;

export const isLicenceType = (value: unknown): value is LicenceType =>
  LICENCE_TYPES.some((type) => type === value);

/** The plans sold as seats (2.10: USAGE has no total; it is pay-per-use). */
export const SEAT_PLANS = ['BASIC', 'ELITE', 'TRIAL'] as const satisfies readonly LicenceType[];
export type SeatPlan = (typeof SEAT_PLANS)[number];

/** The plans 2.11 names by identifier (8 = BASIC, 9 = ELITE): what a pending change can hold. */
export const NUMBERED_PLANS = ['BASIC', 'ELITE'] as const satisfies readonly SeatPlan[];
export type NumberedPlan = (typeof NUMBERED_PLANS)[number];

export type Seats = Record<SeatPlan, number>;
export const NO_SEATS: Seats = { BASIC: 0, ELITE: 0, TRIAL: 0 };

/** A 2.11 identifier's plan; an identifier the spec does not name is shown as it came. */
export const planName = (id: string): string => (id === '8' || id === '9' ? PLAN_IDS[id] : id);

/** How many seats of `plan` a 2.11 `quantity` holds (0 when it does not name the plan). */
export function planQuantity(quantity: Readonly<Record<string, number>>, plan: NumberedPlan): number {
  const id = Object.keys(PLAN_IDS).find((key) => planName(key) === plan);
  return id === undefined ? 0 : (quantity[id] ?? 0);
}

/** A tolerant value (docs/decisions/0003: an unknown enum value stays visible) as it is shown. */
export const shownType = (type: LicenceType | { unknown: string }): string =>
  typeof type === 'string' ? type : type.unknown;
