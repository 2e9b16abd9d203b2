// /contract-events: the contract-event log of the signed-in provider (docs/decisions/0016), beside
// /auth and not under /api, which forwards only the spec's operations: a view of the audit log
// (docs/decisions/0018), which the recorder around /api writes.
import { Hono } from 'hono';
import { z } from 'zod/mini';
import { CONTRACT_EVENT_LOG_LIMITS, type ContractEvents } from '../../../proxy-api/console.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { query } from '../../core/http/validation.ts';
import type { SessionStore } from '../../core/sessions/store.ts';
import { admitRead, cursorText, parseCursor, scopeOf } from '../audit/index.ts';
import type { AuditStore } from '../audit/index.ts';
import type { Authorization } from '../people/index.ts';
import { noSuchEndpoint } from '../people/index.ts';
import { readContractEvents } from './contract-events.ts';

export interface ContractEventRouteDeps {
  auth: Authorization;
  audit: AuditStore;
  /** Counts the pages a session reads per second (the audit feature's admitRead). */
  store: SessionStore;
  pagesPerSecond: number;
  now: () => number;
  /** How long the audit log keeps an entry: older events are not shown (AUDIT_RETENTION_DAYS). */
  auditRetentionMs: number;
}

const wholeNumber = /^[1-9]\d{0,15}$/;
const pageQuery = query(
  z.object({
    centreId: z.optional(z.string().check(z.regex(wholeNumber))),
    limit: z.optional(
      z.string().check(
        z.regex(wholeNumber),
        z.refine((value) => Number(value) <= CONTRACT_EVENT_LOG_LIMITS.page.max),
      ),
    ),
    cursor: z.optional(z.string().check(z.refine((value) => parseCursor(value) !== undefined))),
  }),
  `centreId must be a positive whole number, limit one from 1 to ${CONTRACT_EVENT_LOG_LIMITS.page.max}, and cursor the next of a page read before.`,
);

export function contractEventRoutes(deps: ContractEventRouteDeps) {
  return (
    new Hono<ProxyEnv>()
      // Only the log of the provider whose credentials the session holds: another parent, or a
      // centre's own login, reads its own log and never this one (D3: a token acts for its provider).
      .get('/', deps.auth.permit('listContractEvents'), pageQuery, async (c) => {
        const { centreId, limit, cursor } = c.req.valid('query');
        // Bounded per session: a page at a time, so many pages a second (issue 46's M4).
        await admitRead(
          { store: deps.store, auditPagesPerSecond: deps.pagesPerSecond },
          c.var.session,
          'contract',
        );
        const page = await readContractEvents(deps.audit, scopeOf(c.var.session), {
          centreId: centreId === undefined ? undefined : Number(centreId),
          since: deps.now() - deps.auditRetentionMs,
          limit: limit === undefined ? undefined : Number(limit),
          after: cursor === undefined ? undefined : parseCursor(cursor),
        });
        const body: ContractEvents = { events: page.events, next: page.next ? cursorText(page.next) : null };
        return c.json(body);
      })
      .all('/', () =>
        refuse(405, 'method_not_allowed', 'The contract-event log is read with GET.', {
          headers: { allow: 'GET' },
        }),
      )
      .all('*', noSuchEndpoint)
  );
}
