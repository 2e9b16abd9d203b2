// /connections: the parent providers people work through (docs/decisions/0023). An admin registers
// one once (environment, provider id, client id, secret): the proxy verifies it as a sign-in,
// seals the secret with the deployment key and keeps it in the database; no answer ever carries
// it. A connection the service stopped accepting is flagged here, and fixed by replacing its
// secret. Every change is an audit entry with the admin's name, and every instance forgets what it
// cached about connections at once (connection-changes.ts).
import { Hono } from 'hono';
import {
  addConnectionRequestSchema,
  replaceSecretRequestSchema,
  setWebhookRequestSchema,
} from '../../../proxy-api/people.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { json } from '../../core/http/validation.ts';
import type { Authorization } from '../people/index.ts';
import { noSuchEndpoint } from '../people/index.ts';
import { administered, notAdmin, stored, theirConnection, wireConnection } from './connection-access.ts';
import {
  addConnection,
  removeConnection,
  replaceSecret,
  setWebhook,
  webhookWords,
  type ConnectionChangeDeps,
} from './connection-changes.ts';
import { firstAdminOnly, firstConnection } from './first-connection.ts';
import type { WebhookStore } from './webhook-repository.ts';

export interface ConnectionRouteDeps extends ConnectionChangeDeps {
  auth: Authorization;
  /** Connections' chat webhooks, sealed (docs/decisions/0027); absent without a database. */
  webhooks: WebhookStore | undefined;
}

const connectionWords =
  'Send label, environment, providerId (a positive whole number), clientId and clientSecret.';

export function connectionRoutes(deps: ConnectionRouteDeps) {
  const { auth, directory, webhooks } = deps;
  return (
    new Hono<ProxyEnv>()
      .get('/', auth.permit('listConnections'), (c) =>
        c.json({ connections: administered(c.var.access).map(wireConnection) }),
      )
      .post(
        '/',
        auth.permit('addConnection'),
        stored(directory, true),
        json(addConnectionRequestSchema, connectionWords),
        (c) => addConnection(deps, c, c.req.valid('json')),
      )
      .put(
        '/:id/secret',
        auth.permit('replaceConnectionSecret'),
        stored(directory),
        theirConnection(deps, 'replaceConnectionSecret'),
        json(replaceSecretRequestSchema, 'Send clientSecret (and clientId, when it changed too).'),
        (c) => replaceSecret(deps, c, c.req.valid('json')),
      )
      // docs/decisions/0027: the chat webhook for the connection's alerts.
      .put(
        '/:id/webhook',
        auth.permit('setConnectionWebhook'),
        theirConnection(deps, 'setConnectionWebhook', webhooks),
        json(setWebhookRequestSchema, webhookWords),
        (c) => setWebhook(deps, webhooks ?? notAdmin(), c, c.req.valid('json').url),
      )
      .delete(
        '/:id',
        auth.permit('removeConnection'),
        theirConnection(deps, 'removeConnection', directory),
        (c) => removeConnection(deps, directory ?? notAdmin(), c),
      )
      .post('/first', firstAdminOnly(deps), json(addConnectionRequestSchema, connectionWords), (c) =>
        firstConnection(deps, c, c.req.valid('json')),
      )
      .all('*', noSuchEndpoint)
  );
}
