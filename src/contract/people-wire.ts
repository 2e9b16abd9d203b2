import { z } from 'zod/mini';
import { PERMISSIONS, ROLES, type Permission } from './permissions.ts';
import { send, type CallInit, type UpstreamClient } from './transport.ts';

// People and connections on the console wire (issue 25, docs/decisions/0023): who is signed in as
// themselves, the connections they work through and their role on each, the People and
// Connections screens' calls, and the organisation sign-in's options. Ours, not the service's.
// Re-exported by console-wire.ts. No schema here ever carries a client secret back to a browser:
// a connection's secret goes in (to be verified and sealed), never out.

export const PEOPLE_PATHS = {
  signInOptions: '/auth/sign-in-options',
  /** A navigation (not a fetch): the proxy answers with a redirect to the organisation's provider. */
  organisationStart: '/auth/organisation/start',
  organisationCallback: '/auth/organisation/callback',
  switchConnection: '/auth/connection',
  people: '/people',
  connections: '/connections',
} as const;

/**
 * Where a failed organisation sign-in lands: the console's sign-in page with `signIn=<code>` (one
 * of SIGN_IN_PROBLEMS), which says what happened and offers Retry. Nothing is half signed in.
 */
export const SIGN_IN_PROBLEM_PARAM = 'signIn';
export const SIGN_IN_PROBLEMS = [
  /** The organisation's provider could not be reached, or answered something unusable. */
  'organisation_unavailable',
  /** The sign-in came back without the transaction that started it: expired, replayed or forged. */
  'signin_expired',
  /** The provider refused or the person cancelled (an OAuth error in the answer). */
  'signin_refused',
  /** The provider's answer did not validate (code, state, nonce, ID token). */
  'signin_failed',
  /** The person is not known to the console: not invited, not matched by a claim. */
  'unknown_person',
  /** Known, but with a role on no connection yet. */
  'no_connection',
  /** The e-mail belongs to a person already bound to another account of the provider. */
  'account_mismatch',
] as const;
export type SignInProblem = (typeof SIGN_IN_PROBLEMS)[number];

/** `GET /auth/sign-in-options`: which ways to sign in this proxy offers. */
export const signInOptionsSchema = z.object({
  /** "Sign in with your organisation" (OpenID Connect). */
  organisation: z.boolean(),
  /** The client-credential form (and the demo buttons, where the demo is on). */
  clientCredentials: z.boolean(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

const role = z.enum(ROLES);
const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);
/** Permissions read tolerantly: one this console does not know is dropped. */
export const permissionsSchema = z.pipe(
  z.array(z.string()),
  z.transform((values: string[]): Permission[] => values.filter(isPermission)),
);

/** A connection's state: `refused` once the service stopped accepting its secret. */
export const CONNECTION_STATES = ['ok', 'refused'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
/** Read tolerantly: a state this console does not know counts as working. */
export const connectionStateSchema = z.pipe(
  z.string(),
  z.transform((value: string): ConnectionState => (value === 'refused' ? 'refused' : 'ok')),
);

/** A connection a person works through, as the session lists them (for the switcher). */
export const connectionChoiceSchema = z.object({
  id: z.string(),
  label: z.string(),
  environment: z.string(),
  providerId: z.int(),
  role,
  state: connectionStateSchema,
});
export type ConnectionChoice = z.infer<typeof connectionChoiceSchema>;

/** The person part of a session signed in as oneself (absent for client credentials). */
export const sessionPersonSchema = z.object({
  name: z.nullable(z.string()),
  email: z.string(),
  /** The ID token's subject: what the activity is filtered by. */
  subject: z.string(),
});

/** `POST /auth/connection`: work through another of one's connections. */
export const switchConnectionRequestSchema = z.object({ connectionId: z.string().check(z.minLength(1)) });

/** `POST /auth/logout` for a person: where the organisation's provider signs them out too. */
export const logoutAnswerSchema = z.optional(z.object({ signOutUrl: z.string() }));

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
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionsSchema = z.object({ connections: z.array(connectionSchema) });

const label = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));
const clientSecret = z.string().check(z.minLength(1), z.maxLength(1000));

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

export function getSignInOptions(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: PEOPLE_PATHS.signInOptions }, signInOptionsSchema, init);
}

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
