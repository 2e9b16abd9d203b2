// Every request that needs a session goes through here (docs/decisions/0023): the session is looked
// up, what it may do right now is read (access.ts), and the operation's requirement in THE table
// (src/proxy-api/permissions.ts) is checked. `permit(operation)` is the middleware a route puts
// before its handler: it puts the session and its access on `c.var`, or throws the refusal (a 403
// problem in words and an entry of the audit log; a session whose person or role was removed ends,
// 401, with a message that says so).
import { createMiddleware } from 'hono/factory';
import {
  PERMISSION_WORDS,
  requirementOf,
  rolesGranting,
  type AnyOperationId,
  type Permission,
} from '../../../proxy-api/permissions.ts';
import { recordDenied } from '../audit/index.ts';
import type { AuditStore } from '../audit/index.ts';
import { rawTarget, type Ctx, type Logger, type ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { SessionCarrier } from '../../core/sessions/carrier.ts';
import type { Session, SessionManager } from '../../core/sessions/sessions.ts';
import type { SessionStore } from '../../core/sessions/store.ts';
import type { Access, AccessControl } from './access.ts';

export type Granted = Exclude<Access, { kind: 'ended' }>;
export type PersonGranted = Extract<Granted, { kind: 'person' }>;
export interface Authorized {
  session: Session;
  access: Granted;
}

// What `permit` puts on `c.var` for the handlers after it (Hono's typed context variables).
declare module 'hono' {
  interface ContextVariableMap {
    session: Session;
    access: Granted;
  }
}

/** What authorizing a request reads and writes. */
export interface AuthorizationServices {
  sessions: SessionManager;
  carrier: SessionCarrier;
  access: AccessControl;
  /** Counts the refusals a session may have recorded per minute (docs/decisions/0018). */
  store: SessionStore;
  audit: AuditStore;
  log: Logger;
  now: () => number;
  changesPerMinute: number;
}

export type Authorization = ReturnType<typeof createAuthorization>;

export function createAuthorization(services: AuthorizationServices) {
  return {
    /** The middleware: the session and what it may do on `c.var`, or the refusal thrown. */
    permit: (operation: AnyOperationId) =>
      createMiddleware<ProxyEnv>(async (c, next) => {
        const { session, access } = await authorize(services, c, operation);
        c.set('session', session);
        c.set('access', access);
        await next();
      }),
    authorize: (c: Ctx, operation: AnyOperationId) => authorize(services, c, operation),
    mayRead: (c: Ctx, operation: AnyOperationId) => mayRead(services, c, operation),
    /**
     * Records a refusal made after `permit` (another parent's connection, a refused switch) as an
     * `access.denied` entry of the request's session, within the same per-session bound as its own.
     */
    recordDenied: (c: Ctx, refusal: Parameters<typeof recordDenied>[3]) =>
      recordDenied(services, c, c.var.session, refusal),
    /** Ends the request as signed out: `none` (no session) or `expired` (its cookie is cleared). */
    unauthenticated: (kind: 'none' | 'expired'): never => unauthenticated(services.carrier, kind),
  };
}

export function unauthenticated(carrier: SessionCarrier, kind: 'none' | 'expired'): never {
  if (kind === 'none') refuse(401, 'not_authenticated', 'Sign in first.');
  return refuse(401, 'session_expired', 'Your session has ended. Sign in again.', {
    onAnswer: (response) => carrier.clear(response),
  });
}

/** The session behind the request and what it may do; throws the refusal otherwise. */
async function authorize(
  services: AuthorizationServices,
  c: Ctx,
  operation: AnyOperationId,
): Promise<Authorized> {
  const found = await services.sessions.lookup(services.carrier.read(c));
  if (found.kind !== 'active') return unauthenticated(services.carrier, found.kind);
  const { session } = found;
  const access = await services.access.of(session);
  if (access.kind === 'ended') {
    await services.sessions.end(session);
    services.log.info(
      { event: 'session_ended', requestId: c.get('requestId'), reason: 'access removed' },
      'session ended',
    );
    return refuse(401, 'access_removed', access.detail, {
      onAnswer: (response) => services.carrier.clear(response),
    });
  }
  const requirement = requirementOf(operation);
  if (requirement === 'never') return refuse(404, 'not_found', 'There is no such operation.');
  if (requirement === 'signed-in' || requirement === 'public' || access.permissions.includes(requirement))
    return { session, access };
  return denied(services, c, session, access, operation, requirement);
}

/**
 * The same check for what a page's HTML may show (first-screen.ts): the session and what it may do,
 * or undefined, with nothing answered, ended or logged. The console's own request for the same
 * data then meets `permit` and its answer.
 */
async function mayRead(
  services: AuthorizationServices,
  c: Ctx,
  operation: AnyOperationId,
): Promise<Authorized | undefined> {
  const found = await services.sessions.lookup(services.carrier.read(c));
  if (found.kind !== 'active') return undefined;
  const access = await services.access.of(found.session);
  if (access.kind === 'ended') return undefined;
  const requirement = requirementOf(operation);
  if (requirement === 'never') return undefined;
  return requirement === 'signed-in' || requirement === 'public' || access.permissions.includes(requirement)
    ? { session: found.session, access }
    : undefined;
}

/** Why a permission is missing, in words a person can act on. */
export function refusalDetail(access: Granted, permission: Permission): string {
  const what = PERMISSION_WORDS[permission];
  if (access.kind === 'client')
    return `A client-credential session cannot ${what}: people and connections are managed by people who sign in with their organisation.`;
  const label = access.connection.label;
  const roles = rolesGranting(permission);
  const ask = roles.length > 0 ? ` Ask an admin of ${label} for the ${roles[0]} role.` : '';
  return `Your role on ${label} is ${access.role}, which cannot ${what}.${ask}`;
}

async function denied(
  services: AuthorizationServices,
  c: Ctx,
  session: Session,
  access: Granted,
  operation: AnyOperationId,
  permission: Permission,
): Promise<never> {
  services.log.info(
    { event: 'access_denied', requestId: c.get('requestId'), operation, permission },
    'access denied',
  );
  // Each refusal is recorded, within the session's bound on recorded entries (docs/decisions/0018).
  await recordDenied(services, c, session, {
    status: 403,
    code: 'forbidden',
    centreId: centreOf(rawTarget(c)),
    detail: { operation, permission, ...(access.kind === 'person' ? { role: access.role } : {}) },
  });
  return refuse(403, 'forbidden', refusalDetail(access, permission));
}

/** The centre a refused call named in its path (spec §4's `/provider/{id}`), if any. */
function centreOf(target: string): number | null {
  const match = /\/provider\/([1-9]\d{0,15})(?:\/|\?|$)/.exec(target);
  return match ? Number(match[1]) : null;
}
