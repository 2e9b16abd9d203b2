import { queryOptions } from '@tanstack/react-query';

export const childCentersKeys = {
  all: ['child-centers'] as const,
  list: (providerId: number) => [...childCentersKeys.all, providerId] as const,
};

/**
 * 4.5 without a limit: every child of the parent (D5), searched and sorted in the browser (the
 * service has no search on this list). Shared by the route loaders, the list and the palette; a
 * centre's page reads its one centre instead (get-centre.ts).
 */
export const childCentersQueryOptions = (providerId: number) =>
  queryOptions({
    queryKey: childCentersKeys.list(providerId),
    // Parsed and validated off the main thread (docs/decisions/0024), loaded on the first call.
    queryFn: ({ signal }) =>
      import('./child-list-calls.ts').then((module) => module.listChildCenters(providerId, signal)),
    staleTime: 30_000,
  });
