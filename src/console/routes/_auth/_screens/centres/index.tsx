import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { RouteError } from '@/console/components/route-error';
import { CentresScreen } from '@/console/features/centres/centres-screen';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { CENTRES_SEARCH_DEFAULTS, centresSearchSchema } from '@/console/features/centres/search';
import { loadArea } from '@/console/lib/i18n';
import { useSearchChange } from '@/console/lib/use-search-change';

export const Route = createFileRoute('/_auth/_screens/centres/')({
  validateSearch: centresSearchSchema,
  search: { middlewares: [stripSearchParams(CENTRES_SEARCH_DEFAULTS)] },
  // The screen's messages load beside its data, not after it.
  loader: ({ context }) =>
    Promise.all([
      loadArea('centres'),
      context.queryClient.ensureQueryData(childCentersQueryOptions(context.session.providerId)),
    ]),
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  component: CentresRoute,
});

function CentresRoute() {
  const { session } = Route.useRouteContext();
  return (
    <CentresScreen
      providerId={session.providerId}
      search={Route.useSearch()}
      onSearchChange={useSearchChange(Route.useNavigate())}
    />
  );
}
