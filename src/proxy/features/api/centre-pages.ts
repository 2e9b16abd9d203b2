// The list's page as the proxy answers it from the index (docs/decisions/0024): searched (name,
// country, city or id; case and accents ignored), sorted, then cut. Each order is sorted once per
// list and kept beside it; the search filters that sorted copy.
import type { CentrePage, CentrePageQuery, CentreSort } from '../../../proxy-api/centres.ts';
import { CENTRE_PAGE_SIZE } from '../../../proxy-api/centres.ts';
import type { ChildListItem } from '../../../contract/schemas.ts';
import type { CentreList } from './centre-index.ts';

/** One root collation for every reader: the proxy has no language to sort in. */
const collator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

/** Lower case without accents: what a search compares. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const keyOf: Record<CentreSort, (centre: ChildListItem) => string> = {
  name: (centre) => centre.name,
  id: (centre) => String(centre.id),
  country: (centre) => centre.country,
  city: (centre) => centre.city ?? '',
};

function sortedBy(list: CentreList, sort: CentreSort, dir: 'asc' | 'desc'): readonly ChildListItem[] {
  const name = `${sort}:${dir}`;
  const kept = list.sorted.get(name);
  if (kept) return kept;
  const sign = dir === 'asc' ? 1 : -1;
  const key = keyOf[sort];
  const sorted =
    sort === 'id'
      ? [...list.centres].sort((a, b) => sign * (a.id - b.id))
      : // Ties by id, so that pages never overlap.
        [...list.centres].sort((a, b) => sign * collator.compare(key(a), key(b)) || a.id - b.id);
  list.sorted.set(name, sorted);
  return sorted;
}

export function centrePage(list: CentreList, query: CentrePageQuery): CentrePage {
  const ordered = sortedBy(list, query.sort ?? 'name', query.dir ?? 'asc');
  const needle = query.q === undefined ? '' : fold(query.q.trim());
  const matched =
    needle === ''
      ? ordered
      : ordered.filter((centre) =>
          [centre.name, centre.country, centre.city ?? '', String(centre.id)].some((field) =>
            fold(field).includes(needle),
          ),
        );
  const offset = Number(query.offset ?? 0);
  const limit = Math.min(Number(query.limit ?? CENTRE_PAGE_SIZE.default), CENTRE_PAGE_SIZE.max);
  return {
    data: matched.slice(offset, offset + limit),
    meta: { total: matched.length, offset, limit },
  };
}
