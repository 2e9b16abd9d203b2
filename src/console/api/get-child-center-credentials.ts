import { queryOptions } from '@tanstack/react-query';
import { runOperation } from './client.ts';

const load = () =>
  import('@/contract/operations/get-child-center-credentials').then(
    (module) => module.getChildCenterCredentials,
  );

export const childCenterCredentialsKeys = {
  all: ['child-center-credentials'] as const,
  of: (providerId: number, centreId: number) =>
    [...childCenterCredentialsKeys.all, providerId, centreId] as const,
};

/**
 * 4.4, only on an explicit click: never prefetched, never kept (`gcTime: 0`), and removed from the
 * cache when its dialog closes, so that no secret stays in the page's memory.
 */
export const childCenterCredentialsQueryOptions = (providerId: number, centreId: number) =>
  queryOptions({
    queryKey: childCenterCredentialsKeys.of(providerId, centreId),
    queryFn: ({ signal }) => runOperation(load, { childProviderId: centreId }, { signal }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
