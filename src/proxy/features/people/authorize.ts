// Every request that needs a session goes through here (docs/decisions/0023): the session is looked
// up, what it may do right now is read (access.ts), and the operation's requirement in THE table
// (src/proxy-api/permissions.ts) is checked. A refusal is a 403 problem in words and an entry of the
// audit log; a session whose person or role was removed ends (401) with a message that says so.
import {
  PERMISSION_WORDS,
  requirementOf,
  rolesGranting,
  type AnyOperationId,
  type Permission,
} from '../../../proxy-api/permissions.ts';
import { ownerOf, recordEntries, requestFields, actorOf } from '../audit/recorder.ts';
import { fail, rawTarget, type Ctx } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import type { Session } from '../../core/sessions/sessions.ts';
import type { Access } from './access.ts';

export type Granted = Exclude<Access, { kind: 'ended' }>;
export interface Authorized {
  session: Session;
  access: Granted;
}

export function unauthenticated(deps: Pick<AppDeps, 'carrier'>, c: Ctx, kind: 'none' | 'expired'): Response {
  if (kind === 'none') return fail(c, 401, 'not_authenticated', 'Sign in first.');
  const response = fail(c, 401, 'session_expired', 'Your session has ended. Sign in again.');
  deps.carrier.clear(response);
  return response;
}

/** The session behind the request and what it may do, or the answer that refuses it. */
export async function authorize(
  deps: AppDeps,
  c: Ctx,
  operation: AnyOperationId,
): Promise<Authorized | Response> {
  const found = await deps.sessions.lookup(deps.carrier.read(c));
  if (found.kind !== 'active') return unauthenticated(deps, c, found.kind);
  const { session } = found;
  const access = await deps.access.of(session);
  if (access.kind === 'ended') {
    await deps.sessions.end(session);
    deps.log.info(
      { event: 'session_ended', requestId: c.get('requestId'), reason: 'access removed' },
      'session ended',
    );
    const response = fail(c, 401, 'access_removed', access.detail);
    deps.carrier.clear(response);
    return response;
  }
  const requirement = requirementOf(operation);
  if (requirement === 'never') return fail(c, 404, 'not_found', 'There is no such operation.');
  if (requirement === 'signed-in' || requirement === 'public' || access.permissions.includes(requirement))
    return { session, access };
  return denied(deps, c, session, access, operation, requirement);
}

/**
 * The same check for what a page's HTML may show (first-screen.ts): the session and what it may do,
 * or undefined, with nothing answered, ended or logged. The console's own request for the same
 * data then meets `authorize` and its answer.
 */
export async function mayRead(
  deps: AppDeps,
  c: Ctx,
  operation: AnyOperationId,
): Promise<Authorized | undefined> {
  const found = await deps.sessions.lookup(deps.carrier.read(c));
  if (found.kind !== 'active') return undefined;
  const access = await deps.access.of(found.session);
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
  deps: AppDeps,
  c: Ctx,
  session: Session,
  access: Granted,
  operation: AnyOperationId,
  permission: Permission,
): Promise<Response> {
  deps.log.info(
    { event: 'access_denied', requestId: c.get('requestId'), operation, permission },
    'access denied',
  );
  // Each refusal is recorded, within the session's bound on recorded entries (docs/decisions/0018):
  // a session that keeps knocking cannot flood the log.
  const { count } = await deps.store.hit(`audit-changes:${session.key}`, 60_000);
  if (count <= deps.changesPerMinute)
    await recordEntries(deps, c, [
      {
        ...requestFields(c, deps.now),
        environment: session.environment,
        actor: actorOf(session),
        ownerProviderId: ownerOf(session),
        action: 'access.denied',
        centreId: centreOf(rawTarget(c)),
        subject: null,
        outcome: { status: 403, code: 'forbidden' },
        detail: {
          operation,
          permission,
          method: c.req.method,
          ...(access.kind === 'person' ? { role: access.role } : {}),
        },
      },
    ]);
  return fail(c, 403, 'forbidden', refusalDetail(access, permission));
}

/** The centre a refused call named in its path (spec §4's `/provider/{id}`), if any. */
function centreOf(target: string): number | null {
  const match = /\/provider\/([1-9]\d{0,15})(?:\/|\?|$)/.exec(target);
  return match ? Number(match[1]) : null;
}
