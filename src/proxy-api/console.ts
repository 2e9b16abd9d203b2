import { z } from 'zod/mini';
import type { ApiError } from '../contract/api-error.ts';
import { OPERATION_IDS, type OperationId } from '../contract/operations.ts';
import {
  connectionChoiceSchema,
  connectionStateSchema,
  logoutAnswerSchema,
  PEOPLE_PATHS,
  permissionsSchema,
  sessionPersonSchema,
  type SwitchConnectionRequest,
} from './sign-in.ts';
import { ROLES } from './roles.ts';
import { ok, type Result } from '../contract/result.ts';
import { send, type CallInit, type UpstreamClient } from '../contract/transport.ts';

// The wire between the console and the token proxy (decision 0005): not the upstream service's
// contract but our own, defined once here and used by the proxy, the console, the in-browser demo
// and the end-to-end tests. The proxy parses what it receives with these schemas; the console
// parses what it gets back with the same ones.

/**
 * Every `/auth`, `/api` and `/__sim` request from the console carries this header: a cross-site
 * form cannot send it, so the proxy refuses requests without it (its CSRF defence).
 */
export const CONSOLE_REQUEST_HEADER = { name: 'X-Requested-With', value: 'provider-console' } as const;
export const CONSOLE_HEADERS = { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value } as const;

/** The proxy's own paths (beside `/api/<spec path>`, which forwards the spec's operations). */
export const WIRE_PATHS = {
  environments: '/auth/environments',
  login: '/auth/login',
  /** Exists only while the demo environment is on (D12): signs in as a demo login by name. */
  demoLogin: '/auth/demo-login',
  session: '/auth/session',
  logout: '/auth/logout',
  /** The partner-webhook events this provider sent through the proxy (docs/decisions/0016, 0018). */
  contractEvents: '/contract-events',
} as const;

export const ENVIRONMENT_KINDS = ['demo', 'development', 'qa', 'production'] as const;
export type EnvironmentKind = (typeof ENVIRONMENT_KINDS)[number];

const isOperationId = (id: string): id is OperationId => (OPERATION_IDS as readonly string[]).includes(id);

/** `GET /auth/environments`: one entry per configured environment, with what it offers (D3). */
export const environmentSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  label: z.string(),
  kind: z.enum(ENVIRONMENT_KINDS),
  // An operation this console does not know yet is dropped, not fatal (a tolerant reading).
  operations: z.pipe(
    z.array(z.string()),
    z.transform((ids: string[]): OperationId[] => ids.filter(isOperationId)),
  ),
});
export type Environment = z.infer<typeof environmentSchema>;
export const environmentsSchema = z.array(environmentSchema);

const providerIdSchema = z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/**
 * `GET /auth/session` and the answer of `POST /auth/login`: who is signed in, never a secret.
 * `providerVerified` is false where the environment cannot confirm at login that the provider id
 * belongs to the credentials (development lacks the operations that would tell, D3); the console
 * says so in its shell. Read tolerantly: absent means verified.
 *
 * A person signed in as themselves (issue 25) works through a connection: the environment,
 * provider and client id are the connection's, and `person`, `connection`, `role` and
 * `connections` say who, through what, and what else they may switch to. `permissions` is what the
 * session may do (the proxy enforces it; the console shows only what it allows); absent, from a
 * proxy that predates roles, means everything.
 */
export const sessionSchema = z.object({
  environment: z.string().check(z.minLength(1), z.maxLength(40)),
  providerId: providerIdSchema,
  clientId: z.string().check(z.minLength(1), z.maxLength(200)),
  providerVerified: z.optional(z.boolean()),
  permissions: z.optional(permissionsSchema),
  person: z.optional(sessionPersonSchema),
  connection: z.optional(z.object({ id: z.string(), label: z.string(), state: connectionStateSchema })),
  role: z.optional(z.enum(ROLES)),
  connections: z.optional(z.array(connectionChoiceSchema)),
});
export type Session = z.infer<typeof sessionSchema>;

