import type { ChildListItem } from '@/contract/schemas';
import type { CentresSearch } from './search.ts';

/**
 * What may carry an accent to take away: anything but printable ASCII, and ASCII's own `^` and
 * `` ` `` (both Diacritic). Anything else found here takes the full fold, which is always right.
 */
const accented = /[^ -\]_a-~]/;

// Most names are plain ASCII: they skip the decomposition, which was most of indexing 10,000
// centres (46 ms against 20 ms in Node, 1 in 5 names accented), with the same result.
const fold = (text: string) =>
  (accented.test(text) ? text.normalize('NFD').replace(/\p{Diacritic}/gu, '') : text).toLocaleLowerCase();

/** A name as a person compares it: case, accents and spacing aside. */
export const nameKey = (name: string) => fold(name.trim().replace(/\s+/g, ' '));

/** A centre's name and place as a person compares them: case, accents and spacing aside. */
const identityOf = (centre: { name: string; country: string; city?: string | undefined }) =>
  [nameKey(centre.name), centre.country, fold((centre.city ?? '').trim())].join('\n');

/**
 * A centre of the list with this name in this city and country. The service creates a second one
 * all the same (4.3, D5 refuse only blanks and lengths), with credentials of its own: more likely a
 * centre created twice by mistake than a new one, so creating it asks first.
 */
export function sameNameAndCity(
  centres: readonly ChildListItem[],
  wanted: { name: string; country: string; city: string },
): ChildListItem | undefined {
  const identity = identityOf(wanted);
  return centres.find((centre) => identityOf(centre) === identity);
}

/**
 * The centres of the list by name, for the warning while a new centre's name is typed: built once
 * per list, so that a keystroke looks one name up however many centres there are.
 */
export function centresByName(centres: readonly ChildListItem[]): Map<string, ChildListItem[]> {
  const byName = new Map<string, ChildListItem[]>();
  for (const centre of centres) {
    const key = nameKey(centre.name);
    const same = byName.get(key);
    if (same) same.push(centre);
    else byName.set(key, [centre]);
  }
  return byName;
}

/** A centre with what the search matches, folded once per list rather than once per keystroke. */
export interface IndexedCentre {
  centre: ChildListItem;
  countryName: string;
  /** The country's name folded (one fold per country, not per centre). */
  foldedCountry: string;
  /** What a search term is looked for in: built when the browser is idle or at the first search, not with the list. */
  haystack?: string;
}

/**
 * The list, ready to sort and search. What the search looks in is folded later (`foldForSearch`
 * when idle, or at the first search): a server-rendered list hydrates without folding 10,000 names
 * first (docs/decisions/0030).
 */
export function indexCentres(
  items: readonly ChildListItem[],
  countryName: (code: string) => string,
): IndexedCentre[] {
  const folded = new Map<string, string>();
  return items.map((centre) => {
    const country = countryName(centre.country);
    let foldedCountry = folded.get(country);
    if (foldedCountry === undefined) {
      foldedCountry = fold(country);
      folded.set(country, foldedCountry);
    }
    return { centre, countryName: country, foldedCountry };
  });
}

/** The text a centre's search matches in: its name, country code and name, city and id. */
function haystackOf(entry: IndexedCentre): string {
  const { centre } = entry;
  entry.haystack ??= [
    fold(centre.name),
    fold(centre.country),
    entry.foldedCountry,
    fold(centre.city ?? ''),
    String(centre.id),
  ].join(' ');
  return entry.haystack;
}

/**
 * Folds what the search looks in, from entry `from` on, a batch at a time while `timeLeft()`;
 * answers where it stopped (the list's length once every entry is folded). The centres list runs
 * it while the browser is idle, so that the first keystroke only filters.
 */
export function foldForSearch(
  index: readonly IndexedCentre[],
  from: number,
  timeLeft: () => boolean,
  batch = 500,
): number {
  let at = from;
  while (at < index.length && timeLeft()) {
    const end = Math.min(index.length, at + batch);
    for (; at < end; at += 1) haystackOf(index[at] as IndexedCentre);
  }
  return at;
}

/**
 * Every child is fetched once (4.5 without limit, D5) and searched, filtered and sorted here: the
 * service has no search on this list. Sorting is the costly part (a collator compare per pair), so
 * the list is sorted once per order and language (`sortCentres`) and each keystroke only filters
 * the sorted list (`filterCentres`), which keeps that order (docs/decisions/0017).
 */
export function visibleCentres(
  index: readonly IndexedCentre[],
  search: Pick<CentresSearch, 'q' | 'country' | 'sort' | 'dir'>,
  collator: Intl.Collator,
): ChildListItem[] {
  return filterCentres(sortCentres(index, search, collator), search);
}

/**
 * The centres in the order asked: by name, country name (in the UI language), city or id; ties fall
 * back to the id, so the order is stable and reproducible from the URL.
 */
export function sortCentres(
  index: readonly IndexedCentre[],
  order: Pick<CentresSearch, 'sort' | 'dir'>,
  collator: Intl.Collator,
): IndexedCentre[] {
  const sign = order.dir === 'asc' ? 1 : -1;
  const key = (entry: IndexedCentre): string =>
    order.sort === 'country'
      ? entry.countryName
      : order.sort === 'city'
        ? (entry.centre.city ?? '')
        : entry.centre.name;
  return [...index].sort((a, b) => {
    const primary = order.sort === 'id' ? a.centre.id - b.centre.id : collator.compare(key(a), key(b));
    return sign * (primary !== 0 ? primary : a.centre.id - b.centre.id);
  });
}

/**
 * The search matches name, country (code or name in the UI language), city and id, ignoring case and
 * accents, every word somewhere; the country filter is exact. The order given is kept.
 */
export function filterCentres(
  sorted: readonly IndexedCentre[],
  search: Pick<CentresSearch, 'q' | 'country'>,
): ChildListItem[] {
  const terms = fold(search.q).split(/\s+/).filter(Boolean);
  const rows: ChildListItem[] = [];
  for (const entry of sorted)
    if (
      (search.country === '' || entry.centre.country.toUpperCase() === search.country) &&
      terms.every((term) => haystackOf(entry).includes(term))
    )
      rows.push(entry.centre);
  return rows;
}

/** The countries the list holds, for the filter, named and ordered in the UI language. */
export function countriesOf(
  index: readonly IndexedCentre[],
  collator: Intl.Collator,
): { code: string; name: string; count: number }[] {
  const counts = new Map<string, { name: string; count: number }>();
  for (const entry of index) {
    const code = entry.centre.country.toUpperCase();
    const found = counts.get(code);
    if (found) found.count += 1;
    else counts.set(code, { name: entry.countryName, count: 1 });
  }
  return [...counts]
    .map(([code, { name, count }]) => ({ code, name, count }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
