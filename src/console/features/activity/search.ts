import { z } from 'zod/mini';
import { intParam, oneOfParam, patternParam, textParam } from '@/console/lib/search-params';
import type { ActivityQuery } from '@/proxy-api/activity';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '@/proxy-api/audit-actions';

// The Activity screen's filters, in the URL (docs/decisions/0006, 0022): a link reproduces the view
// and a reload keeps it. Each parameter falls back to "any" when missing or not valid. Its own
// module: a route's search schema ships with the entry.

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const activitySearchSchema = z.object({
  /** A centre's id; 0: every centre. */
  centre: intParam({ min: 0, fallback: 0 }),
  action: oneOfParam(['', ...AUDIT_ACTIONS], ''),
  /** A client id, exactly as the entries carry it. */
  actor: textParam(200),
  /**
   * A person's subject (issue 25 "every change has a person"): what they did, through any of this
   * provider's connections. The proxy's `person` filter (docs/decisions/0023).
   */
  person: textParam(255),
  outcome: oneOfParam(['', ...AUDIT_OUTCOMES], ''),
  /** Days in the viewer's time zone (D10), both included. */
  from: patternParam(DAY),
  to: patternParam(DAY),
});
export type ActivitySearch = z.output<typeof activitySearchSchema>;
export const ACTIVITY_SEARCH_DEFAULTS: ActivitySearch = activitySearchSchema.parse({});

/** Whether any filter is set. */
export const isFiltered = (search: ActivitySearch) =>
  (Object.keys(ACTIVITY_SEARCH_DEFAULTS) as (keyof ActivitySearch)[]).some(
    (key) => search[key] !== ACTIVITY_SEARCH_DEFAULTS[key],
  );

/** Local midnight of a `YYYY-MM-DD` day, `days` later. */
function startOfDay(day: string, days = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days);
}

/**
 * The proxy's query for a search (`/audit/entries`, decision 0018): from the start of the first day
 * to the start of the day after the last (its `to` is exclusive), in the viewer's time zone. A range
 * given backwards is read the right way round.
 */
export function activityQueryOf(search: ActivitySearch): Omit<ActivityQuery, 'cursor' | 'limit'> {
  const [first, last] =
    search.from !== '' && search.to !== '' && search.from > search.to
      ? [search.to, search.from]
      : [search.from, search.to];
  const query: Omit<ActivityQuery, 'cursor' | 'limit'> = {};
  if (search.centre > 0) query.centreId = String(search.centre);
  if (search.action !== '') query.action = search.action;
  if (search.actor.trim() !== '') query.actor = search.actor.trim();
  if (search.person !== '') query.person = search.person;
  if (search.outcome !== '') query.outcome = search.outcome;
  if (first !== '') query.from = startOfDay(first).toISOString();
  if (last !== '') query.to = startOfDay(last, 1).toISOString();
  return query;
}
