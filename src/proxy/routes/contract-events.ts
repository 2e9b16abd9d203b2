// /contract-events: the contract-event log of the signed-in provider (docs/decisions/0016), beside
// /auth and not under /api, which forwards only the spec's operations. And the recorder that
// writes it: around /api, it notes each forwarded partner-webhook call (spec 4.8) with the answer
// the console received, a timeout or an unreachable service included.
import { Hono, type MiddlewareHandler } from 'hono';
import type { ContractEvents } from '../../contract/console-wire.ts';
import { fail, type Logger, type ProxyEnv } from '../context.ts';
import { readContractEvents, recordAttempt, type ContractEventLog } from '../contract-event-log.ts';
import type { AppDeps } from '../deps.ts';
import { errorFacts } from '../error-codes.ts';
import { unauthenticated } from './auth.ts';

export function contractEventRoutes(deps: AppDeps, now: () => number) {
  const routes = new Hono<ProxyEnv>();

  // Only the session's own provider's log: the log is keyed by it, so another parent, or a
  // centre's own login, reads its own log and never this one (D3: a token acts for its provider).
  routes.get('/', async (c) => {
    const found = await deps.sessions.lookup(deps.carrier.read(c));
    if (found.kind !== 'active') return unauthenticated(deps, c, found.kind);
    const raw = c.req.query('centreId');
    if (raw !== undefined && !/^[1-9]\d{0,15}$/.test(raw))
      return fail(c, 400, 'invalid_request', 'centreId must be a positive whole number.');
    const centreId = raw === undefined ? undefined : Number(raw);
    const events = await readContractEvents(deps.store.contractEvents, found.session, now());
    const body: ContractEvents = {
      events: centreId === undefined ? events : events.filter((event) => event.centreId === centreId),
    };
    return c.json(body);
  });
  routes.all('/', (c) =>
    fail(c, 405, 'method_not_allowed', 'The contract-event log is read with GET.', { allow: 'GET' }),
  );
  routes.all('*', (c) => fail(c, 404, 'not_found', 'There is no such endpoint.'));
  return routes;
}

/**
 * Records every partner-webhook call /api forwarded: the sub-app marks what it sent upstream
 * (`forwarded`, with the session), and the answer it gives back is read here. A call never sent
 * (no session, refused by the allow-list, a renewal that failed) is not an attempt. A log that
 * cannot be written never changes the answer: the service may have acted on the event.
 */
export function contractEventRecorder(
  log: ContractEventLog,
  now: () => number,
  logger: Logger,
): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    await next();
    const forwarded = c.get('forwarded');
    if (c.get('operation') !== 'sendPartnerWebhook' || !forwarded?.body) return;
    try {
      await recordAttempt(log, forwarded.session, forwarded.body, c.res, now());
    } catch (error) {
      logger.warn(
        { event: 'contract_event_not_recorded', requestId: c.get('requestId'), ...errorFacts(error) },
        'contract event not recorded',
      );
    }
  };
}
