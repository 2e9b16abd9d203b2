import type { ChildListItem } from '@/contract';

export const SORT_FIELDS = ['name', 'country', 'city', 'id'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export type CentresSearch = { q: string; sort: SortField; dir: 'asc' | 'desc'; at: number };
/** What a link may carry: every key optional. */
export type CentresSearchInput = Partial<Record<keyof CentresSearch, unknown>>;

export const isSortField = (value: unknown): value is SortField =>
  typeof value === 'string' && (SORT_FIELDS as readonly string[]).includes(value);

/**
 * STYLE.md point 4: the list's state lives in the URL. A bad or missing value becomes the default
 * (zod's `.catch`, written out: this runs in the entry chunk, where zod does not fit the budget).
 */
export function parseCentresSearch(raw: CentresSearchInput): CentresSearch {
  const q = typeof raw.q === 'string' ? raw.q.slice(0, 200) : typeof raw.q === 'number' ? String(raw.q) : '';
  const at = typeof raw.at === 'number' && Number.isSafeInteger(raw.at) && raw.at >= 0 ? raw.at : 0;
  return {
    q,
    sort: isSortField(raw.sort) ? raw.sort : 'name',
    dir: raw.dir === 'desc' ? 'desc' : 'asc',
    at,
  };
}

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
