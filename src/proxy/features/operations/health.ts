// Probes for orchestrators: alive as long as the process answers; ready while the session store
// answers within its deadline and the database answers, saying which is out otherwise
// (docs/decisions/0020, 0018), so that a load balancer stops sending requests to an instance whose
// store is stalled or out of reach.
import { Hono } from 'hono';
import type { ProxyEnv } from '../../core/http/context.ts';
import { problemBody } from '../../core/http/problems.ts';
import { StoreUnavailableError } from '../../core/sessions/store.ts';

export interface HealthDeps {
  /** The session store: answers within its deadline, or throws why not. */
  store: { ping(): Promise<void> };
  /** The audit log's database. */
  audit: { ping(): Promise<void> };
}

/** `Content-Type` as Hono's `c.json` names it, so that this one replaces its default. */
const problemType = { 'Content-Type': 'application/problem+json' };

const storeState = (store: HealthDeps['store']) =>
  store.ping().then(
    () => 'ready' as const,
    (error: unknown) => (error instanceof StoreUnavailableError ? error.reason : 'command_failed'),
  );

export function healthRoutes({ store, audit }: HealthDeps) {
  return new Hono<ProxyEnv>()
    .get('/healthz', (c) => c.json({ status: 'alive' }))
    .get('/readyz', async (c) => {
      const state = await storeState(store);
      if (state !== 'ready') {
        const detail = `The session store is not answering (${state}).`;
        return c.json(
          { ...problemBody(503, 'not_ready', detail, c.var.requestId), store: state },
          503,
          problemType,
        );
      }
      const database = await audit.ping().then(
        () => true,
        () => false,
      );
      if (!database) {
        const body = problemBody(503, 'not_ready', 'The database cannot be reached.', c.var.requestId);
        return c.json({ ...body, store: 'ready', database: 'not_connected' }, 503, problemType);
      }
      return c.json({ status: 'ready', store: 'ready', database: 'ready' });
    });
}
