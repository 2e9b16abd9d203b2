// POST /auth/connection: a person works through another of their connections from now on
// (docs/decisions/0023). The session's record is rebound (its old token no longer opens), the
// switch is recorded, and the answer is the session as it now is.
import { actorOf, ownerOf, recordEntries, requestFields, type AuditRecording } from '../audit/index.ts';
import type { Ctx } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { SessionManager } from '../../core/sessions/sessions.ts';
import type { AccessControl, Authorization, Directory } from '../people/index.ts';
import { wireSession } from './session-wire.ts';

export interface SwitchDeps extends AuditRecording {
  auth: Authorization;
  sessions: SessionManager;
  access: AccessControl;
  directory: Directory | undefined;
}

/** After `permit('switchConnection')`: the session moved to the connection named. */
export async function switchConnection(deps: SwitchDeps, c: Ctx, connectionId: string): Promise<Response> {
  const { session, access } = c.var;
  if (access.kind !== 'person')
    refuse(400, 'invalid_request', 'A client-credential session works through its own credentials only.');
  const grant = access.grants.find((candidate) => candidate.connection.id === connectionId);
  if (!grant) {
    // Recorded as every other refusal is, within the session's bound (issue 46, L4); the answer
    // says nothing of that connection.
    await deps.auth.recordDenied(c, {
      status: 403,
      code: 'forbidden',
      detail: { operation: 'switchConnection', connection: connectionId.slice(0, 100) },
    });
    return refuse(403, 'forbidden', 'You have no role on that connection: ask one of its admins.');
  }
  const { connection } = grant;
  const switched = await deps.sessions.rebind(session, {
    environment: connection.environment,
    providerId: connection.providerId,
    clientId: connection.clientId,
    providerVerified: connection.providerVerified,
    person: session.person,
    connectionId: connection.id,
  });
  if (!switched) return deps.auth.unauthenticated('expired');
  await deps.directory?.setLastConnection(access.person.id, connection.id);
  await recordEntries(deps, c, [
    {
      ...requestFields(c, deps.now),
      environment: switched.environment,
      actor: actorOf(switched),
      ownerProviderId: ownerOf(switched),
      action: 'auth.connection_switch',
      centreId: switched.providerId,
      subject: null,
      outcome: { status: 200, code: null },
      detail: { from: session.connectionId ?? null },
    },
  ]);
  const now = await deps.access.of(switched);
  if (now.kind === 'ended') return deps.auth.unauthenticated('expired');
  return c.json(wireSession(switched, now));
}
