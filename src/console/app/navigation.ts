import type { OperationId } from '@/contract/operations';
import type { MessageKey } from '@/console/lib/i18n';
import type { FileRoutesByTo } from '@/console/routeTree.gen';

/**
 * The console's navigation, as one list: each entry names the upstream operations its screen
 * needs, so an environment that lacks them (development has only the token and doctor
 * registration, D3) does not offer the entry, and its address says so (app/screen-rules.ts). Only
 * screens that exist are listed.
 */
export interface NavigationEntry {
  to: keyof FileRoutesByTo;
  label: MessageKey;
  needs: readonly OperationId[];
}

export const NAVIGATION = [
  // Parents only: a centre's own login gets 403 on the child list and lands on its own page (D3).
  {
    to: '/overview',
    label: 'nav.overview',
    needs: ['listChildCenters', 'getLicenses', 'listDoctorsWithLicenses'],
  },
  { to: '/centres', label: 'nav.centres', needs: ['listChildCenters'] },
  // D3: the one screen besides sign-in that the development environment offers.
  { to: '/doctors/register', label: 'nav.registerDoctors', needs: ['registerDoctors'] },
  // What was done through the console (docs/decisions/0022): the proxy's own log, in every
  // environment and for every login (a centre's own login reads its own entries).
  { to: '/activity', label: 'nav.activity', needs: [] },
] as const satisfies readonly NavigationEntry[];

/** Whether an environment offers everything a screen needs (D3). */
export const offers = (operations: readonly OperationId[], needs: readonly OperationId[]) =>
  needs.every((operation) => operations.includes(operation));

/**
 * The entries an environment offers (D3); to a centre's own login (its child list answers 403, D3),
 * none built on the child list: they would only send it back to its own page.
 */
export function navigationFor(
  operations: readonly OperationId[],
  { ownCentre = false }: { ownCentre?: boolean } = {},
): NavigationEntry[] {
  return NAVIGATION.filter(
    (entry) =>
      offers(operations, entry.needs) &&
      !(ownCentre && (entry.needs as readonly OperationId[]).includes('listChildCenters')),
  );
}
