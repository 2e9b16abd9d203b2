// What a session is in the store (docs/decisions/0005): a record with the login, the client secret
// sealed inside it, and the access token under a key of its own. The store key is a hash of the
// session id, so that a dump of the store hands out no cookie. Web Crypto only (docs/decisions/0012).
// A person signed in as themselves (docs/decisions/0023) works through a connection whose secret
// stays in the database: their record names the person and the connection, and holds no secret.
import { encodeBase64Url } from 'hono/utils/encode';
import { z } from 'zod';
import { environmentIds, type EnvironmentId } from '../upstream/environments.ts';
import type { SecretBox } from '../store/secret-box.ts';

const storedSession = z.object({
  environment: z.enum(environmentIds),
  providerId: z.number().int().positive(),
  clientId: z.string(),
  /** False where the environment could not confirm the provider at login (D3 development). */
  providerVerified: z.boolean(),
  /**
   * The client secret, sealed; for a person's session an empty value sealed the same way, which
   * binds the record (its person and connection included) to the key: an edited record fails to open.
   */
  sealedSecret: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  /** A person signed in with the organisation's provider (OpenID Connect). */
  person: z
    .object({
      id: z.string(),
      issuer: z.string(),
      subject: z.string(),
      name: z.string().nullable(),
      email: z.string(),
    })
    .optional(),
  /** The connection a person works through (its environment, provider and client id are above). */
  connectionId: z.string().optional(),
  /**
   * A person's ID token, sealed: kept server-side only to send as `id_token_hint` when they sign
   * out of the provider too (OpenID Connect RP-Initiated Logout 1.0 §2); it never reaches a browser
   * otherwise, and goes with the record.
   */
  sealedIdToken: z.string().optional(),
});
export type StoredSession = z.infer<typeof storedSession>;
export type SessionPerson = NonNullable<StoredSession['person']>;

// The token lives under its own key: a request that only restarts the idle timer then never
// writes back a token that another request has just renewed.
const storedToken = z.object({
  sealedToken: z.string(),
  /** When to renew the token before using it (80 % of `expires_in`), epoch ms; absent: on 401 only. */
  renewAt: z.number().optional(),
});
export type StoredToken = z.infer<typeof storedToken>;

export interface Session extends StoredSession, Partial<StoredToken> {
  id: string;
  /** The store key, hashed from the id (the sealed values' additional data names it). */
  key: string;
}

export type Lookup = { kind: 'none' } | { kind: 'expired' } | { kind: 'active'; session: Session };

/** What a session works as: client credentials, or a person's connection. */
export interface SessionIdentity {
  environment: EnvironmentId;
  providerId: number;
  clientId: string;
  providerVerified: boolean;
  person?: SessionPerson | undefined;
  connectionId?: string | undefined;
}

export interface NewSession extends SessionIdentity {
  /** The client secret a client-credential session renews its token with (a person's: none). */
  clientSecret?: string | undefined;
  /** The first token; a person's session may start without one (it is asked for on first use). */
  accessToken?: string | undefined;
  expiresInSeconds?: number | undefined;
  /** A person's ID token, for RP-initiated logout (sealed into the record). */
  idToken?: string | undefined;
  /** The provider's session id (`sid`), for back-channel logout (person-index.ts). */
  providerSid?: string | undefined;
}

/** The fields a session's sealed values are bound to. */
export function identityOf(input: SessionIdentity) {
  return {
    environment: input.environment,
    providerId: input.providerId,
    clientId: input.clientId,
    ...(input.person ? { person: input.person, connectionId: input.connectionId } : {}),
  };
}

/** A cookie value that can be a session id: 43 base64url characters (256 bits). */
export const idPattern = /^[A-Za-z0-9_-]{43}$/;

/** base64url without padding (RFC 4648 §5), as a cookie value and a store key. */
export const base64url = (bytes: ArrayBuffer) => encodeBase64Url(bytes).replace(/=+$/, '');

async function idHash(id: string): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id)));
}

/** Every session's key in the store starts with this (the metrics count them). */
export const sessionKeyPrefix = 'session:';

export async function storeKey(id: string): Promise<string> {
  return `${sessionKeyPrefix}${await idHash(id)}`;
}

export const tokenKeyOf = (key: string) => `token:${key.slice('session:'.length)}`;

