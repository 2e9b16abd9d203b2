import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { centreTabsFor } from '@/console/app/centre-tabs';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { UnavailableHere } from '@/console/components/feedback';
import { RouteError } from '@/console/components/route-error';
import { CentreHeader } from '@/console/features/centres/centre-header';
import { CentreNotFound } from '@/console/features/centres/centre-not-found';
import { CentreTabs } from '@/console/features/centres/centre-tabs';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { CentreContractFacts } from '@/console/features/licences/centre-contract-facts';
import { loadArea } from '@/console/lib/i18n';

// A centre's page: its header above the tabs (child routes, app/centre-tabs.ts), each tab owned by
// its own feature folder.
export const Route = createFileRoute('/_auth/centres/$centreId')({
  params: {
    // A positive decimal id or nothing: anything else is not one of the user's centres.
    parse: (raw) => {
      if (!/^[1-9]\d{0,15}$/.test(raw.centreId)) throw notFound();
      return { centreId: Number(raw.centreId) };
    },
    stringify: ({ centreId }) => ({ centreId: String(centreId) }),
  },
  loader: async ({ context, params }) => {
    const { queryClient, session, environment } = context;
    // Signed in as the centre itself, a child cannot read its parent's list (D3); development has none.
    const list =
      environment.operations.includes('listChildCenters') && params.centreId !== session.providerId
        ? queryClient.ensureQueryData(childCentersQueryOptions(session.providerId))
        : undefined;
    // The screen's messages load beside its data, not after it (the header's contract facts are
    // the licences area's).
    const [, , centres] = await Promise.all([loadArea('centres'), loadArea('licences'), list]);
    if (centres && !centres.data.some((item) => item.id === params.centreId)) throw notFound();
  },
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  notFoundComponent: CentreNotFound,
  component: CentreLayout,
});

function CentreLayout() {
  const { centreId } = Route.useParams();
  const { session, environment } = Route.useRouteContext();
  if (!environment.operations.includes('listChildCenters'))
    return <UnavailableHere environment={environment.kind} />;
  const tabs = centreTabsFor(environment.operations, centreId === session.providerId);
  const contract =
    environment.operations.includes('getLicenses') &&
    environment.operations.includes('listDoctorsWithLicenses');
  return (
    <CentreHeader
      providerId={session.providerId}
      centreId={centreId}
      facts={contract ? <CentreContractFacts centreId={centreId} /> : null}
    >
      {tabs.length > 0 ? <CentreTabs centreId={centreId} tabs={tabs} /> : null}
      <Outlet />
    </CentreHeader>
  );
}
