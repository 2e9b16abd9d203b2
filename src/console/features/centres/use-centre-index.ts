import { useEffect, useMemo } from 'react';
import type { ChildListItem } from '@/contract/schemas';
import { inIdleTime } from '@/console/lib/idle-work';
import { foldForSearch, indexCentres, type IndexedCentre } from './rules.ts';

/**
 * The centres ready to sort and search, once per list and language. What the search looks in is
 * folded once they show, while the browser is idle: not in the list's first render, nor in the
 * first keystroke (rules.ts, docs/decisions/0030).
 */
export function useCentreIndex(
  centres: readonly ChildListItem[],
  countryName: (code: string) => string,
): IndexedCentre[] {
  const index = useMemo(() => indexCentres(centres, countryName), [centres, countryName]);
  useEffect(() => {
    let folded = 0;
    return inIdleTime((timeLeft) => {
      folded = foldForSearch(index, folded, timeLeft);
      return folded < index.length;
    });
  }, [index]);
  return index;
}
