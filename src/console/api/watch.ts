import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/contract/api-error';
import { unwrap } from '@/contract/result';
import { listWatchedCentres, refreshCentres, type WatchedCentres } from '@/proxy-api/watch';
import { proxyClient } from './client.ts';

// What the watcher keeps (docs/decisions/0025): a connection's every centre, read at once by the
// overview; a centre's "suspended since" and timeline; asking for a refresh now. Ours, not the
// service's: only a person working through a stored connection has any.

export const watchKeys = {
  all: ['watch'] as const,
  centres: () => [...watchKeys.all, 'centres'] as const,
  timeline: (centreId: number) => [...watchKeys.all, 'timeline', centreId] as const,
};

/** While a refresh is asked for or running, the snapshots are read again this often. */
export const WATCH_POLL_MS = 2_000;

/** No stored connection (409), or no database behind this proxy (503): the overview loads progressively. */
const noSnapshots = (error: unknown) =>
  isApiError(error) && (error.code === 'no_connection' || error.code === 'watch_off');

/** A refresh asked for and not finished: the overview shows it running and reads again after. */
export const refreshPending = (answer: WatchedCentres | null | undefined) =>
  answer !== null && answer !== undefined && (answer.refresh.waiting || answer.refresh.running);

/**
 * Every centre the watcher keeps for the session's connection, or null when there are none to read
 * (a client-credential session, or a proxy without a database). Polled while a refresh is on its way.
 */
export const watchedCentresQueryOptions = () =>
  queryOptions({
    queryKey: watchKeys.centres(),
    queryFn: async ({ signal }): Promise<WatchedCentres | null> => {
      try {
        return unwrap(await listWatchedCentres(proxyClient, { signal }));
      } catch (error) {
        if (noSnapshots(error)) return null;
        throw error;
      }
    },
    staleTime: 30_000,
    refetchInterval: (query) => (refreshPending(query.state.data) ? WATCH_POLL_MS : false),
  });

/** Asks the watcher to read the connection's centres again now; the snapshots are then polled. */
export function useRefreshCentres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await refreshCentres(proxyClient)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchKeys.all }),
  });
}
