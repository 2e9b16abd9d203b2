import { z } from 'zod/mini';
import type { ChildListItem } from '@/contract';

export const SORT_FIELDS = ['name', 'country', 'city', 'id'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

// STYLE.md point 4: the list's state lives in the URL; `.catch` turns a bad value into the default
// so that a hand-edited link still opens the list.
export const centresSearchSchema = z.object({
  q: z.catch(z._default(z.string().check(z.maxLength(200)), ''), ''),
  sort: z.catch(z._default(z.enum(SORT_FIELDS), 'name'), 'name'),
  dir: z.catch(z._default(z.enum(['asc', 'desc']), 'asc'), 'asc'),
  /** The first visible row, so that reload and back/forward return to the same place. */
  at: z.catch(z._default(z.int().check(z.minimum(0)), 0), 0),
});
export type CentresSearch = z.infer<typeof centresSearchSchema>;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/**
 * Every child is fetched once (4.5 without limit, D5) and searched and sorted here: the service
 * has no search on this list. The search matches name, country (code or name in the UI language),
 * city and id, ignoring case and accents.
 */
export function visibleCentres(
  items: readonly ChildListItem[],
  search: Pick<CentresSearch, 'q' | 'sort' | 'dir'>,
  countryName: (code: string) => string,
  collator: Intl.Collator,
): ChildListItem[] {
  const terms = fold(search.q).split(/\s+/).filter(Boolean);
  const matching =
    terms.length === 0
      ? [...items]
      : items.filter((item) => {
          const haystack = fold(
            [item.name, item.country, countryName(item.country), item.city ?? '', String(item.id)].join(' '),
          );
          return terms.every((term) => haystack.includes(term));
        });
  const sign = search.dir === 'asc' ? 1 : -1;
  const key = (item: ChildListItem): string =>
    search.sort === 'country'
      ? countryName(item.country)
      : search.sort === 'city'
        ? (item.city ?? '')
        : item.name;
  matching.sort((a, b) => {
    const primary = search.sort === 'id' ? a.id - b.id : collator.compare(key(a), key(b));
    // Ties fall back to the id, so that the order is stable and reproducible from the URL.
    return sign * (primary !== 0 ? primary : a.id - b.id);
  });
  return matching;
}
