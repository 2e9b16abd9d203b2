import type { OperationId } from '@/contract/operations';
import type { Permission } from '@/proxy-api/roles';
import { may, type Rights } from '@/console/domain/rights';
import { CENTRE_PAGE, CENTRE_TABS } from './centre-tabs.ts';
import { NAVIGATION, offers, type NavigationEntry } from './navigation.ts';

// The rules of an address, read once (routes/_auth/_screens.tsx): the operations its screens need,
// from the tables the navigation and the centre's tabs already declare (D3), and the centre it
// names, which must be the signed-in provider or one of its children (D3, 4.5).

/** Each screen's needs by route path, declared where its entry or tab is. */
const NEEDS: ReadonlyMap<string, readonly OperationId[]> = new Map(
  [...NAVIGATION, CENTRE_PAGE, ...CENTRE_TABS].map((screen) => [screen.to, screen.needs]),
);

/** Each screen's permission by route path (docs/decisions/0023): the navigation's entries. */
const PERMISSION: ReadonlyMap<string, Permission> = new Map(
  NAVIGATION.map((entry) => [entry.to, entry.permission]),
);

/** The screens the watcher's snapshots draw for a stored connection (docs/decisions/0025). */
const SNAPSHOTS: ReadonlySet<string> = new Set(
  NAVIGATION.filter((entry: NavigationEntry) => entry.snapshots).map((entry) => entry.to),
);

const pathOf = (fullPath: string) => fullPath.replace(/(.)\/$/, '$1');

/** A matched route, as the router describes it. */
export interface MatchedRoute {
  fullPath: string;
  params: unknown;
}

/** Every operation the matched screens need (a tab needs its own and its page's). */
export function needsOf(matches: readonly MatchedRoute[]): OperationId[] {
  const needs = new Set<OperationId>();
  for (const { fullPath } of matches)
    for (const operation of NEEDS.get(pathOf(fullPath)) ?? []) needs.add(operation);
  return [...needs];
}

/** What an address may show in an environment and to a login, before anything is asked. */
export type ScreenRule =
  /** D3: the environment lacks an operation the screen needs; nothing is asked of it. */
  | { kind: 'unavailable' }
  /**
   * The person's role does not allow the screen (docs/decisions/0023). The screen says why in
   * words (domain/permissions `missing`), with its code, not the entry's.
   */
  | { kind: 'forbidden'; permission: Permission }
  /** A centre's page: the login's own (no list to check), or one to find in its child list. */
  | { kind: 'centre'; centreId: number; own: boolean }
  /**
   * A screen built on the child list (4.5): a centre's own login gets 403 there (D3). `snapshots`:
   * the screen can draw from the watcher's snapshots first (docs/decisions/0025).
   */
  | { kind: 'child-list'; snapshots: boolean }
  /** Nothing to check: a screen without the list, or a centre id that is not one (the page says so). */
  | { kind: 'open' };

export function screenRule(
  matches: readonly MatchedRoute[],
  operations: readonly OperationId[],
  providerId: number,
  rights: Rights = {},
): ScreenRule {
  const needs = needsOf(matches);
  if (!offers(operations, needs)) return { kind: 'unavailable' };
  for (const { fullPath } of matches) {
    const permission = PERMISSION.get(pathOf(fullPath));
    if (permission !== undefined && !may(rights, permission)) return { kind: 'forbidden', permission };
  }
  const centreId = centreOf(matches);
  if (centreId === 'malformed') return { kind: 'open' };
  if (centreId !== undefined) return { kind: 'centre', centreId, own: centreId === providerId };
  if (!needs.includes('listChildCenters')) return { kind: 'open' };
  return { kind: 'child-list', snapshots: matches.some(({ fullPath }) => SNAPSHOTS.has(pathOf(fullPath))) };
}

/**
 * The centre an address names, as its page parsed it: a number, or 'malformed' when the page's
 * own parse refused it (that page says it is not among the login's centres, asking nothing).
 */
function centreOf(matches: readonly MatchedRoute[]): number | 'malformed' | undefined {
  for (const { params } of matches) {
    if (typeof params !== 'object' || params === null || !('centreId' in params)) continue;
    return typeof params.centreId === 'number' ? params.centreId : 'malformed';
  }
  return undefined;
}
