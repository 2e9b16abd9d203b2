// POST /connections/first: the first admin (ADMIN_EMAILS) registers the first connection of a new
// deployment (docs/decisions/0023). They have signed in with the organisation, but a session works
// through a connection and there is none yet: the sign-in left a short-lived cookie naming them,
// which this call takes once. The connection is verified like any other, and the admin's session
// begins on it.
import { createMiddleware } from 'hono/factory';
import type { AddConnectionRequest } from '../../../proxy-api/people.ts';
import type { Ctx, ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { EnvironmentConfig } from '../../core/upstream/environments.ts';
import { actorOf, recordEntries, requestFields } from '../audit/index.ts';
import {
  type CredentialCheck,
  type SealedStore,
  clearFirstAdmin,
  createPersonSession,
  takeFirstAdmin,
  type PersonSessionDeps,
  wireSession,
} from '../sign-in/index.ts';
import { verifyCredentials } from './connection-check.ts';

export interface FirstConnectionDeps extends PersonSessionDeps, SealedStore, CredentialCheck {
  environments: ReadonlyMap<string, EnvironmentConfig>;
}

type FirstAdmin = NonNullable<Awaited<ReturnType<typeof takeFirstAdmin>>>;

declare module 'hono' {
  interface ContextVariableMap {
    /** The first admin the organisation sign-in named, while no connection exists (`firstAdminOnly`). */
    firstAdmin: FirstAdmin;
  }
}

/** The first admin behind the request, while the deployment has no connection; refused otherwise. */
export const firstAdminOnly = (deps: FirstConnectionDeps) =>
  createMiddleware<ProxyEnv>(async (c, next) => {
    const { directory } = deps;
    if (!directory) refuse(404, 'people_unavailable', 'Connections need the database.');
    const admin = await takeFirstAdmin(deps, c);
    if (!admin) refuse(401, 'not_authenticated', 'Sign in with your organisation first.');
    if ((await directory.connections()).length > 0)
      refuse(409, 'connection_exists', 'The first connection is registered already: sign in again.', {
        onAnswer: clearFirstAdmin,
      });
    c.set('directory', directory);
    c.set('firstAdmin', admin);
    await next();
  });

/** After `firstAdminOnly`: the connection registered, and the admin's session begun on it. */
export async function firstConnection(
  deps: FirstConnectionDeps,
  c: Ctx,
  input: AddConnectionRequest,
): Promise<Response> {
  const { directory, firstAdmin: admin } = c.var;
  const env =
    deps.environments.get(input.environment) ??
    refuse(400, 'unknown_environment', `There is no environment "${input.environment.slice(0, 40)}".`);
  const verified = await verifyCredentials(deps, c, env, input);
  const at = deps.now();
  const added = await directory.addConnection({
    ...input,
    environment: env.id,
    providerVerified: verified.providerVerified,
    createdBy: admin.personId,
    at,
  });
  if (added === 'exists') refuse(409, 'connection_exists', 'That connection is registered already.');
  await directory.grant(admin.personId, { connectionId: added.id, role: 'admin' }, admin.personId, at);
  await admin.forget();
  await deps.access.changed('connections');
  const started = await startedOn(deps, c, admin);
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

/** The admin's session on the new connection; refused when their access went meanwhile. */
async function startedOn(deps: FirstConnectionDeps, c: Ctx, admin: FirstAdmin) {
  const record = await deps.access.record(admin.personId);
  const started = record ? await createPersonSession(deps, c, record, admin) : undefined;
  return started ?? refuse(401, 'access_removed', 'Your access was removed meanwhile.');
}
