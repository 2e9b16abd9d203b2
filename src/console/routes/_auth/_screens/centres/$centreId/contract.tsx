import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { contractEventsQueryOptions } from '@/console/api/contract-events';
import { licenceSummaryQueryOptions } from '@/console/api/get-licenses';
import { centreQueryOptions } from '@/console/api/get-centre';
import { everyDoctorWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { RouteError } from '@/console/components/route-error';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { ContractScreen } from '@/console/features/contract/contract-screen';
import { ActionForm } from '@/console/features/contract/load-action-form';
import { loadArea } from '@/console/lib/i18n';

// A centre's Contract tab: the partner webhook's actions for a self-billing parent (spec 4.8,
// docs/decisions/0016), over the same licence queries as the Licences tab.
export const Route = createFileRoute('/_auth/_screens/centres/$centreId/contract')({
  loader: ({ context, params }) =>
    Promise.all([
      loadArea('contract'),
      // The form's own chunk, fetched beside the data rather than after it.
      ActionForm.preload(),
      context.queryClient.ensureQueryData(licenceSummaryQueryOptions(params.centreId)),
      context.queryClient.ensureQueryData(everyDoctorWithLicensesQueryOptions(params.centreId)),
      context.queryClient.ensureQueryData(contractEventsQueryOptions(params.centreId)),
    ]),
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  // The loader travels in its own chunk, not with the entry (the login entry's budget, 0006); the
  // error component stays with the route tree, so that offline it needs no file (vite.config.ts).
  codeSplitGroupings: [['loader'], ['component']],
  component: ContractRoute,
});

function ContractRoute() {
  const { centreId } = Route.useParams();
  const { session, environment } = Route.useRouteContext();
  const ownCentre = centreId === session.providerId;
  // The centre's name (to confirm a cancellation) from the record the centre's page already holds.
  const centre = useQuery({ ...centreQueryOptions(session.providerId, centreId), enabled: !ownCentre });
  return (
    <ContractScreen
      environment={environment.id}
      providerId={session.providerId}
      centreId={centreId}
      centreName={ownCentre ? undefined : (centre.data?.name ?? String(centreId))}
    />
  );
}
