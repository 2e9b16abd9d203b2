import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { everyDoctorWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { licenceSummaryQueryOptions } from '@/console/api/get-licenses';
import { RouteError } from '@/console/components/route-error';
import { LicencesScreen } from '@/console/features/licences/licences-screen';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { LICENCES_SEARCH_DEFAULTS, licencesSearchSchema } from '@/console/features/licences/search';
import { serviceClockQueryOptions } from '@/console/features/licences/service-clock';
import { loadArea } from '@/console/lib/i18n';

// A centre's Licences tab: the same query options as its screen and as the overview, so a centre
// opened from the overview draws from the cache at once.
export const Route = createFileRoute('/_auth/centres/$centreId/licences')({
  validateSearch: licencesSearchSchema,
  search: { middlewares: [stripSearchParams(LICENCES_SEARCH_DEFAULTS)] },
  loader: async ({ context, params }) => {
    const { queryClient, environment } = context;
    await Promise.all([
      loadArea('licences'),
      queryClient.ensureQueryData(licenceSummaryQueryOptions(params.centreId)),
      queryClient.ensureQueryData(everyDoctorWithLicensesQueryOptions(params.centreId)),
      queryClient.ensureQueryData(serviceClockQueryOptions(environment.kind)),
    ]);
  },
  // The centres' skeleton: already in the entry, where pending components ship.
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  // The loader travels in its own chunk, not with the entry (the login entry's budget, 0006).
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent']],
  component: LicencesRoute,
});

function LicencesRoute() {
  const { centreId } = Route.useParams();
  const { environment } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LicencesScreen
      centreId={centreId}
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
