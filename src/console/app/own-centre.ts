import { useQuery } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { means } from '@/console/lib/error-message';

/**
 * For the loaders of screens built on the child list (4.5): a centre's own login gets 403 there
 * (D3), so it is sent to its own centre's page instead; any other failure is the route's to show.
 */
export function rethrowOrOpenOwnCentre(error: unknown, providerId: number): never {
  if (means(error, 'forbidden'))
    throw redirect({ to: '/centres/$centreId', params: { centreId: providerId } });
  throw error;
}

/**
 * Whether the login is a centre's own: its child list answered 403 (D3). Read from the query the
 * screens share, never asked here (a screen that needs no list asks nothing): the home's loader
 * and the login's own page (features/centres/centre-header.tsx) ask it. False until it has answered.
 */
export function useOwnCentreLogin(providerId: number): boolean {
  const list = useQuery({ ...childCentersQueryOptions(providerId), enabled: false });
  return list.isError && means(list.error, 'forbidden');
}
