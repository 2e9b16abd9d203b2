// /watch: what a person asks of the watcher (docs/decisions/0025). `POST /watch/refresh` asks for
// the connection they work through to be read again now, after the refresh running if any; the
// answer says whether a job was sent (false: one was already waiting, and will read the service
// after this request anyway). Only stored connections are watched: a client-credential session has
// none.
import { Hono } from 'hono';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { Authorization } from '../people/index.ts';
import { storedConnection } from './stored-connection.ts';

/** The watcher's on-demand refresh, where this proxy runs one. */
export interface RefreshRequests {
  /** Asks for a refresh of a stored connection now; false when one is already waiting to run. */
  refresh(connectionId: string): Promise<boolean>;
}

export interface WatchRouteDeps {
  auth: Authorization;
  /** Absent where the watcher does not run (WATCH=false). */
  watch: RefreshRequests | undefined;
}

export function watchRoutes({ auth, watch }: WatchRouteDeps) {
  return new Hono<ProxyEnv>().post('/refresh', auth.permit('refreshCentres'), storedConnection, async (c) => {
    if (!watch) refuse(503, 'watch_off', 'The watcher does not run on this proxy (WATCH=false).');
    return c.json({ requested: await watch.refresh(c.var.watchedConnection) }, 202);
  });
}
