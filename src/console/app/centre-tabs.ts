import type { OperationId } from '@/contract/operations';
import type { MessageKey } from '@/console/lib/i18n';
import type { FileRoutesByTo } from '@/console/routeTree.gen';
import { offers } from './navigation.ts';

/**
 * The tabs of a centre's page, as one list, in order: each is a child route of
 * `/centres/$centreId` owned by its feature folder, and names the upstream operations it needs so
 * that an environment without them does not offer it (D3), and its address says so
 * (app/screen-rules.ts). Only tabs that exist are listed; the first one present is the page's
 * default.
 */
export interface CentreTab {
  /** A child route of the centre's page (the page itself types the list while it has no tabs). */
  to: '/centres/$centreId' | Extract<keyof FileRoutesByTo, `/centres/$centreId/${string}`>;
  label: MessageKey;
  needs: readonly OperationId[];
  /** Shown only to a parent looking at one of its centres, not to a centre's own login (D3). */
  parentOnly?: boolean;
  /**
   * Shown only on a centre its parent bills (2.9 PARTNER_SELF): the partner webhook's actions are
   * for a parent enabled for self-billing, on its self-billed centres (spec 4.8, D3;
   * docs/decisions/0016).
   */
  selfBilledOnly?: boolean;
}

/** The centre's page itself, under every tab: its header reads the parent's child list (4.5). */
export const CENTRE_PAGE = { to: '/centres/$centreId', needs: ['listChildCenters'] } as const satisfies Pick<
  CentreTab,
  'to' | 'needs'
>;

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
  // 4.8, with the licence data (4.7, 4.6) it changes and checks against.
  {
    to: '/centres/$centreId/contract',
    label: 'contract.tab',
    needs: ['sendPartnerWebhook', 'getLicenses', 'listDoctorsWithLicenses'],
    parentOnly: true,
    selfBilledOnly: true,
  },
  // What was done to the centre through the console: the proxy's log (docs/decisions/0022).
  { to: '/centres/$centreId/activity', label: 'centre.tab.activity', needs: [] },
];

/** Whether the environment offers the Contract tab's operations (whoever may then act, 0016). */
export const contractOffered = (operations: readonly OperationId[]) =>
  CENTRE_TABS.some((tab) => tab.to === '/centres/$centreId/contract' && offers(operations, tab.needs));

/**
 * The tabs of one centre's page. `selfBilled`: the centre is billed by its parent (2.9
 * PARTNER_SELF), false while that is not known.
 */
export function centreTabsFor(
  operations: readonly OperationId[],
  ownCentre: boolean,
  selfBilled = false,
): CentreTab[] {
  return CENTRE_TABS.filter(
    (tab) =>
      tab.to !== '/centres/$centreId' &&
      (!tab.parentOnly || !ownCentre) &&
      (!tab.selfBilledOnly || selfBilled) &&
      offers(operations, tab.needs),
  );
}
