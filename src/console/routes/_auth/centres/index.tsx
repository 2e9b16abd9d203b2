import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import { RouteError } from '@/console/components/route-error';
import { isApiError } from '@/contract/api-error-value';
import { CentresScreen } from '@/console/features/centres/centres-screen';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { parseCentresSearch, type CentresSearchInput } from '@/console/features/centres/rules';
import { CentresUnavailable } from '@/console/features/centres/centres-unavailable';

export const Route = createFileRoute('/_auth/centres/')({
  validateSearch: (search: CentresSearchInput & SearchSchemaInput) => parseCentresSearch(search),
  loader: async ({ context }) => {
    const { queryClient, session, environment } = context;
    // D3: the development environment has only the token and doctor registration.
    if (!environment.operations.includes('listChildCenters')) return { available: false };
    // Loaded on demand: the contract's schemas (full zod) stay out of the login entry (budget).
    const { childCentersQueryOptions } = await import('@/console/features/centres/api');
    try {
      await queryClient.ensureQueryData(childCentersQueryOptions(session.providerId));
    } catch (error) {
      // D3: a child's token gets 403 on the child list: it opens its own centre's page instead.
      if (isApiError(error) && error.status === 403) {
        throw redirect({ to: '/centres/$centreId', params: { centreId: session.providerId } });
      }
      throw error;
    }
    return { available: true };
  },
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  component: CentresRoute,
});

function CentresRoute() {
  const { available } = Route.useLoaderData();
  const { session, environment } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!available) return <CentresUnavailable environment={environment.label} />;
  return (
    <CentresScreen
      providerId={session.providerId}
      search={search}
      onSearchChange={(patch, options) =>
        void navigate({
          search: (previous) => ({ ...previous, ...patch }),
          replace: options?.replace ?? false,
        })
      }
    />
  );
}
