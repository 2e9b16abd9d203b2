import { redirect } from '@tanstack/react-router';
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
