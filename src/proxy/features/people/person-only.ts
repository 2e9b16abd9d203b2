// The people and connections screens work on a person's connection: after `permit`, this puts the
// directory and the person's grant on `c.var`, or refuses a client-credential session (it has no
// people) and a host without a database (docs/decisions/0023).
import { createMiddleware } from 'hono/factory';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { PersonGranted } from './authorize.ts';
import type { Directory } from './directory.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** The person's grant on the connection they work through (after `personOnly`). */
    person: PersonGranted;
    directory: Directory;
  }
}

export const personOnly = (directory: Directory | undefined) =>
  createMiddleware<ProxyEnv>(async (c, next) => {
    const access = c.var.access;
    if (!directory || access.kind !== 'person')
      refuse(404, 'people_unavailable', 'People need the database and organisation sign-in.');
    c.set('person', access);
    c.set('directory', directory);
    await next();
  });

/** Every route group's last route: an unknown path under it is a 404 in our shape. */
export const noSuchEndpoint = (): never => refuse(404, 'not_found', 'There is no such endpoint.');
