import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { rethrowOrOpenOwnCentre } from '@/console/app/own-centre';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { UnavailableHere } from '@/console/components/feedback';
import { RouteError } from '@/console/components/route-error';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { OverviewScreen } from '@/console/features/licences/overview-screen';
import { OVERVIEW_SEARCH_DEFAULTS, overviewSearchSchema } from '@/console/features/licences/search';
import { serviceClockQueryOptions } from '@/console/features/licences/service-clock';
import { loadArea } from '@/console/lib/i18n';
import type { OperationId } from '@/contract/operations';

const NEEDS: readonly OperationId[] = ['listChildCenters', 'getLicenses', 'listDoctorsWithLicenses'];

// The overview across a parent's centres; each centre's licence data is loaded by the screen,
// progressively, into the same cache the Licences tab reads.
export const Route = createFileRoute('/_auth/overview')({
  validateSearch: overviewSearchSchema,
  search: { middlewares: [stripSearchParams(OVERVIEW_SEARCH_DEFAULTS)] },
  loader: async ({ context }) => {
    const { queryClient, session, environment } = context;
    // D3: the development environment has none of these operations.
    if (!NEEDS.every((operation) => environment.operations.includes(operation))) return;
    try {
      await Promise.all([
        loadArea('licences'),
        queryClient.ensureQueryData(childCentersQueryOptions(session.providerId)),
        queryClient.ensureQueryData(serviceClockQueryOptions(environment.kind)),
      ]);
    } catch (error) {
      // A centre's own login has no overview, only its own page.
      rethrowOrOpenOwnCentre(error, session.providerId);
    }
  },
  // The centres' skeleton: already in the entry, where pending components ship.
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  // The loader travels in its own chunk, not with the entry (the login entry's budget, 0006).
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent']],
  component: OverviewRoute,
});

function OverviewRoute() {
  const { session, environment } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!NEEDS.every((operation) => environment.operations.includes(operation)))
    return <UnavailableHere environment={environment.kind} />;
  return (
    <OverviewScreen
      providerId={session.providerId}
      environment={environment.kind}
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
