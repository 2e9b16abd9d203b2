// POST /auth/connection: a person works through another of their connections from now on
// (docs/decisions/0023). The session's record is rebound (its old token no longer opens), the
// switch is recorded, and the answer is the session as it now is.
import { switchConnectionRequestSchema } from '../../../proxy-api/people.ts';
import { actorOf, ownerOf, recordEntries, requestFields } from '../audit/recorder.ts';
import { fail, readJsonBody, type Ctx } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { authorize, unauthenticated } from '../people/authorize-legacy.ts';
import { wireSession } from './session-wire.ts';

export async function switchConnection(deps: AppDeps, c: Ctx): Promise<Response> {
  const { sessions } = deps;
  const authorized = await authorize(deps, c, 'switchConnection');
  if (authorized instanceof Response) return authorized;
  const body = await readJsonBody(c, true);
  if (body instanceof Response) return body;
  const parsed = switchConnectionRequestSchema.safeParse(body);
  if (!parsed.success) return fail(c, 400, 'invalid_request', 'Send {"connectionId": "…"}.');
  const { session, access } = authorized;
  if (access.kind !== 'person')
    return fail(
      c,
      400,
      'invalid_request',
      'A client-credential session works through its own credentials only.',
    );
  const grant = access.grants.find((candidate) => candidate.connection.id === parsed.data.connectionId);
  if (!grant) return fail(c, 403, 'forbidden', 'You have no role on that connection: ask one of its admins.');
  const { connection } = grant;
  const switched = await sessions.rebind(session, {
    environment: connection.environment,
    providerId: connection.providerId,
    clientId: connection.clientId,
    providerVerified: connection.providerVerified,
    person: session.person,
    connectionId: connection.id,
  });
  if (!switched) return unauthenticated(deps, c, 'expired');
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
  if (now.kind === 'ended') return unauthenticated(deps, c, 'expired');
  return c.json(wireSession(switched, now));
}
