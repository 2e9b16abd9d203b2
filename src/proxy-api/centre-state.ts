// A centre's state, defined once for the watcher and the console (docs/decisions/0025): one pure
// function of the service's answers, already parsed by the contract (4.7's summary, and 4.6's
// doctors where BASIC limits and TRIAL expiry need them). The state depends on nothing else (no
// clock, no order of arrival), so that two refreshes of an unchanged centre give equal states and no
// history row is written between them; the console's one word for it (`standingOf`) is read from
// the same state, so the overview, a centre's header and an alert never disagree.
import { centreStateSchema, type WatchedState } from './watch.ts';
import type { LicensesResponse } from '../contract/operations/get-licenses.ts';
import type { DoctorsWithLicensesPage } from '../contract/operations/list-doctors-with-licenses.ts';
import { wireValue } from '../contract/tolerant.ts';
import { boundedText } from './bounded-text.ts';

/** 4.7 without `userId` or `type` (shapes 1–3), or D5's "no contract yet" (a 404 there). */
export type Summary = Exclude<LicensesResponse, { shape: 'licenses' }> | { shape: 'no-contract' };

/** 4.6 read whole (every page): the doctors, with the centre's billing (2.9) and suspension (2.8). */
export type Roster = Pick<DoctorsWithLicensesPage, 'doctors' | 'billing' | 'suspension'>;

/** What the database holds in `centre_snapshot.state`: one schema with the console's (decision 0025). */
export { centreStateSchema };
export type CentreState = WatchedState;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether 4.6 must be read to know the whole state: a centre with BASIC or TRIAL licences in use
 * (the summary counts them, 2.10, but names neither the doctor at the limit nor the expiry), or one
 * with no contract yet (4.7 answers 404, D5), whose billing only 4.6 gives.
 */
export function needsRoster(summary: Summary): boolean {
  if (summary.shape === 'no-contract') return true;
  return summary.summary.some((row) => (row.type === 'BASIC' || row.type === 'TRIAL') && row.used > 0);
}

function billingOf(summary: Summary, roster: Roster | undefined): string | null {
  // 4.7's shape says who bills (shape 1 is processor-billed, 2 and 3 self-billed, 2.9); only a centre
  // with no contract needs 4.6 for it. `managedBy` is the parent itself here: not kept.
  if (summary.shape === 'processor') return 'PROCESSOR';
  if (summary.shape === 'partner-self' || summary.shape === 'pay-per-use') return 'PARTNER_SELF';
  return roster ? wireValue(roster.billing.mode) : null;
}

/** 2.8: either answer may carry the block; absent means not suspended. */
export const isSuspended = (summary: Summary, roster: Pick<Roster, 'suspension'> | undefined) =>
  roster?.suspension.suspended === true || (summary.shape !== 'no-contract' && summary.suspension.suspended);

/** The state of a centre from 4.7's summary and, when `needsRoster`, 4.6's doctors. */
export function stateOf(summary: Summary, roster: Roster | undefined): CentreState {
  const seats =
    summary.shape === 'no-contract'
      ? []
      : summary.summary
          .map((row) => ({
            type: wireValue(row.type),
            total: row.total,
            used: row.used,
            available: row.available,
          }))
          .sort((a, b) => byText(a.type, b.type));
  const pending =
    summary.shape === 'processor' && summary.scheduledDowngrade
      ? {
          kind: 'downgrade' as const,
          effectiveAt: summary.scheduledDowngrade.effectiveDate.toISOString(),
          quantity: summary.scheduledDowngrade.quantity,
        }
      : summary.shape === 'pay-per-use' && summary.scheduledSwitch
        ? {
            kind: 'switch' as const,
            effectiveAt: summary.scheduledSwitch.effectiveDate.toISOString(),
            quantity: summary.scheduledSwitch.quantity,
          }
        : null;
  const doctors = roster?.doctors ?? [];
  const named = (d: (typeof doctors)[number]) => ({
    doctorId: d.id,
    // A doctor's name travels into alerts as a centre's does: cut where it enters (issue 46 L2).
    name: boundedText(`${d.name} ${d.lastname}`.trim() || d.id),
  });
  const basicAtLimit = doctors
    .filter(
      (d) =>
        d.license !== null &&
        d.license.type === 'BASIC' &&
        d.license.limit !== null &&
        d.license.currentUsage >= d.license.limit,
    )
    .map(named)
    .sort((a, b) => byText(a.doctorId, b.doctorId));
  const trials = doctors
    .flatMap((d) =>
      d.license?.type === 'TRIAL' && d.license.expiresAt
        ? [{ ...named(d), expiresAt: d.license.expiresAt.toISOString() }]
        : [],
    )
    .sort((a, b) => byText(a.expiresAt, b.expiresAt) || byText(a.doctorId, b.doctorId));
  return {
    billing: billingOf(summary, roster),
    contract:
      summary.shape === 'no-contract'
        ? 'none'
        : summary.shape === 'processor'
          ? 'processor'
          : summary.shape === 'partner-self'
            ? 'seats'
            : 'usage',
    status:
      summary.shape === 'partner-self' || summary.shape === 'pay-per-use' ? wireValue(summary.status) : null,
    suspended: isSuspended(summary, roster),
    seats,
    pending,
    basicAtLimit,
    trials,
  };
}

/**
 * The centre's state in one word. 3.1 gives ACTIVE/INACTIVE for the self-billing flow only; a
 * processor-billed centre (shape 1) has no status but can be suspended (2.8) or hold no licence.
 */
export type Standing =
  'active' | 'suspended' | 'cancelled' | 'no-contract' | 'no-licences' | { unknown: string };

export function standingOf(
  state: Pick<CentreState, 'suspended' | 'contract' | 'status' | 'seats'>,
): Standing {
  if (state.suspended) return 'suspended';
  if (state.contract === 'none') return 'no-contract';
  if (state.contract === 'processor') return state.seats.length === 0 ? 'no-licences' : 'active';
  if (state.status === 'ACTIVE') return 'active';
  if (state.status === 'INACTIVE') return 'cancelled';
  return { unknown: state.status ?? '' };
}

/** How urgent a standing is, most urgent first (the overview sorts by it). */
export function standingRank(standing: Standing): number {
  if (typeof standing !== 'string') return 2;
  return ['suspended', 'cancelled', 'unknown', 'no-contract', 'no-licences', 'active'].indexOf(standing);
}
