import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiErrorFromResponse } from '@/contract/api-error';
import { fetchActivityCsv, getActivity, type ActivityQuery } from '@/proxy-api/activity';
import { unwrap } from '@/contract/result';
import { proxyClient } from './client.ts';

// The proxy's activity (audit) log (docs/decisions/0018): every change made through it for the
// signed-in provider, newest first, a page at a time after a cursor (keyset), or every entry of a
// filter as CSV. Ours, not the service's: the proxy scopes it to the login (a centre's own login
// reads its own entries only).

/** The filters of a read, without its cursor and page size. */
export type ActivityFilter = Omit<ActivityQuery, 'cursor' | 'limit'>;

export const activityKeys = {
  all: ['activity'] as const,
  list: (filter: ActivityFilter) => [...activityKeys.all, 'list', filter] as const,
  recent: (centreId: number, count: number) => [...activityKeys.all, 'recent', centreId, count] as const,
};

/** Entries per page of the Activity screen. */
export const ACTIVITY_PAGE = 50;

/**
 * The log for a filter, a page at a time: each page's `next` is the cursor of the one after
 * (keyset on time and id, so an entry written meanwhile never shifts a page). What happened a
 * moment ago matters here: stale at once, and read again when the window regains focus.
 */
export const activityQueryOptions = (filter: ActivityFilter) =>
  infiniteQueryOptions({
    queryKey: activityKeys.list(filter),
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await getActivity(
          proxyClient,
          { ...filter, limit: String(ACTIVITY_PAGE), ...(pageParam ? { cursor: pageParam } : {}) },
          { signal },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** A centre's newest `count` entries, for its page (the rest on the Activity screen). */
export const recentActivityQueryOptions = (centreId: number, count: number) =>
  queryOptions({
    queryKey: activityKeys.recent(centreId, count),
    queryFn: async ({ signal }) =>
      unwrap(
        await getActivity(proxyClient, { centreId: String(centreId), limit: String(count) }, { signal }),
      ),
    staleTime: 0,
  });

/**
 * The CSV export of a filter, as the proxy writes it (one row per entry): fetched with the console's
 * header, which the proxy asks of every call (decision 0005), then saved by the browser. A failure
 * is thrown as the ApiError value, like every call.
 */
export async function fetchActivityCsvFile(
  filter: ActivityFilter,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const response = await fetchActivityCsv(proxyClient, filter, { signal });
  if (!response.ok) throw apiErrorFromResponse(response.status, response.headers, await response.text());
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), filename: named ?? 'activity.csv' };
}
