// Probes for orchestrators: alive as long as the process answers; ready while the session store
// answers within its deadline, the database answers and the job queue answers, saying which is out
// otherwise (docs/decisions/0020, 0018; issue 49, item 1), and not ready while the instance drains
// (drain.ts), so that a load balancer stops sending requests to an instance that cannot serve them
// or is about to stop.
import { Hono } from 'hono';
import type { ProxyEnv } from '../../core/http/context.ts';
import type { AuditStore } from '../audit/index.ts';
import { problemBody } from '../../core/http/problems.ts';
import { StoreUnavailableError, type SessionStore } from '../../core/sessions/store.ts';
import type { Drain } from './drain.ts';

/** The parts beyond the session store and the database that readiness covers (all optional). */
export interface ReadinessParts {
  /** The job queue (pg-boss): throws when it cannot answer. Absent: the watcher is off. */
  queue?: () => Promise<unknown>;
  drain?: Pick<Drain, 'draining'>;
}

/** The paths of the probes, which the request log leaves out at info level. */
export const probePaths: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

type PartState = 'ready' | 'off' | string;

export function healthRoutes(store: SessionStore, audit: AuditStore, parts: ReadinessParts = {}) {
  const health = new Hono<ProxyEnv>();
  health.get('/healthz', (c) => c.json({ status: 'alive' }));
  health.get('/readyz', async (c) => {
    const notReady = (detail: string, states: Record<string, PartState>) => {
      const body = problemBody(503, 'not_ready', detail, c.get('requestId'));
      return new Response(JSON.stringify({ ...body, ...states }), {
        status: 503,
        headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' },
      });
    };
    if (parts.drain?.draining)
      return notReady('The instance is draining before it stops.', { draining: 'true' });
    try {
      await store.ping();
    } catch (error) {
      const state = error instanceof StoreUnavailableError ? error.reason : 'command_failed';
      return notReady(`The session store is not answering (${state}).`, { store: state });
    }
    try {
      await audit.ping();
    } catch {
      return notReady('The database cannot be reached.', { store: 'ready', database: 'not_connected' });
    }
    let queue: PartState = 'off';
    if (parts.queue) {
      try {
        await parts.queue();
        queue = 'ready';
      } catch {
        return notReady('The job queue cannot be reached.', {
          store: 'ready',
          database: 'ready',
          queue: 'not_connected',
        });
      }
    }
    return c.json({ status: 'ready', store: 'ready', database: 'ready', queue });
  });
  return health;
}
