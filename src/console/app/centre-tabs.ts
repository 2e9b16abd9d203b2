import type { OperationId } from '@/contract/operations';
import type { MessageKey } from '@/console/lib/i18n';
import type { FileRoutesByTo } from '@/console/routeTree.gen';

/**
 * The tabs of a centre's page, as one list, in order: each is a child route of
 * `/centres/$centreId` owned by its feature folder, and names the upstream operations it needs so
 * that an environment without them does not offer it (D3). Only tabs that exist are listed; the
 * first one present is the page's default.
 */
export interface CentreTab {
  /** A child route of the centre's page (the page itself types the list while it has no tabs). */
  to: '/centres/$centreId' | Extract<keyof FileRoutesByTo, `/centres/$centreId/${string}`>;
  label: MessageKey;
  needs: readonly OperationId[];
  /** Shown only to a parent looking at one of its centres, not to a centre's own login (D3). */
  parentOnly?: boolean;
}

export const CENTRE_TABS: readonly CentreTab[] = [
  {
    to: '/centres/$centreId/licences',
    label: 'centre.tab.licences',
    needs: ['getLicenses', 'listDoctorsWithLicenses'],
  },
  { to: '/centres/$centreId/doctors', label: 'centre.tab.doctors', needs: ['listDoctorsWithLicenses'] },
  // 4.9, with the doctor picker's 4.6 (rules 2 and 3 name a doctor of the centre).
  {
    to: '/centres/$centreId/templates',
    label: 'centre.tab.templates',
    needs: ['listReportTemplates', 'listDoctorsWithLicenses'],
  },
];

export function centreTabsFor(operations: readonly OperationId[], ownCentre: boolean): CentreTab[] {
  return CENTRE_TABS.filter(
    (tab) =>
      tab.to !== '/centres/$centreId' &&
      (!tab.parentOnly || !ownCentre) &&
      tab.needs.every((operation) => operations.includes(operation)),
  );
}
