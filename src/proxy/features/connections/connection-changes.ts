// What each change to a connection does once its route let it through (routes.ts): the change in
// the database, every instance told to forget what it cached about connections, the audit entry
// with the admin's name, and the watcher asked to read a new or mended connection at once.
import type { AddConnectionRequest, ReplaceSecretRequest } from '../../../proxy-api/people.ts';
import type { Ctx } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import { actorOf, ownerOf, recordEntries, requestFields } from '../audit/index.ts';
import type { Connection, Directory } from '../people/index.ts';
import { webhookReachOf, webhookUrlFor } from '../mail/index.ts';
import { exists, existsElsewhere, wireConnection } from './connection-access.ts';
import { verifyCredentials } from './connection-check.ts';
import type { FirstConnectionDeps } from './first-connection.ts';
import type { WebhookStore } from './webhook-repository.ts';

export interface ConnectionChangeDeps extends FirstConnectionDeps {
  /** The watcher's on-demand refresh (docs/decisions/0025); absent where it does not run. */
  watch: { refresh(connectionId: string): Promise<unknown> } | undefined;
  /** WEBHOOK_ALLOWED_HOSTS (features/mail/config.ts); empty or unset: any public host. */
  webhookAllowedHosts?: readonly string[] | undefined;
}

export const webhookWords =
  'Send url: an https:// incoming-webhook address of a public host (like https://hooks.slack.com/services/…), or null to remove it.';

/** After `stored(directory, true)`: the connection registered, its first admin the person. */
export async function addConnection(deps: ConnectionChangeDeps, c: Ctx, input: AddConnectionRequest) {
  const { directory } = c.var;
  const { person } = c.var.person;
  const env =
    deps.environments.get(input.environment) ??
    refuse(400, 'unknown_environment', `There is no environment "${input.environment.slice(0, 40)}".`);
  // The secret first (issue 46 M2): only someone who holds the provider's credentials learns that
  // it is connected already, and a connection is named only to those with a role on it.
  const verified = await verifyCredentials(deps, c, env, input);
  const duplicate = async () => {
    const existing = (await deps.access.connections()).find(
      (connection) => connection.environment === env.id && connection.providerId === input.providerId,
    );
    if (!existing) return undefined;
    const theirs = c.var.person.grants.find((grant) => grant.connection.id === existing.id);
    return theirs ? exists(theirs.connection.label) : existsElsewhere(input.providerId);
  };
  await duplicate();
  const added = await directory.addConnection({
    ...input,
    environment: env.id,
    providerVerified: verified.providerVerified,
    createdBy: person.id,
    at: deps.now(),
  });
  if (added === 'exists') return (await duplicate()) ?? existsElsewhere(input.providerId);
  // Whoever registers a connection is its first admin.
  await directory.grant(person.id, { connectionId: added.id, role: 'admin' }, person.id, deps.now());
  await deps.access.changed('connections');
  await record(deps, c, 'connection.add', added, 201);
  watchNow(deps, added.id);
  return c.json(wireConnection(added), 201);
}

/** After `theirConnection`: a new secret (and client id), verified as a sign-in is. */
export async function replaceSecret(deps: ConnectionChangeDeps, c: Ctx, input: ReplaceSecretRequest) {
  const { directory, adminConnection: connection } = c.var;
  const env = deps.environments.get(connection.environment) ?? unconfigured(connection.environment);
  const clientId = input.clientId ?? connection.clientId;
  const { clientSecret } = input;
  const verified = await verifyCredentials(deps, c, env, { ...connection, clientId, clientSecret });
  const replaced = await directory.replaceConnectionSecret(connection.id, {
    clientId,
    clientSecret,
    providerVerified: verified.providerVerified,
    at: deps.now(),
  });
  if (!replaced) return removedMeanwhile();
  await deps.access.changed('connections');
  await record(deps, c, 'connection.secret_replace', replaced, 200);
  watchNow(deps, replaced.id);
  return c.json(wireConnection(replaced));
}

/**
 * After `theirConnection`: the chat webhook for the connection's alerts (docs/decisions/0027). Its
 * URL is a bearer secret: sealed at rest, never answered back (only its host), never in the audit
 * entry (only its host).
 */
export async function setWebhook(
  deps: ConnectionChangeDeps,
  webhooks: WebhookStore,
  c: Ctx,
  url: string | null,
) {
  const connection = c.var.adminConnection;
  const reach = webhookReachOf(deps.environments.keys(), deps.webhookAllowedHosts);
  const checked = url === null ? undefined : webhookUrlFor(reach).safeParse(url);
  if (checked?.success === false) refuse(400, 'invalid_request', webhookWords);
  const value = checked?.data ?? null;
  if (!(await webhooks.set(connection.id, value, deps.now()))) removedMeanwhile();
  await deps.access.changed('connections');
  const changed = (await deps.access.connections()).find((candidate) => candidate.id === connection.id);
  const webhookHost = value === null ? null : new URL(value).host;
  const action = value === null ? 'connection.webhook_clear' : 'connection.webhook_set';
  await record(deps, c, action, connection, 200, { webhookHost });
  return c.json(wireConnection({ ...(changed ?? connection), webhookHost }));
}

/** After `theirConnection`: the connection removed, and every role on it with it. */
export async function removeConnection(deps: ConnectionChangeDeps, directory: Directory, c: Ctx) {
  const connection = c.var.adminConnection;
  await directory.removeConnection(connection.id);
  // Every role on it went with it: the sessions working through it end at their next request.
  await deps.access.changed('connections');
  await record(deps, c, 'connection.remove', connection, 204);
  return c.body(null, 204);
}

function unconfigured(environment: string): never {
  return refuse(409, 'unknown_environment', `The ${environment} environment is not configured here.`);
}

function removedMeanwhile(): never {
  return refuse(404, 'not_found', 'That connection was removed meanwhile.');
}

/** A new or mended connection is read at once (docs/decisions/0025), not at its next due tick. */
function watchNow(deps: ConnectionChangeDeps, connectionId: string): void {
  void deps.watch
    ?.refresh(connectionId)
    .catch((error: unknown) =>
      deps.log.warn(
        { event: 'watch_not_asked', connectionId, ...errorFacts(error) },
        'refresh not asked for',
      ),
    );
}

/** The change's audit entry, in the log of the provider the connection acts for. */
function record(
  deps: ConnectionChangeDeps,
  c: Ctx,
  action: string,
  connection: Connection,
  status: number,
  extra: Record<string, unknown> = {},
) {
  const { session } = c.var;
  return recordEntries(deps, c, [
    {
      ...requestFields(c, deps.now),
      environment: connection.environment,
      actor: actorOf(session),
      ownerProviderId: connection.providerVerified ? connection.providerId : ownerOf(session),
      action,
      centreId: connection.providerId,
      subject: connection.id,
      outcome: { status, code: null },
      detail: { label: connection.label, clientId: connection.clientId, ...extra },
    },
  ]);
}
