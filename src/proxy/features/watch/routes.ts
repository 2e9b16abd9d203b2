// /watch: what a person asks of the watcher (docs/decisions/0025). `POST /watch/refresh` asks for
// the connection they work through to be read again now, after the refresh running if any; the
// answer says whether a job was sent (false: one was already waiting, and will read the service
// after this request anyway). Only stored connections are watched: a client-credential session has
// none.
import { Hono } from 'hono';
import { fail, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../people/authorize-legacy.ts';

export function watchRoutes(deps: AppDeps) {
  const routes = new Hono<ProxyEnv>();
  routes.post('/refresh', async (c) => {
    const authorized = await authorize(deps, c, 'refreshCentres');
    if (authorized instanceof Response) return authorized;
    const { access } = authorized;
    if (access.kind !== 'person')
      return fail(
        c,
        409,
        'no_connection',
        'Only stored connections are watched: sign in with your organisation to work through one.',
      );
    if (!deps.watch)
      return fail(c, 503, 'watch_off', 'The watcher does not run on this proxy (WATCH=false).');
    const requested = await deps.watch.refresh(access.connection.id);
    return c.json({ requested }, 202);
  });
  return routes;
}
