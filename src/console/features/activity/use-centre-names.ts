import { useCallback, useMemo } from 'react';
import { useI18n } from '@/console/lib/i18n';
import type { ActivityEntry } from '@/contract/activity-wire';

interface KnownCentre {
  id: number;
  name: string;
}

/**
 * A centre's name by its id: from the centres the caller knows (the parent's child list, 4.5, or a
 * centre's page's own centre; absent where the login may not read them, D3), else from the log's
 * own "centre created" entries, else "Centre 107". `listed` are the known centres, for the filter.
 */
export function useCentreNames(known: readonly KnownCentre[] | undefined, entries: readonly ActivityEntry[]) {
  const { t } = useI18n();
  const names = useMemo(() => {
    const found = new Map<number, string>();
    for (const entry of entries) {
      const name = entry.detail['name'];
      if (entry.action === 'centre.create' && entry.centreId !== null && typeof name === 'string')
        found.set(entry.centreId, name);
    }
    for (const centre of known ?? []) found.set(centre.id, centre.name);
    return found;
  }, [entries, known]);
  const centreName = useCallback(
    (id: number) => names.get(id) ?? t('activity.centre', { id: String(id) }),
    [names, t],
  );
  const listed = useMemo(
    () =>
      (known ?? [])
        .map((centre) => ({ id: centre.id, name: centre.name }))
        .toSorted((a, b) => a.name.localeCompare(b.name)),
    [known],
  );
  return { centreName, listed };
}
