import { queryOptions } from '@tanstack/react-query';
import { childCentersKeys } from './list-child-centers.ts';

// One centre's own record, from the proxy's index of the child list (4.5 has no read of one child;
// docs/decisions/0024): the one small answer a centre's page needs, instead of the whole list.
// The call is loaded on first use with the list's (child-list-calls.ts).

/**
 * The centre, or the proxy's 404 when it is not among the login's children, or the service's 403
 * for a centre's own login (D3). Shared by the page's guard (routes/_auth/_screens.tsx), its
 * header and its tabs.
 */
export const centreQueryOptions = (providerId: number, centreId: number) =>
  queryOptions({
    // Under the child list's keys: what invalidates the list (a create) invalidates it too.
    queryKey: [...childCentersKeys.list(providerId), centreId],
    queryFn: ({ signal }) =>
      import('./child-list-calls.ts').then((module) => module.getCentre(centreId, signal)),
    staleTime: 30_000,
  });

/** A centre's own login's own name (D3: it cannot read 4.5), kept with the list's keys too. */
export const ownCentreNameQueryOptions = (providerId: number) =>
  queryOptions({
    queryKey: [...childCentersKeys.list(providerId), 'own'],
    queryFn: ({ signal }) =>
      import('./child-list-calls.ts').then((module) => module.getOwnCentreName(signal)),
    staleTime: 60_000,
  });
