import {
  bannersOf,
  pendingOf,
  type Banner,
  type BannerKind,
  type PendingChange,
} from '@/console/domain/banners';
import {
  billingOf,
  isPayPerUse,
  plansOf,
  standingOf,
  stateOf,
  standingRank,
  type Billing,
  type Standing,
  type LicenceSummary,
  type PlanSeats,
  type Roster,
} from '@/console/domain/centre';
import type { ChildListItem } from '@/contract/schemas';
import { ATTENTION_REASONS, type AttentionReason, type OverviewSearch } from './search.ts';

// The overview's rules: one row per centre, read by the domain as the centre's own page reads it
// (the same state, billing, plans and banners), why it needs attention, and the filter and sort in
// the URL. Pure, so they are tested without React.

/** Where a centre's licence data stands while the overview loads it. */
export type RowLoad =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; summary: LicenceSummary; roster: Roster };

export interface ReadyFacts {
  billing: Billing;
  state: Standing;
  payPerUse: boolean;
  seats: PlanSeats[];
  pending: PendingChange | null;
  banners: Banner[];
  reasons: AttentionReason[];
}

export interface OverviewRow {
  centre: ChildListItem;
  load: RowLoad;
  /** Present once the row's data is in. */
  facts: ReadyFacts | undefined;
  /** 4.5 no longer lists it; the watcher keeps it (docs/decisions/0025, issue 26's edges). */
  unlisted?: true;
}

const REASON_OF: Record<BannerKind, AttentionReason> = {
  suspended: 'suspended',
  cancelled: 'cancelled',
  'basic-limit': 'basic-limit',
  downgrade: 'pending-change',
  switch: 'pending-change',
  'trial-ending': 'trial',
  'trial-expired': 'trial',
};

/** A centre needs attention for each banner its tab would show, grouped into the filter's reasons. */
export function reasonsOf(banners: readonly Banner[]): AttentionReason[] {
  const reasons = new Set(banners.map((banner) => REASON_OF[banner.kind]));
  return ATTENTION_REASONS.filter((reason) => reasons.has(reason));
}

export function overviewRowOf(
  centre: ChildListItem,
  load: RowLoad,
  now: Date,
  unlisted = false,
): OverviewRow {
  const kept = unlisted ? { unlisted: true as const } : {};
  if (load.status !== 'ready') return { centre, load, facts: undefined, ...kept };
  const { summary, roster } = load;
  const banners = bannersOf(summary, roster, now);
  return {
    ...kept,
    centre,
    load,
    facts: {
      billing: billingOf(roster.billing),
      state: standingOf(stateOf(summary, roster)),
      payPerUse: isPayPerUse(summary),
      seats: plansOf(summary),
      pending: pendingOf(banners),
      banners,
      reasons: reasonsOf(banners),
    },
  };
}

/**
 * The row of the same data for another record of its centre (the child list's, arriving after the
 * snapshots drew the page: its country, another name): the facts depend on the data only, so they
 * are kept, not worked out again for 10,000 centres.
 */
export function rowWithCentre(row: OverviewRow, centre: ChildListItem, unlisted = false): OverviewRow {
  const { centre: _previous, unlisted: _was, ...facts } = row;
  return unlisted ? { ...facts, centre, unlisted: true } : { ...facts, centre };
}

export type ReasonCounts = Record<'all' | 'attention' | AttentionReason, number>;

/**
 * A centre needs attention when its tab shows a banner, and also when its licences could not be
 * loaded: nothing says it is fine, and an admin filtering for problems must not miss it.
 */
const needsAttention = (row: OverviewRow) =>
  row.load.status === 'error' || (row.facts !== undefined && row.facts.reasons.length > 0);

/** Whether a centre's data is yet to come: until none is, the counts are not final. */
export const stillCounting = (rows: readonly OverviewRow[]) =>
  rows.some((row) => row.load.status === 'pending');

/** How many centres each filter shows. */
export function countReasons(rows: readonly OverviewRow[]): ReasonCounts {
  const counts: ReasonCounts = { all: rows.length, attention: 0, ...zeroes() };
  for (const row of rows) {
    const reasons = row.facts?.reasons ?? [];
    if (needsAttention(row)) counts.attention += 1;
    for (const reason of reasons) counts[reason] += 1;
  }
  return counts;
}

function zeroes(): Record<AttentionReason, number> {
  return Object.fromEntries(ATTENTION_REASONS.map((reason) => [reason, 0])) as Record<
    AttentionReason,
    number
  >;
}

const billingKey = (billing: Billing) =>
  billing.mode === 'PARTNER_SELF'
    ? `2 ${billing.managedBy ?? ''}`
    : billing.mode === 'PROCESSOR'
      ? '1'
      : `3 ${billing.value}`;
const usedSeats = (facts: ReadyFacts) => facts.seats.reduce((sum, seats) => sum + seats.used, 0);

/**
 * The rows the table shows, in order. By name, every row has its place; by anything else, rows
 * still loading or failed come last whatever the direction (nothing is known to sort them by).
 * Ties fall back to the name, then the id.
 */
export function visibleRows(
  rows: readonly OverviewRow[],
  search: Pick<OverviewSearch, 'show' | 'sort' | 'dir'>,
  collator: Intl.Collator,
): OverviewRow[] {
  const { show } = search;
  const shown =
    show === 'all'
      ? [...rows]
      : rows.filter((row) =>
          show === 'attention' ? needsAttention(row) : (row.facts?.reasons ?? []).includes(show),
        );
  const sign = search.dir === 'asc' ? 1 : -1;
  const byName = (a: OverviewRow, b: OverviewRow) =>
    collator.compare(a.centre.name, b.centre.name) || a.centre.id - b.centre.id;
  const primary = (a: ReadyFacts, b: ReadyFacts): number => {
    switch (search.sort) {
      case 'billing':
        return collator.compare(billingKey(a.billing), billingKey(b.billing));
      case 'status':
        return standingRank(a.state) - standingRank(b.state);
      case 'seats':
        return usedSeats(a) - usedSeats(b);
      case 'pending':
        return (a.pending?.on.getTime() ?? Infinity) - (b.pending?.on.getTime() ?? Infinity);
      case 'attention':
        return a.reasons.length - b.reasons.length;
      case 'name':
        return 0;
    }
  };
  return shown.sort((a, b) => {
    if (search.sort === 'name') return sign * byName(a, b);
    if (!a.facts || !b.facts) return a.facts ? -1 : b.facts ? 1 : byName(a, b);
    return sign * (primary(a.facts, b.facts) || byName(a, b));
  });
}
