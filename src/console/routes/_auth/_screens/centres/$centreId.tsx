import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { centreTabsFor, contractOffered } from '@/console/app/centre-tabs';
import { offers } from '@/console/app/navigation';
import { RouteError } from '@/console/components/route-error';
import { RouteTab, RouteTabs } from '@/console/components/route-tabs';
import { CentreHeader } from '@/console/features/centres/centre-header';
import { CentreNotFound } from '@/console/features/centres/centre-not-found';
import { CentresSkeleton } from '@/console/features/centres/centres-skeleton';
import { ContractActionsNote } from '@/console/features/contract/no-actions';
import { useContractAvailability } from '@/console/features/contract/use-contract-availability';
import { CentreContractFacts } from '@/console/features/licences/centre-contract-facts';
import { loadArea, useI18n } from '@/console/lib/i18n';

// A centre's page: its header above the tabs (child routes, app/centre-tabs.ts), each tab owned by
// its own feature folder. That the centre is the login's own or one of its children is checked
// before it loads, with every screen's rules (routes/_auth/_screens.tsx).
export const Route = createFileRoute('/_auth/_screens/centres/$centreId')({
  params: {
    // A positive decimal id or nothing: anything else is not one of the user's centres.
    parse: (raw) => {
      if (!/^[1-9]\d{0,15}$/.test(raw.centreId)) throw notFound();
      return { centreId: Number(raw.centreId) };
    },
    stringify: ({ centreId }) => ({ centreId: String(centreId) }),
  },
  // The screen's messages load beside its data (the header's contract facts are the licences
  // area's, the Contract tab and why a centre has none the contract area's).
  loader: () => Promise.all([loadArea('centres'), loadArea('licences'), loadArea('contract')]),
  pendingComponent: CentresSkeleton,
  errorComponent: RouteError,
  notFoundComponent: CentreNotFound,
  component: CentreLayout,
});

function CentreLayout() {
  const { t } = useI18n();
  const { centreId } = Route.useParams();
  const { session, environment } = Route.useRouteContext();
  const ownCentre = centreId === session.providerId;
  const contractTab = contractOffered(environment.operations);
  // The Contract tab's condition (the centre's billing, 4.6) arrives with the header's facts.
  const contractActions = useContractAvailability(centreId, ownCentre, contractTab);
  const tabs = centreTabsFor(environment.operations, ownCentre, contractActions.kind === 'available');
  // The header's facts read the Licences tab's two operations.
  const facts = offers(environment.operations, ['getLicenses', 'listDoctorsWithLicenses']);
  return (
    <CentreHeader
      providerId={session.providerId}
      centreId={centreId}
      facts={
        facts ? (
          <>
            <CentreContractFacts centreId={centreId} />
            <ContractActionsNote centreId={centreId} ownCentre={ownCentre} offered={contractTab} />
          </>
        ) : null
      }
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
