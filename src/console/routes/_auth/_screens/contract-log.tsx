import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { contractEventsQueryOptions } from '@/console/api/contract-events';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { RouteError } from '@/console/components/route-error';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { ContractLogScreen } from '@/console/features/contract/contract-log-screen';
import {
  CONTRACT_LOG_SEARCH_DEFAULTS,
  contractLogSearchSchema,
} from '@/console/features/contract/log-search';
import { loadArea } from '@/console/lib/i18n';
import { useSearchChange } from '@/console/lib/use-search-change';

// Every contract event of the signed-in parent (docs/decisions/0016), shared by whoever manages it.
export const Route = createFileRoute('/_auth/_screens/contract-log')({
  validateSearch: contractLogSearchSchema,
  search: { middlewares: [stripSearchParams(CONTRACT_LOG_SEARCH_DEFAULTS)] },
  loader: ({ context }) =>
    Promise.all([
      loadArea('contract'),
      context.queryClient.ensureQueryData(childCentersQueryOptions(context.session.providerId)),
      context.queryClient.ensureQueryData(contractEventsQueryOptions()),
    ]),
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  // The error component stays with the route tree, so that offline it needs no file (vite.config.ts).
  codeSplitGroupings: [['loader'], ['component']],
  component: ContractLogRoute,
});

function ContractLogRoute() {
  const { session } = Route.useRouteContext();
  return (
    <ContractLogScreen
      providerId={session.providerId}
      search={Route.useSearch()}
      onSearchChange={useSearchChange(Route.useNavigate())}
    />
  );
}
