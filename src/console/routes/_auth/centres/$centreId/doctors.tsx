import { createFileRoute } from '@tanstack/react-router';
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
    // D3: an environment without the operation shows the centre page as unavailable, asks nothing.
    if (context.environment.operations.includes('listDoctorsWithLicenses'))
      void context.queryClient.prefetchQuery(
        doctorsWithLicensesQueryOptions(params.centreId, pageRequestOf(deps)),
      );
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
