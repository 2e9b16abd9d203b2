import { z } from 'zod/mini';
import { LICENCE_TYPES } from '@/console/domain/plans';
import { oneOfParam, textParam } from '@/console/lib/search-params';

// The Licences tab's state, in the URL (list state lives there, docs/decisions/0006), kept apart
// from the screen: route files import it for `validateSearch`, and what they import travels with
// the entry.

/**
 * The type listed (none chosen: the centre's first plan) and the doctor whose licences the drawer
 * shows (4.7 `userId`, the external id: `doctor`, as on the Templates tab), so a link reproduces
 * the view.
 */
export const licencesSearchSchema = z.object({
  type: oneOfParam(['', ...LICENCE_TYPES], ''),
  doctor: textParam(100),
  /** The drawer's parameter before it was `doctor`: read only to send a saved link on to it. */
  user: textParam(100),
});
export type LicencesSearch = z.output<typeof licencesSearchSchema>;

/**
 * The same view under today's names, when the URL uses the old `user` (a saved
 * `?user=101-doc-001`): the route redirects there, so the drawer opens and the address is current.
 * Undefined when nothing is to be renamed.
 */
export function renamedLicencesSearch(search: LicencesSearch): LicencesSearch | undefined {
  if (search.user === '') return undefined;
  return { ...search, doctor: search.doctor === '' ? search.user : search.doctor, user: '' };
}
/** Left out of the URL when they hold (`stripSearchParams`): a plain link is the default view. */
export const LICENCES_SEARCH_DEFAULTS: LicencesSearch = licencesSearchSchema.parse({});
