import { queryOptions } from '@tanstack/react-query';
import { runOperation } from './client.ts';
import { childCentersKeys } from './list-child-centers.ts';

// One centre's own record, from the proxy's index of the child list (4.5 has no read of one child;
// docs/decisions/0024): the one small answer a centre's page needs, instead of the whole list.
// The contract module is loaded on the first call, like every operation's (client.ts).
const load = () => import('@/contract/console-wire-centres').then((module) => module.getCentre);

export const centreKeys = {
  /** Under the child list's keys: what invalidates the list (a create) invalidates these too. */
  one: (providerId: number, centreId: number) =>
    [...childCentersKeys.list(providerId), 'centre', centreId] as const,
};

/**
 * The centre, or the proxy's 404 when it is not among the login's children, or the service's 403
 * for a centre's own login (D3). Shared by the page's guard (routes/_auth/_screens.tsx), its
 * header and its tabs.
 */
export const centreQueryOptions = (providerId: number, centreId: number) =>
  queryOptions({
    queryKey: centreKeys.one(providerId, centreId),
    queryFn: async ({ signal }) => (await runOperation(load, { centreId }, { signal })).centre,
    staleTime: 30_000,
  });
