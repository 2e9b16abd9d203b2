import { z } from 'zod/mini';
import { oneOfParam, textParam } from '@/console/lib/search-params';

// The URL state of the licence screens (STYLE.md point 4), kept apart from the screens: route files
// import it for `validateSearch`, and what they import travels with the entry.

/** 4.7 `type`: the four licence types (2.7). */
export const LICENCE_TYPES = ['BASIC', 'ELITE', 'TRIAL', 'USAGE'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

/**
 * The Licences tab: the type listed (none chosen: the centre's first plan) and the doctor whose
 * licences the drawer shows (4.7 `userId`, the external id), so a link reproduces the view.
 */
export const licencesSearchSchema = z.object({
  type: oneOfParam(['', ...LICENCE_TYPES], ''),
  user: textParam(100),
});
export type LicencesSearch = z.output<typeof licencesSearchSchema>;
/** Left out of the URL when they hold (`stripSearchParams`): a plain link is the default view. */
export const LICENCES_SEARCH_DEFAULTS: LicencesSearch = licencesSearchSchema.parse({});

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

/** The overview: which centres (all, those needing attention, or one reason) and the sort. */
export const overviewSearchSchema = z.object({
  show: oneOfParam(['all', 'attention', ...ATTENTION_REASONS], 'all'),
  sort: oneOfParam(OVERVIEW_SORTS, 'name'),
  dir: oneOfParam(['asc', 'desc'], 'asc'),
});
export type OverviewSearch = z.output<typeof overviewSearchSchema>;
export const OVERVIEW_SEARCH_DEFAULTS: OverviewSearch = overviewSearchSchema.parse({});
