import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { refreshPending, useRefreshCentres, watchedCentresQueryOptions } from '@/console/api/watch';
import type { WatchedCentres, WatchedState } from '@/proxy-api/watch';
import type { ChildListItem } from '@/contract/schemas';
import { useOverviewLoader } from './overview-loader.ts';
import type { RowLoad } from './overview-rules.ts';
import { loadOfSnapshot } from './snapshot-load.ts';

// Where the overview's rows come from (issue 26 item 3, docs/decisions/0025 "The overview's read").
// A person working through a stored connection reads what the watcher keeps, every centre at once:
// filters, sort and counts are exact from the first paint. A centre the watcher has not read yet
// (created a moment ago, or before its first refresh) and every centre of a client-credential
// session (no stored connection) load progressively from the service, as before; a row's retry
// reads its centre live and shows that over its snapshot.

export interface OverviewSource {
  /** The child list's centres, then those the watcher keeps that 4.5 no longer lists. */
  centres: readonly ChildListItem[];
  unlisted: ReadonlySet<number>;
  loads: ReadonlyMap<number, RowLoad>;
  /** The snapshots' answer: null when there are none to read (progressive load only). */
  watched: WatchedCentres | null;
  /** The oldest data on screen (epoch ms). */
  updatedAt: number | undefined;
  /** The progressive load's progress, for the centres it loads. */
  progress: { done: number; total: number } | undefined;
  /**
   * The watcher's read still short of the child list (its first read of a big world, issue 47
   * item 3): what is on screen is part of the centres, so every count is only a count so far.
   */
  partial: { read: number; of: number } | undefined;
  refreshing: boolean;
  refresh: () => void;
  retry: (centreId: number) => void;
}

// Query's structural sharing keeps an unchanged centre's state the same object from one read to the
// next: its row is read back once, not on every poll while a refresh runs.
const readBacks = new WeakMap<WatchedState, RowLoad>();
function readBack(state: WatchedState): RowLoad {
  let load = readBacks.get(state);
  if (!load) {
    load = loadOfSnapshot(state);
    readBacks.set(state, load);
  }
  return load;
}

/** No child list yet: the snapshots' listed centres stand for it (their country comes with it). */
const NOTHING: readonly ChildListItem[] = [];

export function useOverviewSource(
  childList: readonly ChildListItem[] | undefined,
  hasConnection: boolean,
): OverviewSource {
  const watch = useQuery({ ...watchedCentresQueryOptions(), enabled: hasConnection });
  const watched = (hasConnection && watch.data) || null;
  const asked = useRefreshCentres();
  const kept = useMemo(
    () => new Map((watched?.centres ?? []).map((centre) => [centre.id, readBack(centre.state)])),
    [watched],
  );
  const listed = useMemo(
    () =>
      childList ??
      (watched?.centres ?? [])
        .filter((centre) => centre.listed)
        .map(({ id, name }): ChildListItem => ({ id, name, country: '' })),
    [childList, watched],
  );
  const { centres, unlisted } = useMemo(() => {
    const ids = new Set(listed.map((centre) => centre.id));
    const gone = (watched?.centres ?? []).filter((centre) => !centre.listed && !ids.has(centre.id));
    return {
      centres:
        gone.length === 0 ? listed : [...listed, ...gone.map(({ id, name }) => ({ id, name, country: '' }))],
      unlisted: new Set(gone.map((centre) => centre.id)),
    };
  }, [listed, watched]);
  const missing = useMemo(
    () => (childList ?? NOTHING).map((centre) => centre.id).filter((id) => !kept.has(id)),
    [childList, kept],
  );
  const live = useOverviewLoader(missing);
  const loads = useMemo(() => {
    if (kept.size === 0) return live.loads;
    const merged = new Map(kept);
    for (const [id, load] of live.loads)
      if (load.status !== 'pending' || !merged.has(id)) merged.set(id, load);
    return merged;
  }, [kept, live.loads]);
  const reading = watched?.refresh.progress;
  // Fewer centres on screen than the read's list holds: the snapshots stand for a list not read
  // whole yet (a read child list shows every centre, loading those not read live).
  const partial =
    reading && listed.length < reading.of
      ? { read: Math.max(reading.read, listed.length), of: reading.of }
      : undefined;
  const asOf = watched?.asOf?.oldest;
  const updatedAt =
    asOf === undefined
      ? live.updatedAt
      : live.updatedAt === undefined
        ? asOf
        : Math.min(asOf, live.updatedAt);
  return {
    centres,
    unlisted,
    loads,
    watched,
    updatedAt,
    progress: live.progress,
    partial,
    refreshing: asked.isPending || refreshPending(watched) || live.progress !== undefined,
    refresh: () => {
      if (watched) asked.mutate();
      if (!watched || missing.length > 0) live.refresh();
    },
    retry: live.retry,
  };
}
