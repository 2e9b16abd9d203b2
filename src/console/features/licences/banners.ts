import type { LicenceSummary } from '@/console/api/get-licenses';
import type { DoctorsWithLicensesPage } from '@/contract/operations/list-doctors-with-licenses';
import type { DoctorWithLicense } from '@/contract/schemas';

// The licence banners of a centre, as one pure function of the two responses that describe it
// (4.7's summary and 4.6's doctors with their billing and suspension) and "now". A screen draws
// them; the overview counts them. Blocks the service leaves out mean "none" (2.8, 4.7 shape 2).

/** 4.6 read whole: every doctor of the centre, its billing (2.9) and suspension (2.8). */
export type Roster = Pick<DoctorsWithLicensesPage, 'doctors' | 'billing' | 'suspension'>;

/** 2.11: plan identifiers in `quantity`; another identifier is shown as it came. */
const PLAN_NAMES: Partial<Record<string, string>> = { '8': 'BASIC', '9': 'ELITE' };
export const planName = (id: string) => PLAN_NAMES[id] ?? id;

/** Spec 4.7 does not say how early a TRIAL's end is worth a word: two weeks ahead (issue scope). */
export const TRIAL_WARNING_DAYS = 14;

export interface NamedDoctor {
  id: string;
  name: string;
}

export type Banner =
  | { kind: 'suspended'; billing: BillingWords }
  | { kind: 'cancelled'; billing: BillingWords }
  | {
      kind: 'basic-limit';
      groups: { restartsOn: Date | null; days: number | null; doctors: NamedDoctor[] }[];
    }
  | { kind: 'trial-expired'; doctors: (NamedDoctor & { expiredOn: Date; days: number })[] }
  | { kind: 'downgrade'; on: Date; days: number; plans: { plan: string; from: number; to: number }[] }
  | { kind: 'switch'; on: Date; days: number; plans: { plan: string; seats: number }[] }
  | { kind: 'trial-ending'; doctors: (NamedDoctor & { expiresOn: Date; days: number })[] };
export type BannerKind = Banner['kind'];

/** Critical banners are read out at once (`alert`); the rest politely (`status`). */
export const severityOf = (kind: BannerKind): 'critical' | 'notice' =>
  kind === 'downgrade' || kind === 'switch' || kind === 'trial-ending' ? 'notice' : 'critical';

/** Who bills the centre (2.9), in the terms a banner needs to say what to do next. */
export type BillingWords =
  | { mode: 'PROCESSOR' }
  | { mode: 'PARTNER_SELF'; managedBy: string | null }
  | { mode: 'other'; value: string };

export function billingWordsOf(billing: Roster['billing']): BillingWords {
  if (billing.mode === 'PROCESSOR') return { mode: 'PROCESSOR' };
  if (billing.mode === 'PARTNER_SELF') return { mode: 'PARTNER_SELF', managedBy: billing.managedBy ?? null };
  return { mode: 'other', value: billing.mode.unknown };
}

const DAY_MS = 86_400_000;
const midnight = (value: Date) => new Date(value.getFullYear(), value.getMonth(), value.getDate()).getTime();

/**
 * Whole calendar days from `now` to `date` in the viewer's time zone (D10: dates are shown in local
 * time), so "on 3 Dec, in 11 days" agrees with the calendar the viewer reads. Negative in the past.
 */
export function calendarDaysBetween(now: Date, date: Date): number {
  // Rounded: a daylight-saving change makes a day 23 or 25 hours long.
  return Math.round((midnight(date) - midnight(now)) / DAY_MS);
}

const fullName = (doctor: DoctorWithLicense): NamedDoctor => ({
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
 * The banners of a centre, most urgent first. `summary` is 4.7 without `userId` (or "no contract
 * yet"), `roster` is 4.6 read whole. A licence's period restarts when its `expiresAt` comes (2.7
 * names no other end of the monthly period; docs/decisions/0014-licences.md).
 */
export function bannersOf(summary: LicenceSummary, roster: Roster, now: Date): Banner[] {
  const banners: Banner[] = [];
  const billing = billingWordsOf(roster.billing);
  const days = (date: Date) => calendarDaysBetween(now, date);

  // 2.8: either response may carry the block; absent means not suspended.
  const suspended =
    roster.suspension.suspended || (summary.shape !== 'no-contract' && summary.suspension.suspended);
  if (suspended) banners.push({ kind: 'suspended', billing });
  // 3.2: a cancelled contract (INACTIVE) keeps its data with every licence off.
  if ((summary.shape === 'partner-self' || summary.shape === 'pay-per-use') && summary.status === 'INACTIVE')
    banners.push({ kind: 'cancelled', billing });

  const atLimit = new Map<number | null, { restartsOn: Date | null; doctors: NamedDoctor[] }>();
  for (const doctor of roster.doctors.filter(atBasicLimit)) {
    const restartsOn = doctor.license?.expiresAt ?? null;
    const key = restartsOn?.getTime() ?? null;
    const group = atLimit.get(key) ?? { restartsOn, doctors: [] };
    group.doctors.push(fullName(doctor));
    atLimit.set(key, group);
  }
  if (atLimit.size > 0)
    banners.push({
      kind: 'basic-limit',
      groups: [...atLimit.values()]
        .map(({ restartsOn, doctors }) => ({
          restartsOn,
          doctors,
          days: restartsOn ? days(restartsOn) : null,
        }))
        .sort((a, b) => (a.restartsOn?.getTime() ?? Infinity) - (b.restartsOn?.getTime() ?? Infinity)),
    });

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

  if (summary.shape === 'processor' && summary.scheduledDowngrade) {
    const { quantity, effectiveDate } = summary.scheduledDowngrade;
    const totalOf = (plan: string) => summary.summary.find((row) => row.type === plan)?.total ?? 0;
    banners.push({
      kind: 'downgrade',
      on: effectiveDate,
      days: days(effectiveDate),
      plans: Object.entries(quantity)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([id, to]) => ({ plan: planName(id), from: totalOf(planName(id)), to })),
    });
  }
  if (summary.shape === 'pay-per-use' && summary.scheduledSwitch) {
    const { quantity, effectiveDate } = summary.scheduledSwitch;
    banners.push({
      kind: 'switch',
      on: effectiveDate,
      days: days(effectiveDate),
      plans: Object.entries(quantity)
        .sort(([a], [b]) => Number(a) - Number(b))
        .filter(([, seats]) => seats > 0)
        .map(([id, seats]) => ({ plan: planName(id), seats })),
    });
  }

  const horizon = now.getTime() + TRIAL_WARNING_DAYS * DAY_MS;
  const ending = trials.filter(
    (trial) => trial.at.getTime() > now.getTime() && trial.at.getTime() <= horizon,
  );
  if (ending.length > 0)
    banners.push({
      kind: 'trial-ending',
      doctors: ending.map(({ id, name, at }) => ({ id, name, expiresOn: at, days: days(at) })),
    });
  return banners;
}
