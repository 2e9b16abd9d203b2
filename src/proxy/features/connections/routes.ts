// /connections: the parent providers people work through (docs/decisions/0023). An admin registers
// one once (environment, provider id, client id, secret): the proxy verifies it as a sign-in,
// seals the secret with the deployment key and keeps it in the database; no answer ever carries
// it. A connection the service stopped accepting is flagged here, and fixed by replacing its
// secret. Every change is an audit entry with the admin's name, and every instance forgets what it
// cached about connections at once.
import { Hono } from 'hono';
import {
  addConnectionRequestSchema,
  replaceSecretRequestSchema,
  setWebhookRequestSchema,
  type Connection as WireConnection,
} from '../../../proxy-api/people.ts';
import { actorOf, ownerOf, recordEntries, requestFields } from '../audit/recorder.ts';
import { fail, readJsonBody, type Ctx, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import { authorize } from '../people/authorize-legacy.ts';
import { type Authorized } from '../people/authorize.ts';
import { verifyCredentials } from './connection-check.ts';
import type { Connection } from '../people/directory.ts';
import { firstConnection } from './first-connection.ts';
import { webhookUrl } from '../mail/webhook-url.ts';

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

const unavailable = (c: Ctx) =>
  fail(c, 404, 'people_unavailable', 'Connections need the database, which this host does not have.');

/** The connections the person is an admin of (ADMIN_EMAILS: all). */
const administered = (authorized: Authorized) =>
  authorized.access.kind === 'person'
    ? authorized.access.grants.filter((grant) => grant.role === 'admin').map((grant) => grant.connection)
    : [];

export function connectionRoutes(deps: AppDeps) {
  const routes = new Hono<ProxyEnv>();
  /** A new or mended connection is read at once (docs/decisions/0025), not at its next due tick. */
  const watchNow = (connectionId: string) => {
    void deps.watch
      ?.refresh(connectionId)
      .catch((error: unknown) =>
        deps.log.warn(
          { event: 'watch_not_asked', connectionId, ...errorFacts(error) },
          'refresh not asked for',
        ),
      );
  };
  const record = (
    c: Ctx,
    authorized: Authorized,
    action: string,
    connection: Connection,
    status: number,
    extra: Record<string, unknown> = {},
  ) =>
    recordEntries(deps, c, [
      {
        ...requestFields(c, deps.now),
        environment: connection.environment,
        actor: actorOf(authorized.session),
        // The entry belongs to the log of the provider the connection acts for.
        ownerProviderId: connection.providerVerified ? connection.providerId : ownerOf(authorized.session),
        action,
        centreId: connection.providerId,
        subject: connection.id,
        outcome: { status, code: null },
        detail: { label: connection.label, clientId: connection.clientId, ...extra },
      },
    ]);

  routes.get('/', async (c) => {
    const authorized = await authorize(deps, c, 'listConnections');
    if (authorized instanceof Response) return authorized;
    return c.json({ connections: administered(authorized).map(wireConnection) });
  });

  routes.post('/', async (c) => {
    const authorized = await authorize(deps, c, 'addConnection');
    if (authorized instanceof Response) return authorized;
    const { directory } = deps;
    if (!directory || authorized.access.kind !== 'person') return unavailable(c);
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
    const input = parsed.data;
    const env = deps.environments.get(input.environment);
    if (!env)
      return fail(
        c,
        400,
        'unknown_environment',
        `There is no environment "${input.environment.slice(0, 40)}".`,
      );
    const existing = (await deps.access.connections()).find(
      (connection) => connection.environment === env.id && connection.providerId === input.providerId,
    );
    if (existing) return exists(c, existing.label);
    const verified = await verifyCredentials(deps, c, env, input);
    if (verified instanceof Response) return verified;
    const person = authorized.access.person;
    const added = await directory.addConnection({
      ...input,
      environment: env.id,
      providerVerified: verified.providerVerified,
      createdBy: person.id,
      at: deps.now(),
    });
    if (added === 'exists') return exists(c, input.label);
    // Whoever registers a connection is its first admin.
    await directory.grant(person.id, { connectionId: added.id, role: 'admin' }, person.id, deps.now());
    await deps.access.changed('connections');
    await record(c, authorized, 'connection.add', added, 201);
    watchNow(added.id);
    return c.json(wireConnection(added), 201);
  });

  routes.put('/:id/secret', async (c) => {
    const authorized = await authorize(deps, c, 'replaceConnectionSecret');
    if (authorized instanceof Response) return authorized;
    const { directory } = deps;
    if (!directory) return unavailable(c);
    const connection = administered(authorized).find((candidate) => candidate.id === c.req.param('id'));
    if (!connection) return fail(c, 404, 'not_found', 'You are not an admin of such a connection.');
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = replaceSecretRequestSchema.safeParse(body);
    if (!parsed.success)
      return fail(c, 400, 'invalid_request', 'Send clientSecret (and clientId, when it changed too).');
    const env = deps.environments.get(connection.environment);
    if (!env)
      return fail(
        c,
        409,
        'unknown_environment',
        `The ${connection.environment} environment is not configured here.`,
      );
    const clientId = parsed.data.clientId ?? connection.clientId;
    const verified = await verifyCredentials(deps, c, env, {
      ...connection,
      clientId,
      clientSecret: parsed.data.clientSecret,
    });
    if (verified instanceof Response) return verified;
    const replaced = await directory.replaceConnectionSecret(connection.id, {
      clientId,
      clientSecret: parsed.data.clientSecret,
      providerVerified: verified.providerVerified,
      at: deps.now(),
    });
    if (!replaced) return fail(c, 404, 'not_found', 'That connection was removed meanwhile.');
    await deps.access.changed('connections');
    await record(c, authorized, 'connection.secret_replace', replaced, 200);
    watchNow(replaced.id);
    return c.json(wireConnection(replaced));
  });

  // docs/decisions/0027: the chat webhook for the connection's alerts. Its URL is a bearer secret:
  // sealed at rest, never answered back (only its host), never in the audit entry (only its host).
  routes.put('/:id/webhook', async (c) => {
    const authorized = await authorize(deps, c, 'setConnectionWebhook');
    if (authorized instanceof Response) return authorized;
    const connection = administered(authorized).find((candidate) => candidate.id === c.req.param('id'));
    if (!connection || !deps.webhooks)
      return fail(c, 404, 'not_found', 'You are not an admin of such a connection.');
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = setWebhookRequestSchema.safeParse(body);
    const url =
      parsed.success && parsed.data.url !== null ? webhookUrl.safeParse(parsed.data.url) : undefined;
    if (!parsed.success || url?.success === false)
      return fail(
        c,
        400,
        'invalid_request',
        'Send url: an https:// incoming-webhook address (like https://hooks.slack.com/services/…), or null to remove it.',
      );
    const value = url?.success ? url.data : null;
    if (!(await deps.webhooks.set(connection.id, value, deps.now())))
      return fail(c, 404, 'not_found', 'That connection was removed meanwhile.');
    await deps.access.changed('connections');
    const changed = (await deps.access.connections()).find((candidate) => candidate.id === connection.id);
    const webhookHost = value === null ? null : new URL(value).host;
    await record(
      c,
      authorized,
      value === null ? 'connection.webhook_clear' : 'connection.webhook_set',
      connection,
      200,
      {
        webhookHost,
      },
    );
    return c.json(wireConnection({ ...(changed ?? connection), webhookHost }));
  });

  routes.delete('/:id', async (c) => {
    const authorized = await authorize(deps, c, 'removeConnection');
    if (authorized instanceof Response) return authorized;
    const connection = administered(authorized).find((candidate) => candidate.id === c.req.param('id'));
    if (!connection || !deps.directory)
      return fail(c, 404, 'not_found', 'You are not an admin of such a connection.');
    await deps.directory.removeConnection(connection.id);
    // Every role on it went with it: the sessions working through it end at their next request.
    await deps.access.changed('connections');
    await record(c, authorized, 'connection.remove', connection, 204);
    return new Response(null, { status: 204 });
  });

  routes.post('/first', (c) => firstConnection(deps, c));

  routes.all('*', (c) => fail(c, 404, 'not_found', 'There is no such endpoint.'));
  return routes;
}

export const exists = (c: Ctx, label: string) =>
  fail(
    c,
    409,
    'connection_exists',
    `${label}: a connection for that environment and provider is registered already.`,
  );
