import { z } from 'zod/mini';
import { oneOfParam } from '@/console/lib/search-params';

// The overview's state, in the URL (list state lives there, docs/decisions/0006): which centres
// (all, those needing attention, or one reason) and the sort. Its own module: a route's search
// schema ships with the entry.

/** Why a centre needs attention, in the overview's filter and counts. */
export const ATTENTION_REASONS = [
  'suspended',
  'cancelled',
  'basic-limit',
  'pending-change',
  'trial',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export const OVERVIEW_SORTS = ['name', 'billing', 'status', 'seats', 'pending', 'attention'] as const;
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];

export const overviewSearchSchema = z.object({
  show: oneOfParam(['all', 'attention', ...ATTENTION_REASONS], 'all'),
  sort: oneOfParam(OVERVIEW_SORTS, 'name'),
  dir: oneOfParam(['asc', 'desc'], 'asc'),
});
export type OverviewSearch = z.output<typeof overviewSearchSchema>;
export const OVERVIEW_SEARCH_DEFAULTS: OverviewSearch = overviewSearchSchema.parse({});
