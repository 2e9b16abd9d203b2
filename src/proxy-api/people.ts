import { z } from 'zod/mini';
import { sessionSchema } from './console.ts';
import { ROLES } from './permissions.ts';
import { connectionStateSchema, PEOPLE_PATHS, type SwitchConnectionRequest } from './sign-in.ts';
import { send, type CallInit, type UpstreamClient } from '../contract/transport.ts';

// People and connections on the console wire (issue 25, docs/decisions/0023): the People and
// Connections screens' calls; the session's own parts are sign-in-wire.ts's. Ours, not the
// service's. No schema here ever carries a client secret back to a browser: a connection's secret
// goes in (to be verified and sealed), never out.

const role = z.enum(ROLES);

/** `POST /auth/connection`, as the proxy parses it (the console sends a SwitchConnectionRequest). */
export const switchConnectionRequestSchema: z.ZodMiniType<SwitchConnectionRequest> = z.object({
  connectionId: z.string().check(z.minLength(1)),
});

/** `GET /connections`: every connection an admin manages, with its state; never its secret. */
export const connectionSchema = z.object({
  id: z.string(),
  label: z.string(),
  environment: z.string(),
  providerId: z.int(),
  clientId: z.string(),
  providerVerified: z.boolean(),
  state: connectionStateSchema,
  /** When the service last refused its secret (ISO), while `state` is `refused`. */
  refusedAt: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  /** The chat webhook's host when one is set; its URL is a secret and never sent back (decision 0027). */
  webhookHost: z.nullable(z.string()),
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionsSchema = z.object({ connections: z.array(connectionSchema) });

const label = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));
/** A connection's client secret, as a form or a request gives it (never as an answer carries it). */
export const clientSecretSchema = z.string().check(z.minLength(1), z.maxLength(1000));
const clientSecret = clientSecretSchema;

/** `POST /connections`: verified with the service (a token, the provider check) before it is kept. */
export const addConnectionRequestSchema = z.object({
  label,
  environment: z.string().check(z.minLength(1), z.maxLength(40)),
  providerId: z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  clientId: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  clientSecret,
});
export type AddConnectionRequest = z.infer<typeof addConnectionRequestSchema>;

/** `PUT /connections/{id}/secret`: a new secret (and client id) for the same provider. */
export const replaceSecretRequestSchema = z.object({
  clientId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  clientSecret,
});
export type ReplaceSecretRequest = z.infer<typeof replaceSecretRequestSchema>;

/** `PUT /connections/{id}/webhook`: a Slack-compatible incoming webhook (https), or null to remove it. */
export const setWebhookRequestSchema = z.object({
  url: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))),
});
export type SetWebhookRequest = z.infer<typeof setWebhookRequestSchema>;

/** Where a role came from: set in the console, or the identity provider's claim, or ADMIN_EMAILS. */
export const ROLE_SOURCES = ['console', 'claim', 'admin_emails'] as const;
export type RoleSource = (typeof ROLE_SOURCES)[number];

/** `GET /people`: the people with a role on the current connection. */
export const personSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role,
  source: z.pipe(
    z.string(),
    z.transform((value: string): RoleSource => ROLE_SOURCES.find((known) => known === value) ?? 'console'),
  ),
  /** Never signed in yet (an invitation waiting). */
  invited: z.boolean(),
  lastSignInAt: z.nullable(z.string()),
  subject: z.nullable(z.string()),
});
export type Person = z.infer<typeof personSchema>;
export const peopleSchema = z.object({ people: z.array(personSchema) });

/** `POST /people`: invite by e-mail with a role on the current connection. */
export const inviteRequestSchema = z.object({
  email: z.email().check(z.trim(), z.maxLength(254)),
  role,
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** `PUT /people/{id}/role`. */
export const changeRoleRequestSchema = z.object({ role });

export function getPeople(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: PEOPLE_PATHS.people }, peopleSchema, init);
}

export function getConnections(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: PEOPLE_PATHS.connections }, connectionsSchema, init);
}

export function invitePerson(client: UpstreamClient, input: InviteRequest, init?: CallInit) {
  return send(
    client,
    { method: 'POST', path: PEOPLE_PATHS.people, body: { json: input } },
    personSchema,
    init,
  );
}

export function changeRole(
  client: UpstreamClient,
  input: { personId: string } & z.infer<typeof changeRoleRequestSchema>,
  init?: CallInit,
) {
  return send(
    client,
    {
      method: 'PUT',
      path: `${PEOPLE_PATHS.people}/${encodeURIComponent(input.personId)}/role`,
      body: { json: { role: input.role } },
    },
    personSchema,
    init,
  );
}

export function removePerson(client: UpstreamClient, input: { personId: string }, init?: CallInit) {
  return send(
    client,
    { method: 'DELETE', path: `${PEOPLE_PATHS.people}/${encodeURIComponent(input.personId)}` },
    z.undefined(),
    init,
  );
}

export function addConnection(client: UpstreamClient, input: AddConnectionRequest, init?: CallInit) {
  return send(
    client,
    { method: 'POST', path: PEOPLE_PATHS.connections, body: { json: input } },
    connectionSchema,
    init,
  );
}

export function replaceConnectionSecret(
  client: UpstreamClient,
  input: { connectionId: string } & ReplaceSecretRequest,
  init?: CallInit,
) {
  const { connectionId, ...body } = input;
  return send(
    client,
    {
      method: 'PUT',
      path: `${PEOPLE_PATHS.connections}/${encodeURIComponent(connectionId)}/secret`,
      body: { json: body },
    },
    connectionSchema,
    init,
  );
}

export function setConnectionWebhook(
  client: UpstreamClient,
  input: { connectionId: string } & SetWebhookRequest,
  init?: CallInit,
) {
  const { connectionId, ...body } = input;
  return send(
    client,
    {
      method: 'PUT',
      path: `${PEOPLE_PATHS.connections}/${encodeURIComponent(connectionId)}/webhook`,
      body: { json: body },
    },
    connectionSchema,
    init,
  );
}

/** `DELETE /connections/{id}`: every role on it goes with it, and the sessions working through it end. */
export function removeConnection(client: UpstreamClient, input: { connectionId: string }, init?: CallInit) {
  return send(
    client,
    { method: 'DELETE', path: `${PEOPLE_PATHS.connections}/${encodeURIComponent(input.connectionId)}` },
    z.undefined(),
    init,
  );
}

/**
 * `POST /connections/first`: the first admin (ADMIN_EMAILS) registers a new deployment's first
 * connection, proven by the organisation sign-in's short-lived cookie; the answer is their session
 * on it (docs/decisions/0023).
 */
export function addFirstConnection(client: UpstreamClient, input: AddConnectionRequest, init?: CallInit) {
  return send(
    client,
    { method: 'POST', path: `${PEOPLE_PATHS.connections}/first`, body: { json: input } },
    sessionSchema,
    init,
  );
}
