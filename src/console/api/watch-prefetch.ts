import type { QueryClient } from '@tanstack/react-query';
import { watchedCentresQueryOptions } from './watch.ts';

/**
 * The overview's early read of the watcher's centres (routes/_auth/_screens/overview.tsx,
 * docs/decisions/0025), loaded on use: the route's `beforeLoad` is in the entry, watch.ts is not.
 */
export const prefetchWatchedCentres = (queryClient: QueryClient) =>
  queryClient.ensureQueryData(watchedCentresQueryOptions());
