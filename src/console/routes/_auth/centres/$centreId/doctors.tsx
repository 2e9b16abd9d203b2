import { createFileRoute } from '@tanstack/react-router';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { doctorsWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { RouteError } from '@/console/components/route-error';
import { DoctorsTab } from '@/console/features/doctors/doctors-tab';
import { doctorsSearchSchema, pageRequestOf } from '@/console/features/doctors/doctors-rules';
import { loadArea } from '@/console/lib/i18n';

// A centre's Doctors tab (4.6): page, page size and search live in the URL.
export const Route = createFileRoute('/_auth/centres/$centreId/doctors')({
  validateSearch: doctorsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    // The page is fetched beside the messages but not awaited: the screen keeps the previous page
    // on screen while a new one loads (lib/paging.ts), which a blocking loader would replace.
    const { queryClient, session, environment } = context;
    // D3: an environment without the operation shows the centre page as unavailable, asks nothing.
    if (!environment.operations.includes('listDoctorsWithLicenses')) return loadArea('doctors');
    // A centre that is not the parent's is the page's "not found" (its loader runs beside this one,
    // on the same cached list): its doctors are not asked for.
    const centres =
      environment.operations.includes('listChildCenters') && params.centreId !== session.providerId
        ? await queryClient.ensureQueryData(childCentersQueryOptions(session.providerId))
        : undefined;
    if (!centres || centres.data.some((centre) => centre.id === params.centreId))
      void queryClient.prefetchQuery(doctorsWithLicensesQueryOptions(params.centreId, pageRequestOf(deps)));
    await loadArea('doctors');
  },
  errorComponent: RouteError,
  component: DoctorsRoute,
});

function DoctorsRoute() {
  const { centreId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DoctorsTab
      key={centreId}
      centreId={centreId}
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
