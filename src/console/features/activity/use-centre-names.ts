import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { centreQueryOptions } from '@/console/api/get-centre';
import { useI18n } from '@/console/lib/i18n';
import type { ActivityEntry } from '@/proxy-api/activity';

interface KnownCentre {
  id: number;
  name: string;
}

/**
 * A centre's name by its id: from the centres the caller knows (a centre's page's own centre, or the
 * records read here), else from the log's own "centre created" entries, else "Centre 107".
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
  return centreName;
}

/**
 * The records of the centres the entries name, each read once from the proxy's index
 * (docs/decisions/0024) and kept in the cache, never awaited: a line names its centre by its id
 * until the record arrives. Entries name centres by id only (the log keeps what was sent).
 * The login's own centre is not asked: only a parent reads its children. `enabled` is false where the login may not read its parent's centres (a centre's own login, D3).
 */
export function useEntryCentres(providerId: number, entries: readonly ActivityEntry[], enabled: boolean) {
  const ids = useMemo(
    () => [
      ...new Set(
        entries.flatMap((entry) =>
          entry.centreId === null || entry.centreId === providerId ? [] : [entry.centreId],
        ),
      ),
    ],
    [entries, providerId],
  );
  return useQueries({
    queries: ids.map((id) => Object.assign(centreQueryOptions(providerId, id), { enabled })),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
}