/** `POST /auth/login`: the client credentials of spec 4.1, and which environment and provider. */
export const loginRequestSchema = z.object({
  environment: z.string().check(z.minLength(1), z.maxLength(40)),
  providerId: providerIdSchema,
  clientId: z.string().check(z.minLength(1), z.maxLength(200)),
  clientSecret: z.string().check(z.minLength(1), z.maxLength(1000)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST /auth/demo-login`: which demo login (D12); the proxy holds their secrets. */
export const DEMO_LOGIN_NAMES = ['parent', 'processor'] as const;
export type DemoLoginName = (typeof DEMO_LOGIN_NAMES)[number];
export const demoLoginRequestSchema = z.object({ as: z.enum(DEMO_LOGIN_NAMES) });
export type DemoLoginRequest = z.infer<typeof demoLoginRequestSchema>;

/** The `code` of the proxy's own errors (`application/problem+json`, RFC 9457). */
export const PROBLEM_CODES = [
  'session_expired',
  'not_authenticated',
  'invalid_credentials',
  'provider_mismatch',
  /** The credentials are a parent's, used with one of its centres' ids (docs/decisions/0018). */
  'parent_credentials',
  'too_many_attempts',
  /** The session's role does not grant what the call needs (docs/decisions/0023). */
  'forbidden',
  /** An admin removed the person, or their role on the session's connection (docs/decisions/0023). */
  'access_removed',
  /** The service no longer accepts the secret of the session's connection (docs/decisions/0023). */
  'connection_refused',
  /** A connection for that environment and provider exists already: the person's own. */
  'connection_exists',
  /** A connection for that environment and provider exists already, one the person has no role on. */
  'connection_elsewhere',
  /** The person already has a role on this connection. */
  'already_member',
  /** The change would leave the connection without an admin. */
  'last_admin',
  /** Client-credential sign-in is switched off here (CLIENT_CREDENTIALS_LOGIN=false). */
  'client_credentials_off',
  /** People and connections need the database and organisation sign-in, which this host lacks. */
  'people_unavailable',
  /** One session made more changes in a minute than the proxy records (docs/decisions/0018). */
  'too_many_changes',
  /** One session read more pages of the audit log in a second than the proxy serves (docs/decisions/0018). */
  'too_many_reads',
  /** A contract event id this provider already sent with another body (docs/decisions/0018). */
  'event_id_reused',
  /** The watcher refreshes stored connections only; a client-credential session has none (0025). */
  'no_connection',
  /** A demo visitor added as much to the shared demo world as it allows until its reset (issue 46 M3). */
  'demo_limit',
  /** The watcher does not run on this proxy (WATCH=false, docs/decisions/0025). */
  'watch_off',
  'upstream_unavailable',
  'upstream_timeout',
  'upstream_bad_response',
  'not_found',
  'method_not_allowed',
  'csrf',
  'unsupported_media_type',
  'payload_too_large',
  'invalid_request',
  'request_timeout',
  'headers_too_large',
  'unknown_environment',
  'not_ready',
  'store_unavailable',
  'unknown_host',
  'internal_error',
  'too_many_requests',
  'demo_full',
  'control_token_required',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** The proxy's error body (read where every error is read, api-error.ts). */
export { problemBodySchema as problemSchema, type ProblemBody as Problem } from '../contract/api-error.ts';

// The calls, over the same transport as the spec's operations (`client.baseUrl` is the proxy's
// origin: '' in the browser), so that their failures are the same ApiError values.

export function getEnvironments(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: WIRE_PATHS.environments }, environmentsSchema, init);
}

/** The current session; 401 means "nobody is signed in" and is an answer here, not a failure. */
export async function getSession(
  client: UpstreamClient,
  init?: CallInit,
): Promise<Result<Session | null, ApiError>> {
  const result = await send(client, { method: 'GET', path: WIRE_PATHS.session }, sessionSchema, init);
  return !result.ok && result.error.status === 401 ? ok(null) : result;
}

export function login(client: UpstreamClient, input: LoginRequest, init?: CallInit) {
  return send(client, { method: 'POST', path: WIRE_PATHS.login, body: { json: input } }, sessionSchema, init);
}

export function demoLogin(client: UpstreamClient, input: DemoLoginRequest, init?: CallInit) {
  return send(
    client,
    { method: 'POST', path: WIRE_PATHS.demoLogin, body: { json: input } },
    sessionSchema,
    init,
  );
}

export function logout(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'POST', path: WIRE_PATHS.logout }, logoutAnswerSchema, init);
}

/** `POST /auth/connection` (docs/decisions/0023): the same person, through another connection. */
export function switchConnection(client: UpstreamClient, input: SwitchConnectionRequest, init?: CallInit) {
  return send(
    client,
    { method: 'POST', path: PEOPLE_PATHS.switchConnection, body: { json: input } },
    sessionSchema,
    init,
  );
}

// The contract-event log (docs/decisions/0016): every partner-webhook event (spec 4.8, D8) the
// proxy forwarded for a provider, with each attempt's answer: a view of its audit log
// (docs/decisions/0018), shared by every session of that provider. Ours, not the service's.

/**
 * What the log answers: a page of events, newest first, up to `page.max` (`page.default` when no
 * `limit` is asked), within the audit log's retention (`days` is its default, AUDIT_RETENTION_DAYS),
 * each with its latest attempts; `next` continues. One answer's size never grows with the history,
 * so one session reading the whole log cannot hold the proxy's thread (issue 46's M4).
 */
export const CONTRACT_EVENT_LOG_LIMITS = {
  page: { default: 25, max: 50 },
  days: 400,
  attemptsPerEvent: 20,
} as const;

/**
 * One attempt: what the console received for one sending of the event. `status` is the HTTP status
 * (the service's, or the proxy's own 502/504 when no answer came back); `code` the proxy's problem
 * code; `applied` and `contractStatus` the service's D8 answer on a 200. `message` (D2's words) is
 * no longer kept: the service's free text never enters the log (docs/decisions/0018).
 */
export const contractEventAttemptSchema = z.object({
  at: z.iso.datetime(),
  clientId: z.string(),
  /** Who sent it, when a person signed in as themselves did (docs/decisions/0023): named as Activity names them. */
  person: z.optional(z.object({ name: z.nullable(z.string()), email: z.string() })),
  status: z.int(),
  code: z.optional(z.string()),
  applied: z.optional(z.boolean()),
  contractStatus: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type ContractEventAttempt = z.infer<typeof contractEventAttemptSchema>;

/** An item as it was sent (D8), kept as sent: the log shows what was asked, not what was understood. */
export const contractEventItemSchema = z.object({
  planType: z.string(),
  quantity: z.optional(z.int()),
  includedConsultations: z.optional(z.int()),
});
export type ContractEventItem = z.infer<typeof contractEventItemSchema>;

export const contractEventSchema = z.object({
  eventId: z.string().check(z.minLength(1)),
  type: z.string(),
  /** The centre the event is about (D8 `data.providerId`), when the event named one. */
  centreId: z.nullable(z.int()),
  items: z.optional(z.array(contractEventItemSchema)),
  /** The event's own `created` (D8), as sent. */
  created: z.optional(z.string()),
  /** In order, oldest first (at most CONTRACT_EVENT_LOG_LIMITS.attemptsPerEvent, the latest). */
  attempts: z.array(contractEventAttemptSchema),
});
export type ContractEvent = z.infer<typeof contractEventSchema>;

/**
 * `GET /contract-events[?centreId=n][&limit=n][&cursor=c]`: newest event first (by its first
 * attempt); `next` is the cursor of the following page (null: the last).
 */
export const contractEventsSchema = z.object({
  events: z.array(contractEventSchema),
  next: z.nullable(z.string()),
});
export type ContractEvents = z.infer<typeof contractEventsSchema>;

export function getContractEvents(
  client: UpstreamClient,
  input: { centreId?: number | undefined; limit?: number | undefined; cursor?: string | undefined },
  init?: CallInit,
) {
  const { centreId, limit, cursor } = input;
  return send(
    client,
    { method: 'GET', path: WIRE_PATHS.contractEvents, query: { centreId, limit, cursor } },
    contractEventsSchema,
    init,
  );
}

// Who is signed in, and what they may do (docs/decisions/0023). The People and Connections
// screens' calls are people-wire.ts's, imported by those screens only (the entry's budget).
export * from './sign-in.ts';
export * from './roles.ts';
