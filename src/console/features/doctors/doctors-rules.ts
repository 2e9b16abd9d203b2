import { z } from 'zod/mini';
import { intParam, oneOfParam, pageParam, pageSizeParam, textParam } from '@/console/lib/search-params';

/**
 * The Doctors tab's state, in the URL (list state lives there, docs/decisions/0006): the search
 * sent to the service, the page and the page size (10/25/50/100; never above 100, spec §8 and D6).
 * D6 caps a search at 100 characters.
 */
export const doctorsSearchSchema = z.object({
  q: textParam(100),
  page: pageParam(),
  size: pageSizeParam(),
});
export type DoctorsSearch = z.output<typeof doctorsSearchSchema>;

/**
 * The page the URL names, as 4.6 asks for it (spec 2.5: offset zero-based). Written out here, not
 * through lib/paging, because route loaders ship with the entry, where React Query's hooks are not.
 */
export const pageRequestOf = (search: DoctorsSearch) => ({
  offset: (search.page - 1) * search.size,
  limit: search.size,
  search: search.q,
});

/** The registration page's state: the target chosen (0: the signed-in provider) and the mode. */
export const registerSearchSchema = z.object({
  target: intParam({ min: 0, fallback: 0 }),
  mode: oneOfParam(['form', 'file'], 'form'),
});
export type RegisterSearch = z.output<typeof registerSearchSchema>;
