import type { ReportTemplatesRequest } from '@/console/api/list-report-templates';
import { means } from '@/console/lib/error-message';
import type { ReportTemplate } from '@/contract/schemas';
import type { TemplateView } from './rules.ts';

// What the tab makes of an answer: whose a template is, a failure it says more about, and what an
// empty answer means. Apart from rules.ts, whose URL and request the route reads in the entry: these
// serve only the screen, and ship with it.

/** Whose a template is (2.13 `ownerType`); a value outside the spec's two stays visible as such. */
export type TemplateOwner = 'doctor' | 'centre' | { unknown: string };

export function ownerOf(template: Pick<ReportTemplate, 'ownerType'>): TemplateOwner {
  if (template.ownerType === 'USER') return 'doctor';
  if (template.ownerType === 'HEALTH_PROVIDER') return 'centre';
  return template.ownerType;
}

/**
 * The failures this tab says more about than `describeError` can: a doctor id the centre does not
 * know (404 on a request with a `userId`, D9) and a centre outside the login (403, D3).
 */
export type TemplatesProblem = 'unknown-doctor' | 'forbidden' | 'other';

export function problemOf(error: unknown, request: ReportTemplatesRequest): TemplatesProblem {
  if (means(error, 'not-found') && request.userId !== undefined) return 'unknown-doctor';
  if (means(error, 'forbidden')) return 'forbidden';
  return 'other';
}

/** What an empty answer means in each view: nothing at all, or nothing for this doctor. */
export type EmptyKind = 'centre-has-none' | 'doctor-and-centre-have-none' | 'doctor-has-none';

export function emptyKindOf(view: TemplateView): EmptyKind {
  if (view === 'centre') return 'centre-has-none';
  return view === 'doctor' ? 'doctor-and-centre-have-none' : 'doctor-has-none';
}
