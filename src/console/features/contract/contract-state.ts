import type { LicenceSummary } from '@/console/api/get-licenses';
import type { ContractEvent } from '@/contract/console-wire';
import type { DoctorsWithLicensesPage } from '@/contract/operations/list-doctors-with-licenses';
import { PLAN_IDS } from '@/contract/schemas';

// A centre's contract as the Contract tab reasons about it (spec 2.10, 2.11, 3.1), from what the
// console can read: 4.7's summary, 4.6's doctors (for the renewal date) and the contract-event log
// (for what the service does not report back: the included consultations).

export const SEAT_PLANS = ['BASIC', 'ELITE', 'TRIAL'] as const;
export type SeatPlan = (typeof SEAT_PLANS)[number];
export type Seats = Record<SeatPlan, number>;
export type ContractStatus = 'ACTIVE' | 'INACTIVE';

export const NO_SEATS: Seats = { BASIC: 0, ELITE: 0, TRIAL: 0 };

export type ContractNow =
  /** D5: a self-billed centre has no contract until its creation (4.7 answers 404). */
  | { kind: 'none' }
  | { kind: 'seats'; status: ContractStatus; seats: Seats; used: Seats }
  | {
      kind: 'usage';
      status: ContractStatus;
      /** 2.10: doctors holding their usage licence. */
      holders: number;
      /** 2.14's `includedConsultations`, as last applied through the log; null when unknown. */
      includedConsultations: number | null;
      /** 2.11: a pending move to seats at the next renewal. */
      scheduledSwitch: { on: Date; seats: Pick<Seats, 'BASIC' | 'ELITE'> } | null;
      /** The next renewal, when known (see renewalOf). */
      renewsOn: Date | null;
    }
  /** Nothing the partner webhook can act on: processor-billed (4.7 shape 1) or a status unknown here. */
  | { kind: 'not-actionable'; status: string | null };

type Roster = Pick<DoctorsWithLicensesPage, 'doctors'>;

export function contractNowOf(
  summary: LicenceSummary,
  roster: Roster | undefined,
  events: readonly ContractEvent[],
  centreId: number,
): ContractNow {
  if (summary.shape === 'no-contract') return { kind: 'none' };
  if (summary.shape === 'processor') return { kind: 'not-actionable', status: null };
  const status = summary.status;
  if (typeof status !== 'string') return { kind: 'not-actionable', status: status.unknown };
  if (summary.shape === 'pay-per-use') {
    const switchTo = summary.scheduledSwitch;
    return {
      kind: 'usage',
      status,
      holders: summary.summary.find((row) => row.type === 'USAGE')?.used ?? 0,
      includedConsultations: includedConsultationsOf(events, centreId),
      scheduledSwitch: switchTo
        ? {
            on: switchTo.effectiveDate,
            seats: {
              BASIC: planQuantity(switchTo.quantity, 'BASIC'),
              ELITE: planQuantity(switchTo.quantity, 'ELITE'),
            },
          }
        : null,
      renewsOn: renewalOf(summary.scheduledSwitch?.effectiveDate ?? null, roster),
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

/** 2.11: plan identifiers in `quantity` (8 = BASIC, 9 = ELITE). */
function planQuantity(quantity: Record<string, number>, plan: 'BASIC' | 'ELITE'): number {
  const id = Object.entries(PLAN_IDS).find(([, name]) => name === plan)?.[0];
  return id === undefined ? 0 : (quantity[id] ?? 0);
}

/**
 * The next renewal of a pay-per-use centre. 2.11 names it only as a pending switch's date; without
 * one, a usage licence runs to the end of the period (2.7 `expiresAt`; the simulator renews there,
 * D10), so the earliest such expiry is the renewal. Unknown without either.
 */
export function renewalOf(switchOn: Date | null, roster: Roster | undefined): Date | null {
  if (switchOn) return switchOn;
  const expiries = (roster?.doctors ?? []).flatMap((doctor) =>
    doctor.license?.type === 'USAGE' && doctor.license.expiresAt ? [doctor.license.expiresAt.getTime()] : [],
  );
  return expiries.length > 0 ? new Date(Math.min(...expiries)) : null;
}

/**
 * 2.14's included consultations are sent, never read back (4.7 has no such field): the newest event
 * for the centre that the service accepted (a 200, applied then or before, D8) with a USAGE item.
 */
export function includedConsultationsOf(events: readonly ContractEvent[], centreId: number): number | null {
  for (const event of events) {
    if (event.centreId !== centreId || !event.attempts.some((attempt) => attempt.status === 200)) continue;
    const usage = event.items?.find((item) => item.planType === 'USAGE');
    if (usage?.includedConsultations !== undefined) return usage.includedConsultations;
  }
  return null;
}

/** Licences in use: what a cancellation switches off (spec 3.2). */
export function licencesInUse(now: ContractNow): number {
  if (now.kind === 'seats') return now.used.BASIC + now.used.ELITE + now.used.TRIAL;
  if (now.kind === 'usage') return now.holders;
  return 0;
}
