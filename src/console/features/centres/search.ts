import { z } from 'zod/mini';
import { intParam, oneOfParam, patternParam, textParam } from '@/console/lib/search-params';

// The centres list's URL, apart from its rules (rules.ts): the route parses it in the entry, and
// the screen's search, sort and facets need not ship there (as overview/search.ts).

export const SORT_FIELDS = ['name', 'country', 'city', 'id'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/**
 * The list's state, in the URL (docs/decisions/0006): the search, the country filter, the sort, and
 * the first row in view (`at`), so that reload and back/forward return to the same rows.
 */
export const centresSearchSchema = z.object({
  q: textParam(200),
  // ISO 3166-1 alpha-2 (D5: the console offers these); anything else means "every country".
  country: patternParam(/^[A-Z]{2}$/),
  sort: oneOfParam(SORT_FIELDS, 'name'),
  dir: oneOfParam(['asc', 'desc'], 'asc'),
  at: intParam({ min: 0, fallback: 0 }),
});
export type CentresSearch = z.output<typeof centresSearchSchema>;

/** The list as it opens: these values are left out of the URL, so a plain link reads `/centres`. */
export const CENTRES_SEARCH_DEFAULTS: CentresSearch = centresSearchSchema.parse({});
