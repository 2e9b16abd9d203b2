import { useQuery } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { centreQueryOptions } from '@/console/api/get-centre';
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
 * Whether the login is a centre's own: its child list answered 403 (D3), read whole (the home's
 * loader) or through the proxy's index for the login's own page (features/centres/centre-header.tsx,
 * docs/decisions/0024). Read from the queries the screens share, never asked here (a screen that
 * needs no list asks nothing). False until one has answered.
 */
export function useOwnCentreLogin(providerId: number): boolean {
  const list = useQuery({ ...childCentersQueryOptions(providerId), enabled: false });
  const own = useQuery({ ...centreQueryOptions(providerId, providerId), enabled: false });
  return [list, own].some((query) => query.isError && means(query.error, 'forbidden'));
}
