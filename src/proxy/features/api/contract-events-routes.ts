// /contract-events: the contract-event log of the signed-in provider (docs/decisions/0016), beside
// /auth and not under /api, which forwards only the spec's operations: a view of the audit log
// (docs/decisions/0018), which the recorder around /api writes.
import { Hono } from 'hono';
import { z } from 'zod/mini';
import type { ContractEvents } from '../../../proxy-api/console.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { query } from '../../core/http/validation.ts';
import { scopeOf } from '../audit/index.ts';
import type { AuditStore } from '../audit/index.ts';
import type { Authorization } from '../people/index.ts';
import { noSuchEndpoint } from '../people/index.ts';
import { readContractEvents } from './contract-events.ts';

export interface ContractEventRouteDeps {
  auth: Authorization;
  audit: AuditStore;
  now: () => number;
  /** How long the audit log keeps an entry: older events are not shown (AUDIT_RETENTION_DAYS). */
  auditRetentionMs: number;
}

const byCentre = query(
  z.object({ centreId: z.optional(z.string().check(z.regex(/^[1-9]\d{0,15}$/))) }),
  'centreId must be a positive whole number.',
);

export function contractEventRoutes(deps: ContractEventRouteDeps) {
  return (
    new Hono<ProxyEnv>()
      // Only the log of the provider whose credentials the session holds: another parent, or a
      // centre's own login, reads its own log and never this one (D3: a token acts for its provider).
      .get('/', deps.auth.permit('listContractEvents'), byCentre, async (c) => {
        const { centreId } = c.req.valid('query');
        const body: ContractEvents = {
          events: await readContractEvents(deps.audit, scopeOf(c.var.session), {
            centreId: centreId === undefined ? undefined : Number(centreId),
            since: deps.now() - deps.auditRetentionMs,
          }),
        };
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
