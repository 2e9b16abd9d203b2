import { focusManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import pLimit from 'p-limit';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { licenceSummaryQueryOptions } from '@/console/api/get-licenses';
import { everyDoctorWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import type { RowLoad } from './overview-rules.ts';

/**
 * At most this many licence requests in flight at once, however many centres: the service states
 * no rate limit (spec §8), and a parent with 1,000 centres must not send 2,000 requests at once.
 */
export const MAX_IN_FLIGHT = 6;
/** Rows arriving within this window are drawn together, so the page stays responsive. */
const DRAW_EVERY_MS = 150;
/** Data older than this is fetched again when the window regains focus. */
const FRESH_FOR_MS = 60_000;

export interface OverviewSnapshot {
  loads: ReadonlyMap<number, RowLoad>;
  /** While centres are being loaded: how many of this round have settled. */
  progress: { done: number; total: number } | undefined;
  /** When the oldest data on screen was fetched (epoch ms); undefined before any arrived. */
  updatedAt: number | undefined;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Loads the licence data of many centres progressively, each through the query cache with the
 * Licences tab's own query options (so a centre opened from the overview draws at once), two
 * requests per centre (4.7's summary, 4.6's doctors), never more than MAX_IN_FLIGHT at a time
 * (p-limit). A failed centre stays failed until its own retry; the others carry on. An external
 * store for React (`useSyncExternalStore`), so it is tested and reasoned about without it.
 */
export class OverviewLoader {
  readonly #client: QueryClient;
  readonly #ids: readonly number[];
  readonly #loads = new Map<number, RowLoad>();
  readonly #updated = new Map<number, number>();
  readonly #listeners = new Set<() => void>();
  readonly #limit = pLimit({ concurrency: MAX_IN_FLIGHT, rejectOnClear: true });
  readonly #inFlight = new Set<number>();
  #round = { done: 0, total: 0 };
  #snapshot: OverviewSnapshot;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopFocus: (() => void) | undefined;

  constructor(client: QueryClient, ids: readonly number[]) {
    this.#client = client;
    this.#ids = ids;
    // What the cache already holds draws at once (coming back to the overview, or from a centre).
    for (const id of ids) {
      const summary = client.getQueryState(licenceSummaryQueryOptions(id).queryKey);
      const roster = client.getQueryState(everyDoctorWithLicensesQueryOptions(id).queryKey);
      if (summary?.data !== undefined && roster?.data !== undefined) {
        this.#loads.set(id, { status: 'ready', summary: summary.data, roster: roster.data });
        this.#updated.set(id, Math.min(summary.dataUpdatedAt, roster.dataUpdatedAt));
      } else this.#loads.set(id, { status: 'pending' });
    }
    this.#snapshot = this.#take();
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = () => this.#snapshot;

  /** Loads what is missing or stale, and again on focus once the data is older than a minute. */
  start() {
    this.#stopFocus = focusManager.subscribe((focused) => {
      const { updatedAt } = this.#snapshot;
      if (focused && updatedAt !== undefined && Date.now() - updatedAt > FRESH_FOR_MS)
        this.#load(this.#ids, false);
    });
    this.#load(this.#ids, false);
  }

  /** Drops what has not started; requests already sent finish into the cache. */
  stop() {
    this.#stopFocus?.();
    this.#stopFocus = undefined;
    this.#limit.clearQueue();
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Every centre again, fresh or not (the refresh action). */
  refresh = () => this.#load(this.#ids, true);

  /** One centre again (its row's retry). */
  retry = (id: number) => this.#load([id], true);

  #load(ids: readonly number[], force: boolean) {
    if (this.#inFlight.size === 0) this.#round = { done: 0, total: 0 };
    for (const id of ids) {
      if (this.#inFlight.has(id)) continue;
      this.#inFlight.add(id);
      this.#round.total += 1;
      if (this.#loads.get(id)?.status === 'error') this.#loads.set(id, { status: 'pending' });
      void this.#loadOne(id, force);
    }
    this.#changed(true);
  }

  async #loadOne(id: number, force: boolean) {
    // `query` answers from the cache when its data is fresh, and fetches otherwise. No automatic
    // retry here: a failed centre shows its own retry at once, and its slot goes to the next one.
    const fresh = force ? { staleTime: 0, retry: false } : { retry: false };
    try {
      const [summary, roster] = await Promise.all([
        this.#limit(() => this.#client.query({ ...licenceSummaryQueryOptions(id), ...fresh })),
        this.#limit(() => this.#client.query({ ...everyDoctorWithLicensesQueryOptions(id), ...fresh })),
      ]);
      this.#loads.set(id, { status: 'ready', summary, roster });
      const updatedAt = (key: readonly unknown[]) =>
        this.#client.getQueryState(key)?.dataUpdatedAt ?? Date.now();
      this.#updated.set(
        id,
        Math.min(
          updatedAt(licenceSummaryQueryOptions(id).queryKey),
          updatedAt(everyDoctorWithLicensesQueryOptions(id).queryKey),
        ),
      );
      this.#round.done += 1;
    } catch (error) {
      if (isAbort(error)) {
        // Stopped before it started: not part of this round any more.
        this.#round.total -= 1;
      } else {
        this.#loads.set(id, { status: 'error', error });
        this.#round.done += 1;
      }
    }
    this.#inFlight.delete(id);
    this.#changed(this.#inFlight.size === 0);
  }

  #changed(now: boolean) {
    if (now) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#draw();
    } else this.#timer ??= setTimeout(() => this.#draw(), DRAW_EVERY_MS);
  }

  #draw() {
    this.#timer = undefined;
    this.#snapshot = this.#take();
    for (const listener of this.#listeners) listener();
  }

  #take(): OverviewSnapshot {
    let oldest: number | undefined;
    let waiting = 0;
    for (const [id, load] of this.#loads) {
      const updated = this.#updated.get(id);
      if (load.status === 'ready' && updated !== undefined) oldest = Math.min(oldest ?? updated, updated);
      if (load.status === 'pending') waiting += 1;
    }
    return {
      loads: new Map(this.#loads),
      // Before the first round starts, what is not in the cache is already waiting.
      progress:
        this.#inFlight.size > 0 ? { ...this.#round } : waiting > 0 ? { done: 0, total: waiting } : undefined,
      updatedAt: oldest,
    };
  }
}

/** The overview's loader for these centres, started while the screen is shown. */
export function useOverviewLoader(ids: readonly number[]) {
  const client = useQueryClient();
  const key = ids.join(',');
  // A new list of centres (one created meanwhile) is a new loader; the cache keeps what was loaded.
  // oxlint-disable-next-line react/exhaustive-deps -- `key` stands for `ids`, whose identity changes on every render
  const loader = useMemo(() => new OverviewLoader(client, ids), [client, key]);
  useEffect(() => {
    loader.start();
    return () => loader.stop();
  }, [loader]);
  // On the server (app/first-screen.tsx) nothing is started: what the cache holds now.
  const snapshot = useSyncExternalStore(loader.subscribe, loader.getSnapshot, loader.getSnapshot);
  return { ...snapshot, retry: loader.retry, refresh: loader.refresh };
}
