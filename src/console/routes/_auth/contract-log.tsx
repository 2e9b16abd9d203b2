import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { rethrowOrOpenOwnCentre } from '@/console/app/own-centre';
import { contractEventsQueryOptions } from '@/console/api/contract-events';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { UnavailableHere } from '@/console/components/feedback';
import { RouteError } from '@/console/components/route-error';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { ContractLogScreen } from '@/console/features/contract/contract-log-screen';
import {
  CONTRACT_LOG_SEARCH_DEFAULTS,
  contractLogSearchSchema,
} from '@/console/features/contract/log-search';
import { loadArea } from '@/console/lib/i18n';
import type { OperationId } from '@/contract/operations';

const NEEDS: readonly OperationId[] = ['listChildCenters', 'sendPartnerWebhook'];

// Every contract event of the signed-in parent (docs/decisions/0016), shared by whoever manages it.
export const Route = createFileRoute('/_auth/contract-log')({
  validateSearch: contractLogSearchSchema,
  search: { middlewares: [stripSearchParams(CONTRACT_LOG_SEARCH_DEFAULTS)] },
  loader: async ({ context }) => {
    const { queryClient, session, environment } = context;
    if (!NEEDS.every((operation) => environment.operations.includes(operation))) return;
    try {
      await Promise.all([
        loadArea('contract'),
        queryClient.ensureQueryData(childCentersQueryOptions(session.providerId)),
        queryClient.ensureQueryData(contractEventsQueryOptions()),
      ]);
    } catch (error) {
      // A centre's own login acts on no contract, so it has no log.
      rethrowOrOpenOwnCentre(error, session.providerId);
    }
  },
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent']],
  component: ContractLogRoute,
});

function ContractLogRoute() {
  const { session, environment } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!NEEDS.every((operation) => environment.operations.includes(operation)))
    return <UnavailableHere environment={environment.kind} />;
  return (
    <ContractLogScreen
      providerId={session.providerId}
      search={search}
      onSearchChange={(patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }) })}
    />
  );
}
