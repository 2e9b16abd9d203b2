// POST /connections/first: the first admin (ADMIN_EMAILS) registers the first connection of a new
// deployment (docs/decisions/0023). They have signed in with the organisation, but a session works
// through a connection and there is none yet: the sign-in left a short-lived cookie naming them,
// which this call takes once. The connection is verified like any other, and the admin's session
// begins on it.
import { addConnectionRequestSchema } from '../../../proxy-api/people.ts';
import { actorOf, recordEntries, requestFields } from '../audit/recorder.ts';
import { fail, readJsonBody, type Ctx } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { verifyCredentials } from './connection-check.ts';
import { clearFirstAdmin, createPersonSession, takeFirstAdmin } from '../sign-in/person-session.ts';
import { wireSession } from '../sign-in/session-wire.ts';

export async function firstConnection(deps: AppDeps, c: Ctx): Promise<Response> {
  const { directory } = deps;
  if (!directory) return fail(c, 404, 'people_unavailable', 'Connections need the database.');
  const admin = await takeFirstAdmin(deps, c);
  if (!admin) return fail(c, 401, 'not_authenticated', 'Sign in with your organisation first.');
  if ((await directory.connections()).length > 0) {
    const response = fail(
      c,
      409,
      'connection_exists',
      'The first connection is registered already: sign in again.',
    );
    clearFirstAdmin(response);
    return response;
  }
  const body = await readJsonBody(c, true);
  if (body instanceof Response) return body;
  const parsed = addConnectionRequestSchema.safeParse(body);
  if (!parsed.success)
    return fail(
      c,
      400,
      'invalid_request',
      'Send label, environment, providerId (a positive whole number), clientId and clientSecret.',
    );
  const env = deps.environments.get(parsed.data.environment);
  if (!env)
    return fail(
      c,
      400,
      'unknown_environment',
      `There is no environment "${parsed.data.environment.slice(0, 40)}".`,
    );
  const verified = await verifyCredentials(deps, c, env, parsed.data);
  if (verified instanceof Response) return verified;
  const at = deps.now();
  const added = await directory.addConnection({
    ...parsed.data,
    environment: env.id,
    providerVerified: verified.providerVerified,
    createdBy: admin.personId,
    at,
  });
  if (added === 'exists') return fail(c, 409, 'connection_exists', 'That connection is registered already.');
  await directory.grant(admin.personId, { connectionId: added.id, role: 'admin' }, admin.personId, at);
  await admin.forget();
  await deps.access.changed('connections');
  const record = await deps.access.record(admin.personId);
  const started = record ? await createPersonSession(deps, c, record, admin) : undefined;
  if (!started) return fail(c, 401, 'access_removed', 'Your access was removed meanwhile.');
  await recordEntries(deps, c, [
    {
      ...requestFields(c, deps.now),
      environment: added.environment,
      actor: actorOf(started.session),
      ownerProviderId: added.providerVerified ? added.providerId : null,
      action: 'connection.add',
      centreId: added.providerId,
      subject: added.id,
      outcome: { status: 201, code: null },
      detail: { label: added.label, clientId: added.clientId, first: true },
    },
  ]);
  const response = c.json(wireSession(started.session, started.access), 201);
  deps.carrier.issue(response, started.session.id);
  clearFirstAdmin(response);
  return response;
}
