import { createFileRoute, stripSearchParams, useRouter } from '@tanstack/react-router';
import { rethrowOrOpenOwnCentre } from '@/console/app/own-centre';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { UnavailableHere } from '@/console/components/feedback';
import { loadArea } from '@/console/lib/i18n';
import { RouteError } from '@/console/components/route-error';
import { CentresScreen } from '@/console/features/centres/centres-screen';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { CENTRES_SEARCH_DEFAULTS, centresSearchSchema } from '@/console/features/centres/rules';

export const Route = createFileRoute('/_auth/centres/')({
  validateSearch: centresSearchSchema,
  search: { middlewares: [stripSearchParams(CENTRES_SEARCH_DEFAULTS)] },
  loader: async ({ context }) => {
    const { queryClient, session, environment } = context;
    // D3: the development environment has only the token and doctor registration.
    const list = environment.operations.includes('listChildCenters')
      ? queryClient.ensureQueryData(childCentersQueryOptions(session.providerId))
      : undefined;
    try {
      // The screen's messages load beside its data, not after it.
      await Promise.all([loadArea('centres'), list]);
    } catch (error) {
      // A centre's own login has no list: it opens its own page.
      rethrowOrOpenOwnCentre(error, session.providerId);
    }
  },
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  component: CentresRoute,
});

function CentresRoute() {
  const { session, environment } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  if (!environment.operations.includes('listChildCenters'))
    return <UnavailableHere environment={environment.kind} />;
  return (
    <CentresScreen
      providerId={session.providerId}
      search={search}
      onSearchChange={(patch, options) => {
        // The list reports its scroll position a moment after scrolling settles: by then the user
        // may have followed a link away, and the report must not pull them back to the list.
        if (router.latestLocation.pathname !== '/centres') return;
        void navigate({
          search: (previous) => ({ ...previous, ...patch }),
          replace: options?.replace ?? false,
        });
      }}
    />
  );
}
