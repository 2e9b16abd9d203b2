// The watcher reads stored connections only (docs/decisions/0025): after `permit`, this puts the
// connection the person works through on `c.var`, or refuses a client-credential session, which has
// none (409 `no_connection`: the console then loads progressively).
import { createMiddleware } from 'hono/factory';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** The id of the stored connection the session works through (after `storedConnection`). */
    watchedConnection: string;
  }
}

export const storedConnection = createMiddleware<ProxyEnv>(async (c, next) => {
  const access = c.var.access;
  if (access.kind !== 'person')
    refuse(
      409,
      'no_connection',
      'Only stored connections are watched: sign in with your organisation to work through one.',
    );
  c.set('watchedConnection', access.connection.id);
  await next();
});
