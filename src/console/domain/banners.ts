import type { DoctorWithLicense } from '@/contract/schemas';
import {
  billingOf,
  contractOf,
  isCancelled,
  isSuspended,
  type Billing,
  type LicenceSummary,
  type Roster,
} from './centre.ts';
import { daysUntil, isWithinDays, TRIAL_WARNING_DAYS } from './days.ts';
import { planName } from './plans.ts';

// The licence banners of a centre, as one pure function of the two answers that describe it
// (4.7's summary and 4.6's doctors with their billing and suspension) and the service's "now". A
// screen draws them; the overview counts them (docs/decisions/0014).

export interface NamedDoctor {
  id: string;
  name: string;
}

export type Banner =
  | { kind: 'suspended'; billing: Billing }
  | { kind: 'cancelled'; billing: Billing }
  | {
      kind: 'basic-limit';
      groups: { restartsOn: Date | null; days: number | null; doctors: NamedDoctor[] }[];
    }
  | { kind: 'trial-expired'; doctors: (NamedDoctor & { expiredOn: Date; days: number })[] }
  | { kind: 'downgrade'; on: Date; days: number; plans: { plan: string; from: number; to: number }[] }
  | { kind: 'switch'; on: Date; days: number; plans: { plan: string; seats: number }[] }
  | { kind: 'trial-ending'; doctors: (NamedDoctor & { expiresOn: Date; days: number })[] };
export type BannerKind = Banner['kind'];
/** What will change, and when: a scheduled downgrade (2.11) or a switch to seats. */
export type PendingChange = Extract<Banner, { kind: 'downgrade' | 'switch' }>;

/** Critical banners are read out at once (`alert`); the rest politely (`status`). */
export const severityOf = (kind: BannerKind): 'critical' | 'notice' =>
  kind === 'downgrade' || kind === 'switch' || kind === 'trial-ending' ? 'notice' : 'critical';

export const fullName = (doctor: Pick<DoctorWithLicense, 'id' | 'name' | 'lastname'>): NamedDoctor => ({
  id: doctor.id,
  name: `${doctor.name} ${doctor.lastname}`.trim() || doctor.id,
});

/** 2.7 (a): a BASIC licence stops at its monthly limit. */
const atBasicLimit = (doctor: DoctorWithLicense) =>
  doctor.license !== null &&
  doctor.license.type === 'BASIC' &&
  doctor.license.limit !== null &&
  doctor.license.currentUsage >= doctor.license.limit;

/**
 * The banners of a centre, most urgent first. A licence's period restarts when its `expiresAt`
 * comes (2.7 names no other end of the monthly period; docs/decisions/0014).
 */
export function bannersOf(summary: LicenceSummary, roster: Roster, now: Date): Banner[] {
  const banners: Banner[] = [];
  const billing = billingOf(roster.billing);
  const days = (date: Date) => daysUntil(now, date);

  if (isSuspended(summary, roster)) banners.push({ kind: 'suspended', billing });
  if (isCancelled(contractOf(summary, roster))) banners.push({ kind: 'cancelled', billing });

  const limit = basicLimitBanner(roster, days);
  if (limit) banners.push(limit);

  const trials = roster.doctors.flatMap((doctor) =>
    doctor.license?.type === 'TRIAL' && doctor.license.expiresAt
      ? [{ ...fullName(doctor), at: doctor.license.expiresAt }]
      : [],
  );
  trials.sort((a, b) => a.at.getTime() - b.at.getTime());
  const expired = trials.filter((trial) => trial.at.getTime() <= now.getTime());
  if (expired.length > 0)
    banners.push({
      kind: 'trial-expired',
      doctors: expired.map(({ id, name, at }) => ({ id, name, expiredOn: at, days: -days(at) })),
    });

  const pending = pendingChangeOf(summary, days);
  if (pending) banners.push(pending);

  const ending = trials.filter((trial) => isWithinDays(now, trial.at, TRIAL_WARNING_DAYS));
  if (ending.length > 0)
    banners.push({
      kind: 'trial-ending',
      doctors: ending.map(({ id, name, at }) => ({ id, name, expiresOn: at, days: days(at) })),
    });
  return banners;
}

/** The doctors at their BASIC limit, grouped by the day their period restarts, soonest first. */
function basicLimitBanner(roster: Roster, days: (date: Date) => number): Banner | undefined {
  const groups = new Map<number | null, { restartsOn: Date | null; doctors: NamedDoctor[] }>();
  for (const doctor of roster.doctors.filter(atBasicLimit)) {
    const restartsOn = doctor.license?.expiresAt ?? null;
    const key = restartsOn?.getTime() ?? null;
    const group = groups.get(key) ?? { restartsOn, doctors: [] };
    group.doctors.push(fullName(doctor));
    groups.set(key, group);
  }
  if (groups.size === 0) return undefined;
  return {
    kind: 'basic-limit',
    groups: [...groups.values()]
      .map(({ restartsOn, doctors }) => ({ restartsOn, doctors, days: restartsOn ? days(restartsOn) : null }))
      .sort((a, b) => (a.restartsOn?.getTime() ?? Infinity) - (b.restartsOn?.getTime() ?? Infinity)),
  };
}

/** 2.11's quantities, by plan identifier. */
const byPlan = (quantity: Readonly<Record<string, number>>) =>
  Object.entries(quantity).sort(([a], [b]) => Number(a) - Number(b));

/** 2.11: a downgrade scheduled on a processor-billed centre, or a pay-per-use centre's switch. */
function pendingChangeOf(summary: LicenceSummary, days: (date: Date) => number): PendingChange | undefined {
  if (summary.shape === 'processor' && summary.scheduledDowngrade) {
    const { quantity, effectiveDate } = summary.scheduledDowngrade;
    const totalOf = (plan: string) => summary.summary.find((row) => row.type === plan)?.total ?? 0;
    return {
      kind: 'downgrade',
      on: effectiveDate,
      days: days(effectiveDate),
      plans: byPlan(quantity).map(([id, to]) => ({ plan: planName(id), from: totalOf(planName(id)), to })),
    };
  }
  if (summary.shape === 'pay-per-use' && summary.scheduledSwitch) {
    const { quantity, effectiveDate } = summary.scheduledSwitch;
    return {
      kind: 'switch',
      on: effectiveDate,
      days: days(effectiveDate),
      plans: byPlan(quantity)
        .filter(([, seats]) => seats > 0)
        .map(([id, seats]) => ({ plan: planName(id), seats })),
    };
  }
  return undefined;
}

/** The pending change among a centre's banners, if any. */
export const pendingOf = (banners: readonly Banner[]): PendingChange | null =>
  banners.find(
    (banner): banner is PendingChange => banner.kind === 'downgrade' || banner.kind === 'switch',
  ) ?? null;
