import { z } from 'zod/mini';
import { childListItemSchema, metaSchema } from '../contract/schemas.ts';
import { segment, send, type CallInit, type UpstreamClient } from '../contract/transport.ts';

// The proxy's reads of the child list (spec 4.5) from its per-parent index (docs/decisions/0024):
// one centre's own record, and the list a page at a time, searched and sorted on the server. Ours,
// not the service's: 4.5 has no read of one child, no search and no order but by id (D5). Served
// under /api beside the forwarded operations (whose paths all start /iam, /core, /payments or
// /reportExample), so that they share its session, CSRF check and bounds.

/** Relative to the console's `/api` client. */
export const CENTRE_INDEX_PATHS = {
  list: '/centres',
  one: (centreId: number) => `/centres/${segment(centreId)}`,
  own: '/centres/own',
} as const;

/** `GET /api/centres/{id}`: the centre as the parent's child list has it (2.3, D5's `city`). */
export const centreRecordSchema = z.object({ centre: childListItemSchema });
export type CentreRecord = z.infer<typeof centreRecordSchema>;

/**
 * `GET /api/centres/own`: the name of the centre a centre's own login acts for (D3: it cannot read
 * 4.5), as its parent's list last gave it to the proxy's watcher; null when the proxy never saw it.
 */
export const ownCentreSchema = z.object({ name: z.nullable(z.string()) });
export type OwnCentre = z.infer<typeof ownCentreSchema>;

export const CENTRE_SORTS = ['name', 'id', 'country', 'city'] as const;
export type CentreSort = (typeof CENTRE_SORTS)[number];

/** Page sizes of `GET /api/centres` (its default when `limit` is absent, and its most). */
export const CENTRE_PAGE_SIZE = { default: 50, max: 500 } as const;

const wholeNumber = (max: number) =>
  z.string().check(
    z.regex(/^\d{1,10}$/),
    z.refine((value) => Number(value) <= max),
  );

/** The query of `GET /api/centres`, as the proxy parses it (every value a string in a URL). */
export const centrePageQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(200))),
  sort: z.optional(z.enum(CENTRE_SORTS)),
  dir: z.optional(z.enum(['asc', 'desc'])),
  offset: z.optional(wholeNumber(1_000_000_000)),
  limit: z.optional(
    z.string().check(
      z.regex(/^[1-9]\d{0,9}$/),
      z.refine((value) => Number(value) <= CENTRE_PAGE_SIZE.max),
    ),
  ),
});
export type CentrePageQuery = z.infer<typeof centrePageQuerySchema>;

/** `GET /api/centres`: the page, and `meta` as in 2.5 (`total` counts what the search matched). */
export const centrePageSchema = z.object({ data: z.array(childListItemSchema), meta: metaSchema });
export type CentrePage = z.infer<typeof centrePageSchema>;

export function getCentre(client: UpstreamClient, input: { centreId: number }, init?: CallInit) {
  return send(
    client,
    { method: 'GET', path: CENTRE_INDEX_PATHS.one(input.centreId) },
    centreRecordSchema,
    init,
  );
}

export function getOwnCentre(client: UpstreamClient, _input: undefined, init?: CallInit) {
  return send(client, { method: 'GET', path: CENTRE_INDEX_PATHS.own }, ownCentreSchema, init);
}

export function getCentrePage(client: UpstreamClient, input: CentrePageQuery, init?: CallInit) {
  return send(client, { method: 'GET', path: CENTRE_INDEX_PATHS.list, query: input }, centrePageSchema, init);
}
