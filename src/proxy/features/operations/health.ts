// Probes for orchestrators: alive as long as the process answers; ready while the session store
// answers within its deadline and the database answers, saying which is out otherwise
// (docs/decisions/0020, 0018), so that a load balancer stops sending requests to an instance whose
// store is stalled or out of reach.
import { Hono } from 'hono';
import type { ProxyEnv } from '../../core/http/context.ts';
import type { AuditStore } from '../audit/store.ts';
import { problemBody } from '../../core/http/problems.ts';
import { StoreUnavailableError, type SessionStore } from '../../core/sessions/store.ts';

export function healthRoutes(store: SessionStore, audit: AuditStore) {
  const health = new Hono<ProxyEnv>();
  health.get('/healthz', (c) => c.json({ status: 'alive' }));
  health.get('/readyz', async (c) => {
    try {
      await store.ping();
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
    try {
      await audit.ping();
    } catch {
      const body = problemBody(503, 'not_ready', 'The database cannot be reached.', c.get('requestId'));
      return new Response(JSON.stringify({ ...body, store: 'ready', database: 'not_connected' }), {
        status: 503,
        headers: { 'content-type': 'application/problem+json' },
      });
    }
    return c.json({ status: 'ready', store: 'ready', database: 'ready' });
  });
  return health;
}
