import { z } from 'zod/mini';
import { AUDIT_OUTCOMES } from './audit-actions.ts';
import { buildUrl, send, type CallInit, type UpstreamClient } from '../contract/transport.ts';

// The activity (audit) log on the console wire (docs/decisions/0018): every change made through
// the proxy, kept in its database and read page by page, or as a CSV file. Ours, not the
// service's. Re-exported by console-wire.ts, beside the other console↔proxy calls.

export const ACTIVITY_PATHS = { page: '/audit/entries', csv: '/audit/entries.csv' } as const;

export { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditAction, type AuditOutcome } from './audit-actions.ts';

export const ACTIVITY_PAGE_SIZE = { default: 50, max: 200 } as const;

const id = z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/** Who acted: a client-credential session today; a person through a connection (issue 25). */
export const activityActorSchema = z.object({
  kind: z.string(),
  providerId: z.nullable(id),
  clientId: z.nullable(z.string()),
  person: z.optional(
    z.object({
      subject: z.string(),
      name: z.optional(z.nullable(z.string())),
      email: z.optional(z.nullable(z.string())),
    }),
  ),
  connectionId: z.optional(z.nullable(z.string())),
});
export type ActivityActor = z.infer<typeof activityActorSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  environment: z.string(),
  actor: activityActorSchema,
  /** The provider whose credentials were used, as the login verified it (null: unknown). */
  ownerProviderId: z.nullable(id),
  action: z.string(),
  centreId: z.nullable(id),
  /** Within the centre: a contract event's id, a doctor's own id. */
  subject: z.nullable(z.string()),
  /** The HTTP status the console received and the error's code: never the service's free text. */
  outcome: z.object({
    accepted: z.boolean(),
    status: z.nullable(z.int()),
    code: z.nullable(z.string()),
  }),
  requestId: z.nullable(z.string()),
  clientAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  /** Per action (the proxy's features/audit/details.ts): a contract event's body, a doctor's names… */
  detail: z.record(z.string(), z.unknown()),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** `GET /activity`: newest first; `next` is the cursor of the following page (null: the last). */
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  next: z.nullable(z.string()),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

const wholeNumber = z.string().check(z.regex(/^[1-9]\d{0,15}$/));
const actionName = /^[a-z][a-z0-9_.]{0,59}$/;

/**
 * The filters, as URL search parameters of `GET /activity` and `GET /activity.csv`: strings, as a
 * URL carries them. `action` is one action or several separated by commas; `actor` a client id;
 * `person` a person's subject (what they did, through any connection of this log's provider);
 * `from` is inclusive and `to` exclusive (ISO date-times); `cursor` continues a listing (`next`
 * of the previous page); `limit` is the page size (ACTIVITY_PAGE_SIZE).
 */
export const activityQuerySchema = z.object({
  centreId: z.optional(wholeNumber),
  action: z.optional(
    z.string().check(
      z.maxLength(600),
      z.refine((value) => value.split(',').every((name) => actionName.test(name)), 'unknown action'),
    ),
  ),
  actor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  person: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  outcome: z.optional(z.enum(AUDIT_OUTCOMES)),
  from: z.optional(z.iso.datetime({ offset: true })),
  to: z.optional(z.iso.datetime({ offset: true })),
  cursor: z.optional(z.string().check(z.regex(/^\d{1,16}\.\d{1,16}$/))),
  limit: z.optional(z.string().check(z.regex(/^[1-9]\d{0,2}$/))),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export function getActivity(client: UpstreamClient, query: ActivityQuery, init?: CallInit) {
  return send(client, { method: 'GET', path: ACTIVITY_PATHS.page, query }, activityPageSchema, init);
}

/**
 * The CSV export of a query (every entry it matches, one row each, oldest last): the raw answer,
 * whose body the caller saves as it arrives. It carries the console's header like every call.
 */
export function fetchActivityCsv(
  client: UpstreamClient,
  query: Omit<ActivityQuery, 'cursor' | 'limit'>,
  init?: CallInit,
): Promise<Response> {
  const url = buildUrl(client, { method: 'GET', path: ACTIVITY_PATHS.csv, query });
  return client.fetch(
    new Request(url, { headers: { accept: 'text/csv', ...client.headers }, signal: init?.signal ?? null }),
  );
}
