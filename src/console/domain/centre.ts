import type { Billing as WireBilling } from '@/contract/schemas';
import type { Roster, Summary as LicenceSummary } from '@/proxy-api/centre-state';
import { NO_SEATS, planQuantity, SEAT_PLANS, shownType, type NumberedPlan, type Seats } from './plans.ts';

// A centre's state, read once from the two answers that describe it (spec 4.6, 4.7): who bills it
// (2.9), whether it is suspended (2.8), its contract (2.10, 2.11, 3.1) and its state in one word.
// Every screen that says something about a centre (its header, its tabs, the overview) reads it
// here, so that none can say something else.

// The answers and the state are the watcher's and the console's alike (src/proxy-api/centre-state.ts).
export type { Summary as LicenceSummary, Roster, Standing } from '@/proxy-api/centre-state';
export { isSuspended, standingOf, standingRank, stateOf } from '@/proxy-api/centre-state';

/** Who bills the centre (2.9), in the terms the screens need to say what to do next. */
export type Billing =
  | { mode: 'PROCESSOR' }
  | { mode: 'PARTNER_SELF'; managedBy: string | null }
  | { mode: 'other'; value: string };

export function billingOf(billing: WireBilling): Billing {
  if (billing.mode === 'PROCESSOR') return { mode: 'PROCESSOR' };
  if (billing.mode === 'PARTNER_SELF') return { mode: 'PARTNER_SELF', managedBy: billing.managedBy ?? null };
  return { mode: 'other', value: billing.mode.unknown };
}

export type ContractStatus = 'ACTIVE' | 'INACTIVE';

/** A centre's contract as 4.7 gives it. */
export type Contract =
  /** D5: a self-billed centre has no contract until its creation (4.7 answers 404). */
  | { kind: 'none' }
  /** 4.7 shape 1: billed through the service's portal; no status (3.1 is the self-billing flow's). */
  | { kind: 'processor' }
  | { kind: 'seats'; status: ContractStatus; seats: Seats; used: Seats }
  | {
      kind: 'usage';
      status: ContractStatus;
      /** 2.10: doctors holding their usage licence. */
      holders: number;
      /** 2.14's `includedConsultations`, as last applied (4.7 does not report it); null when unknown. */
      includedConsultations: number | null;
      /** 2.11: a pending move to seats at the next renewal. */
      scheduledSwitch: { on: Date; seats: Record<NumberedPlan, number> } | null;
      /** The next renewal, when known (renewalOf). */
      renewsOn: Date | null;
    }
  /** A status 3.1 does not name: shown as it came, never acted on. */
  | { kind: 'unknown-status'; status: string };

/**
 * `includedConsultations`: what a pay-per-use contract includes, when known from elsewhere (the
 * contract-event log, contract-events.ts); 4.7 never says.
 */
export function contractOf(
  summary: LicenceSummary,
  roster: Pick<Roster, 'doctors'> | undefined,
  includedConsultations: number | null = null,
): Contract {
  if (summary.shape === 'no-contract') return { kind: 'none' };
  if (summary.shape === 'processor') return { kind: 'processor' };
  const status = summary.status;
  if (typeof status !== 'string') return { kind: 'unknown-status', status: status.unknown };
  if (summary.shape === 'pay-per-use') {
    const pending = summary.scheduledSwitch;
    return {
      kind: 'usage',
      status,
      holders: summary.summary.find((row) => row.type === 'USAGE')?.used ?? 0,
      includedConsultations,
      scheduledSwitch: pending
        ? {
            on: pending.effectiveDate,
            seats: {
              BASIC: planQuantity(pending.quantity, 'BASIC'),
              ELITE: planQuantity(pending.quantity, 'ELITE'),
            },
          }
        : null,
      renewsOn: renewalOf(pending?.effectiveDate ?? null, roster),
    };
  }
  const seats = { ...NO_SEATS };
  const used = { ...NO_SEATS };
  for (const row of summary.summary) {
    const plan = SEAT_PLANS.find((candidate) => candidate === row.type);
    if (!plan) continue;
    seats[plan] = row.total ?? 0;
    used[plan] = row.used;
  }
  return { kind: 'seats', status, seats, used };
}

/**
 * The next renewal of a pay-per-use centre. 2.11 names it only as a pending switch's date; without
 * one, a usage licence runs to the end of the period (2.7 `expiresAt`; the simulator renews there,
 * D10), so the earliest such expiry is the renewal. Unknown without either.
 */
export function renewalOf(switchOn: Date | null, roster: Pick<Roster, 'doctors'> | undefined): Date | null {
  if (switchOn) return switchOn;
  const expiries = (roster?.doctors ?? []).flatMap((doctor) =>
    doctor.license?.type === 'USAGE' && doctor.license.expiresAt ? [doctor.license.expiresAt.getTime()] : [],
  );
  return expiries.length > 0 ? new Date(Math.min(...expiries)) : null;
}

/** 3.2: a cancelled contract (INACTIVE) keeps its data with every licence off. */
export const isCancelled = (contract: Contract) =>
  (contract.kind === 'seats' || contract.kind === 'usage') && contract.status === 'INACTIVE';

/** Licences in use: what a cancellation switches off (spec 3.2). */
export function licencesInUse(contract: Contract): number {
  if (contract.kind === 'seats') return contract.used.BASIC + contract.used.ELITE + contract.used.TRIAL;
  if (contract.kind === 'usage') return contract.holders;
  return 0;
}

/** 2.11: `contractModel` USAGE, only for pay-per-use centres (4.7 shape 3). */
export const isPayPerUse = (summary: LicenceSummary) => summary.shape === 'pay-per-use';

/** Seats of one plan (2.10): USAGE has no total. */
export interface PlanSeats {
  plan: string;
  used: number;
  total: number | null;
}

/** 4.7's summary rows, in its order (a plan cancelled to 0 is not there, 2.10). */
export const plansOf = (summary: LicenceSummary): PlanSeats[] =>
  summary.shape === 'no-contract'
    ? []
    : summary.summary.map((row) => ({ plan: shownType(row.type), used: row.used, total: row.total }));
