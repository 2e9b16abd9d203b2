import type { OperationId } from '@/contract/operations';
import type { Permission } from '@/proxy-api/roles';
import { may, type Rights } from '@/console/domain/rights';
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
  /**
   * What the person's role must allow to open the screen (docs/decisions/0023): where it is
   * missing, the entry is not offered and its address says why (app/screen-rules.ts).
   */
  permission: Permission;
  /**
   * The screen draws from the watcher's snapshots when the session works through a stored
   * connection (docs/decisions/0025): its child list follows instead of going first.
   */
  snapshots?: true;
}

export const NAVIGATION = [
  // Parents only: a centre's own login gets 403 on the child list and lands on its own page (D3).
  {
    to: '/overview',
    label: 'nav.overview',
    needs: ['listChildCenters', 'getLicenses', 'listDoctorsWithLicenses'],
    permission: 'centres.view',
    snapshots: true,
  },
  { to: '/centres', label: 'nav.centres', needs: ['listChildCenters'], permission: 'centres.view' },
  // D3: the one screen besides sign-in that the development environment offers.
  {
    to: '/doctors/register',
    label: 'nav.registerDoctors',
    needs: ['registerDoctors'],
    permission: 'doctors.register',
  },
  // What was done through the console (docs/decisions/0022): the proxy's own log, in every
  // environment and for every login (a centre's own login reads its own entries).
  { to: '/activity', label: 'nav.activity', needs: [], permission: 'activity.view' },
  // One's own alerts (docs/decisions/0026): every person's role holds `alerts.view`; a
  // client-credential session's permissions lack it, so it is offered no inbox.
  { to: '/inbox', label: 'nav.inbox', needs: [], permission: 'alerts.view' },
  // The proxy's own screens (docs/decisions/0023): no upstream operation. Under /settings: the
  // proxy's own calls are /people and /connections on the same origin. Every role reads who works
  // through the connection (support included, read-only); only an admin changes it (the screen
  // says so where the controls would be) or manages connections.
  { to: '/settings/people', label: 'nav.people', needs: [], permission: 'people.view' },
  { to: '/settings/connections', label: 'nav.connections', needs: [], permission: 'connections.manage' },
] as const satisfies readonly NavigationEntry[];

/** Whether an environment offers everything a screen needs (D3). */
export const offers = (operations: readonly OperationId[], needs: readonly OperationId[]) =>
  needs.every((operation) => operations.includes(operation));

/**
 * The entries an environment offers (D3) and the person's role allows (docs/decisions/0023); to a
 * centre's own login (its child list answers 403, D3), none built on the child list: they would
 * only send it back to its own page.
 */
export function navigationFor(
  operations: readonly OperationId[],
  { ownCentre = false, rights = {} }: { ownCentre?: boolean; rights?: Rights } = {},
): NavigationEntry[] {
  return NAVIGATION.filter(
    (entry) =>
      offers(operations, entry.needs) &&
      may(rights, entry.permission) &&
      !(ownCentre && (entry.needs as readonly OperationId[]).includes('listChildCenters')),
  );
}
