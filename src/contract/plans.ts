// The licence types (2.7, 2.10) and 2.11's plan identifiers, once, without zod: the console's route
// options ship with its entry, where the contract's schemas must not (docs/decisions/0003), so the
// vocabulary lives apart from them and both read it from here.

export const LICENSE_TYPES = ['BASIC', 'ELITE', 'TRIAL', 'USAGE'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

/** 2.11: the plan identifiers of `scheduledDowngrade` and `scheduledSwitch` quantities. */
export const PLAN_IDS = { '8': 'BASIC', '9': 'ELITE' } as const;
