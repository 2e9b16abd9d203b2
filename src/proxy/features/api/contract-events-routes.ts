// /contract-events: the contract-event log of the signed-in provider (docs/decisions/0016), beside
// /auth and not under /api, which forwards only the spec's operations: a view of the audit log
// (docs/decisions/0018), which the recorder around /api writes.
import { Hono } from 'hono';
import type { ContractEvents } from '../../../proxy-api/console.ts';
import { readContractEvents } from './contract-events.ts';
import { scopeOf } from '../audit/recorder.ts';
import { fail, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../people/authorize-legacy.ts';

export function contractEventRoutes(deps: AppDeps) {
  const routes = new Hono<ProxyEnv>();

  // Only the log of the provider whose credentials the session holds: another parent, or a
  // centre's own login, reads its own log and never this one (D3: a token acts for its provider).
  routes.get('/', async (c) => {
    const authorized = await authorize(deps, c, 'listContractEvents');
    if (authorized instanceof Response) return authorized;
    const raw = c.req.query('centreId');
    if (raw !== undefined && !/^[1-9]\d{0,15}$/.test(raw))
      return fail(c, 400, 'invalid_request', 'centreId must be a positive whole number.');
    const body: ContractEvents = {
      events: await readContractEvents(deps.audit, scopeOf(authorized.session), {
        centreId: raw === undefined ? undefined : Number(raw),
        since: deps.now() - deps.auditRetentionMs,
      }),
    };
    return c.json(body);
  });
  routes.all('/', (c) =>
    fail(c, 405, 'method_not_allowed', 'The contract-event log is read with GET.', { allow: 'GET' }),
  );
  routes.all('*', (c) => fail(c, 404, 'not_found', 'There is no such endpoint.'));
  return routes;
}
