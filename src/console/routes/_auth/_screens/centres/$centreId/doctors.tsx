import { createFileRoute } from '@tanstack/react-router';
import { doctorsWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { serviceClockQueryOptions } from '@/console/api/service-clock';
import { RouteError } from '@/console/components/route-error';
import { DoctorsTab } from '@/console/features/doctors/doctors-tab';
import { doctorsSearchSchema, pageRequestOf } from '@/console/features/doctors/doctors-rules';
import { loadArea } from '@/console/lib/i18n';
import { useSearchChange } from '@/console/lib/use-search-change';

// A centre's Doctors tab (4.6): page, page size and search live in the URL.
export const Route = createFileRoute('/_auth/_screens/centres/$centreId/doctors')({
  validateSearch: doctorsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const { queryClient, environment } = context;
    // The page is fetched beside the messages but not awaited: the screen keeps the previous page
    // on screen while a new one loads (lib/paging.ts), which a blocking loader would replace.
    void queryClient.prefetchQuery(doctorsWithLicensesQueryOptions(params.centreId, pageRequestOf(deps)));
    // "Now" for the expiries' days, the Licences tab's (domain/days.ts).
    await Promise.all([
      loadArea('doctors'),
      queryClient.ensureQueryData(serviceClockQueryOptions(environment.kind)),
    ]);
  },
  errorComponent: RouteError,
  component: DoctorsRoute,
});

function DoctorsRoute() {
  const { centreId } = Route.useParams();
  const { environment } = Route.useRouteContext();
  return (
    <DoctorsTab
      key={centreId}
      centreId={centreId}
      environment={environment.kind}
      search={Route.useSearch()}
      onSearchChange={useSearchChange(Route.useNavigate())}
    />
  );
}
