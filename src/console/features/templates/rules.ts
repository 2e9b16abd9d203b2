import { z } from 'zod/mini';
import type { ReportTemplatesRequest } from '@/console/api/list-report-templates';
import { oneOfParam, pageParam, pageSizeParam, textParam } from '@/console/lib/search-params';

/**
 * The three views of a centre's templates, one per rule of spec 4.9: the centre's own (rule 1),
 * a doctor's together with the centre's (rule 2), and only the doctor's own (rule 3).
 */
export const TEMPLATE_VIEWS = ['centre', 'doctor', 'own'] as const;
export type TemplateView = (typeof TEMPLATE_VIEWS)[number];

/** The doctor views need a doctor; the centre's view ignores one (it stays for switching back). */
export const needsDoctor = (view: TemplateView) => view !== 'centre';

/**
 * The tab's state, in the URL (list state lives there, docs/decisions/0006): the view, the doctor (their external id, the
 * spec's `userId`), the page and its size, and the template open in the drawer, so that reload,
 * back/forward and a shared link show the same rows and the same drawer.
 */
export const templatesSearchSchema = z.object({
  view: oneOfParam(TEMPLATE_VIEWS, 'centre'),
  // D9 (simulator): a userId is 1 to 100 characters.
  doctor: textParam(100),
  page: pageParam(),
  pageSize: pageSizeParam(),
  // zod/mini's own name: `z.catch` is not a promise's catch. A broken id closes the drawer.
  // oxlint-disable-next-line promise/valid-params
  template: z.catch(z.optional(z.int().check(z.minimum(0))), undefined),
});
export type TemplatesSearch = z.output<typeof templatesSearchSchema>;

/** The tab as it opens: these values are left out of the URL. */
export const TEMPLATES_SEARCH_DEFAULTS: TemplatesSearch = templatesSearchSchema.parse({});

/**
 * The request a view makes, or undefined while a doctor view has no doctor yet. Rule 1 sends only
 * the centre; rule 2 adds the doctor; rule 3 adds `excludeProvider=true`, never without a doctor
 * (D9: that is a 400, and the spec leaves its meaning out).
 */
export function templatesRequest(
  centreId: number,
  search: Pick<TemplatesSearch, 'view' | 'doctor' | 'page' | 'pageSize'>,
): ReportTemplatesRequest | undefined {
  // Spec 2.5: offset zero-based (lib/paging's `requestOf`, not imported: this module is in the
  // entry through the route's loader, and lib/paging would bring React Query's useQuery with it).
  const page = { providerId: centreId, offset: (search.page - 1) * search.pageSize, limit: search.pageSize };
  if (search.view === 'centre') return page;
  const userId = search.doctor.trim();
  if (userId === '') return undefined;
  return search.view === 'own' ? { ...page, userId, excludeProvider: true } : { ...page, userId };
}
