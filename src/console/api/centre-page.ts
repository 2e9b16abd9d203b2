import { queryOptions } from '@tanstack/react-query';
import type { CentrePageQuery } from '@/proxy-api/centres';
import { childCentersKeys } from './list-child-centers.ts';

// A page of the parent's centres from the proxy's index (docs/decisions/0024), searched and sorted
// there: for the pickers that must not wait for the whole child list (4.5). The call is loaded on
// first use with the list's (child-list-calls.ts).

/** The centres matching `query.q`, a page at a time; the proxy's 403 for a centre's own login (D3). */
export const centrePageQueryOptions = (providerId: number, query: CentrePageQuery) =>
  queryOptions({
    // Under the child list's keys: what invalidates the list (a create) invalidates the pages too.
    queryKey: [...childCentersKeys.list(providerId), 'page', query],
    queryFn: ({ signal }) =>
      import('./child-list-calls.ts').then((module) => module.getCentrePage(query, signal)),
    staleTime: 30_000,
  });
