import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { centreTabsFor } from '@/console/app/centre-tabs';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { UnavailableHere } from '@/console/components/feedback';
import { RouteError } from '@/console/components/route-error';
import { RouteTab, RouteTabs } from '@/console/components/route-tabs';
import { CentreHeader } from '@/console/features/centres/centre-header';
import { CentreNotFound } from '@/console/features/centres/centre-not-found';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { CentreContractFacts } from '@/console/features/licences/centre-contract-facts';
import { loadArea, useI18n } from '@/console/lib/i18n';

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
  const { t } = useI18n();
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
      {tabs.length > 0 ? (
        <RouteTabs label={t('centre.tabs')}>
          {tabs.map((tab) => (
            <RouteTab key={tab.to} to={tab.to} params={{ centreId }}>
              {t(tab.label)}
            </RouteTab>
          ))}
        </RouteTabs>
      ) : null}
      <Outlet />
    </CentreHeader>
  );
}
