import { queryOptions } from '@tanstack/react-query';
import { runOperation } from './client.ts';

const load = () =>
  import('@/contract/operations/list-child-centers').then((module) => module.listChildCenters);

export const childCentersKeys = {
  all: ['child-centers'] as const,
  list: (providerId: number) => [...childCentersKeys.all, providerId] as const,
};

/**
 * 4.5 without a limit: every child of the parent (D5), searched and sorted in the browser (the
 * service has no search on this list). Shared by the route loaders, the list and the palette.
 */
export const childCentersQueryOptions = (providerId: number) =>
  queryOptions({
    queryKey: childCentersKeys.list(providerId),
    queryFn: ({ signal }) => runOperation(load, { providerId }, { signal }),
    staleTime: 30_000,
  });
