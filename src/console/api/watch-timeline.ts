import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/contract/result';
import { getCentreTimeline } from '@/proxy-api/watch';
import { proxyClient } from './client.ts';
import { watchKeys } from './watch.ts';

// A centre's history as the watcher kept it (docs/decisions/0025), apart from the overview's read.
// One query per page (keyset: a page's `next` is the next one's `before`), not an infinite query:
// the infinite-query helpers would become chunks of their own, shared with the Activity screen,
// and each chunk's name is listed in the entry, whose budget had 99 bytes left (measured: +120
// bytes gzip with them, over the login page's 160 kB).

/** The page of a centre's history after the change `before` (undefined: the newest). */
export const centreTimelineQueryOptions = (centreId: number, before?: number) =>
  queryOptions({
    queryKey: [...watchKeys.timeline(centreId), before ?? 0] as const,
    queryFn: async ({ signal }) =>
      unwrap(await getCentreTimeline(proxyClient, { centreId, before }, { signal })),
    staleTime: 30_000,
  });
