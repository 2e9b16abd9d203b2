// Probes for orchestrators: alive as long as the process answers; ready while the session store
// answers within its deadline, saying which state it is in otherwise (docs/decisions/0020), so that
// a load balancer stops sending requests to an instance whose store is stalled or out of reach.
import { Hono } from 'hono';
import type { ProxyEnv } from '../context.ts';
import { problemBody } from '../http-errors.ts';
import { StoreUnavailableError, type SessionStore } from '../session-store.ts';

export function healthRoutes(store: SessionStore) {
  const health = new Hono<ProxyEnv>();
  health.get('/healthz', (c) => c.json({ status: 'alive' }));
  health.get('/readyz', async (c) => {
    try {
      await store.ping();
      return c.json({ status: 'ready', store: 'ready' });
    } catch (error) {
      const state = error instanceof StoreUnavailableError ? error.reason : 'command_failed';
      const body = problemBody(
        503,
        'not_ready',
        `The session store is not answering (${state}).`,
        c.get('requestId'),
      );
      return new Response(JSON.stringify({ ...body, store: state }), {
        status: 503,
        headers: { 'content-type': 'application/problem+json' },
      });
    }
  });
  return health;
}
