import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { useI18n } from '@/console/lib/i18n';
import type { ActivityEntry } from '@/contract/activity-wire';

/**
 * A centre's name by its id: from the parent's child list (4.5) when the environment offers it and
 * the login may read it (a centre's own login gets 403 there, D3), else from the log's own
 * "centre created" entries, else "Centre 107". `ids` are the centres the list knows, for the filter.
 */
export function useCentreNames(providerId: number, listOffered: boolean, entries: readonly ActivityEntry[]) {
  const { t } = useI18n();
  // The route's loader asked for it already; a refusal stays a refusal here (no retry on a 4xx).
  const list = useQuery({ ...childCentersQueryOptions(providerId), enabled: listOffered });
  const names = useMemo(() => {
    const found = new Map<number, string>();
    for (const entry of entries) {
      const name = entry.detail['name'];
      if (entry.action === 'centre.create' && entry.centreId !== null && typeof name === 'string')
        found.set(entry.centreId, name);
    }
    for (const centre of list.data?.data ?? []) found.set(centre.id, centre.name);
    return found;
  }, [entries, list.data]);
  const centreName = useCallback(
    (id: number) => names.get(id) ?? t('activity.centre', { id: String(id) }),
    [names, t],
  );
  const listed = useMemo(
    () =>
      (list.data?.data ?? [])
        .map((centre) => ({ id: centre.id, name: centre.name }))
        .toSorted((a, b) => a.name.localeCompare(b.name)),
    [list.data],
  );
  return { centreName, listed };
}