/** The value behind a store read, parsed; undefined when missing or not what was written. */
function parseRecord<T>(raw: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (raw === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

export const parseSession = (raw: string | undefined) => parseRecord(raw, storedSession);
export const parseToken = (raw: string | undefined) => parseRecord(raw, storedToken);

/**
 * The additional data of a sealed value (docs/decisions/0005): its purpose, session, environment,
 * client and provider. Editing any of them in the store makes the value fail to open.
 */
export function aad(
  purpose: 'secret' | 'token',
  key: string,
  s: Pick<StoredSession, 'environment' | 'clientId' | 'providerId' | 'person' | 'connectionId'>,
) {
  const bound = [purpose, key, s.environment, s.clientId, s.providerId];
  // A person's session also binds the person and the connection (docs/decisions/0023).
  if (s.person) bound.push(s.person.id, s.connectionId ?? '');
  return JSON.stringify(bound);
}

/**
 * The ID token is bound to the session and the person only: it stays valid when the person
 * switches connection (`rebind`), which the provider's session does not see.
 */
const idTokenAad = (key: string, person: SessionPerson) =>
  JSON.stringify(['id_token', key, person.issuer, person.subject]);

/** What an opened value is valid for: the sealed secret and everything its additional data binds. */
export const binding = (session: Session) => `${session.sealedSecret}|${aad('secret', session.key, session)}`;

/** The record as stored: the session without its id, key and token. */
export const recordOf = (session: Session): StoredSession => ({
  environment: session.environment,
  providerId: session.providerId,
  clientId: session.clientId,
  providerVerified: session.providerVerified,
  sealedSecret: session.sealedSecret,
  createdAt: session.createdAt,
  lastSeenAt: session.lastSeenAt,
  ...(session.person ? { person: session.person, connectionId: session.connectionId } : {}),
  ...(session.sealedIdToken === undefined ? {} : { sealedIdToken: session.sealedIdToken }),
});

/** D1: honour `expires_in` when present, renewing at 80 % of it (docs/decisions/0005). */
export function renewAtFor(at: number, expiresInSeconds: number | undefined): number | undefined {
  return expiresInSeconds === undefined ? undefined : at + expiresInSeconds * 800;
}

/** A new session's record, its secret sealed for its store key, and its token record. */
export async function sealNew(
  box: SecretBox,
  key: string,
  input: NewSession,
  at: number,
): Promise<{ session: StoredSession; token: StoredToken }> {
  const identity = identityOf(input);
  const session: StoredSession = {
    ...identity,
    providerVerified: input.providerVerified,
    sealedSecret: await box.seal(
      input.person ? '' : (input.clientSecret ?? ''),
      aad('secret', key, identity),
    ),
    createdAt: at,
    lastSeenAt: at,
    ...(input.person && input.idToken !== undefined
      ? { sealedIdToken: await box.seal(input.idToken, idTokenAad(key, input.person)) }
      : {}),
  };
  // No token yet (a person's session): an empty one that opens to nothing, so that the first
  // call asks for one, and the renewal finds a record to replace (it never recreates one).
  const token: StoredToken = {
    sealedToken:
      input.accessToken === undefined ? '' : await box.seal(input.accessToken, aad('token', key, identity)),
    renewAt: renewAtFor(at, input.expiresInSeconds),
  };
  return { session, token };
}

interface Timeouts {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

/** How long the store keeps a session's record: its idle timeout, never past its absolute one. */
export const ttlFor = (timeouts: Timeouts, at: number, session: StoredSession): number =>
  Math.max(1, Math.min(timeouts.idleTimeoutMs, session.createdAt + timeouts.absoluteTimeoutMs - at));

/** How long the store keeps a session's token: to its absolute timeout (renewals replace it). */
export const tokenTtlFor = (timeouts: Timeouts, at: number, session: StoredSession): number =>
  Math.max(1, session.createdAt + timeouts.absoluteTimeoutMs - at);

/** A person's ID token (for `id_token_hint`), opened; undefined when none was kept or it fails to open. */
export async function openIdToken(box: SecretBox, session: Session): Promise<string | undefined> {
  if (session.sealedIdToken === undefined) return undefined;
  return session.person
    ? box.open(session.sealedIdToken, idTokenAad(session.key, session.person))
    : undefined;
}
