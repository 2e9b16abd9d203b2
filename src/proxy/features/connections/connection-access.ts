// Who may see and change which connection (docs/decisions/0023): an admin of it (ADMIN_EMAILS: of
// every one), where the database is. The middleware puts what a route works on on `c.var` (`person`
// and `directory` are declared by people/person-only.ts).
import { createMiddleware } from 'hono/factory';
import type { Connection as WireConnection } from '../../../proxy-api/people.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { Authorization, Granted, Connection, Directory } from '../people/index.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** The connection named in the path, which the person is an admin of (`theirConnection`). */
    adminConnection: Connection;
  }
}

export const wireConnection = (connection: Connection): WireConnection => ({
  id: connection.id,
  label: connection.label,
  environment: connection.environment,
  providerId: connection.providerId,
  clientId: connection.clientId,
  providerVerified: connection.providerVerified,
  state: connection.refusedAt === null ? 'ok' : 'refused',
  refusedAt: connection.refusedAt === null ? null : new Date(connection.refusedAt).toISOString(),
  createdAt: new Date(connection.createdAt).toISOString(),
  createdBy: connection.createdBy,
  webhookHost: connection.webhookHost,
});

/** The connections the person is an admin of (ADMIN_EMAILS: all). */
export const administered = (access: Granted) =>
  access.kind === 'person'
    ? access.grants.filter((grant) => grant.role === 'admin').map((grant) => grant.connection)
    : [];

export function notAdmin(): never {
  return refuse(404, 'not_found', 'You are not an admin of such a connection.');
}

/**
 * After `permit`: connections live in the database; with `person`, only a person registers one
 * (a client-credential session has no people). Puts the directory (and the person) on `c.var`.
 */
export const stored = (directory: Directory | undefined, person = false) =>
  createMiddleware<ProxyEnv>(async (c, next) => {
    const { access } = c.var;
    if (!directory || (person && access.kind !== 'person'))
      refuse(404, 'people_unavailable', 'Connections need the database, which this host does not have.');
    if (access.kind === 'person') c.set('person', access);
    c.set('directory', directory);
    await next();
  });

/**
 * After `permit`: the connection of the path's `:id` that the person administers, where `available`.
 * Any other (another parent's, or none) is one refusal whatever it is, and an `access.denied` entry
 * as every other refusal is (issue 46 L4): the entry keeps the id asked for, the answer nothing.
 */
export const theirConnection = (
  deps: { auth: Authorization },
  operation: string,
  available: unknown = true,
) =>
  createMiddleware<ProxyEnv>(async (c, next) => {
    const id = c.req.param('id') ?? '';
    const connection = administered(c.var.access).find((candidate) => candidate.id === id);
    // Within the session's bound on recorded entries, as every refusal is.
    if (!connection && available)
      await deps.auth.recordDenied(c, {
        status: 404,
        code: 'not_found',
        detail: { operation, connection: id.slice(0, 100) },
      });
    if (!connection || !available) notAdmin();
    c.set('adminConnection', connection);
    await next();
  });

/** The person's own connection for that environment and provider: named, it is theirs. */
export function exists(label: string): never {
  return refuse(
    409,
    'connection_exists',
    `You work through ${label} already: it is the connection for that environment and provider.`,
  );
}

/** Another organisation's connection (issue 46 M2): never named to someone without a role on it. */
export function existsElsewhere(providerId: number): never {
  return refuse(
    409,
    'connection_elsewhere',
    `Provider ${providerId} is connected in that environment already: ask that connection's admins to add you.`,
  );
}
