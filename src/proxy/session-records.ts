// What a session is in the store (docs/decisions/0005): a record with the login, the client secret
// sealed inside it, and the access token under a key of its own. The store key is a hash of the
// session id, so that a dump of the store hands out no cookie. Web Crypto only (docs/decisions/0012).
import { encodeBase64Url } from 'hono/utils/encode';
import { z } from 'zod';
import { environmentIds, type EnvironmentId } from './environments.ts';

const storedSession = z.object({
  environment: z.enum(environmentIds),
  providerId: z.number().int().positive(),
  clientId: z.string(),
  /** False where the environment could not confirm the provider at login (D3 development). */
  providerVerified: z.boolean(),
  sealedSecret: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
});
export type StoredSession = z.infer<typeof storedSession>;

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

export interface NewSession {
  environment: EnvironmentId;
  providerId: number;
  clientId: string;
  providerVerified: boolean;
  clientSecret: string;
  accessToken: string;
  expiresInSeconds: number | undefined;
}

/** A cookie value that can be a session id: 43 base64url characters (256 bits). */
export const idPattern = /^[A-Za-z0-9_-]{43}$/;

/** base64url without padding (RFC 4648 §5), as a cookie value and a store key. */
export const base64url = (bytes: ArrayBuffer) => encodeBase64Url(bytes).replace(/=+$/, '');

async function idHash(id: string): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id)));
}

export async function storeKey(id: string): Promise<string> {
  return `session:${await idHash(id)}`;
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
  s: Pick<StoredSession, 'environment' | 'clientId' | 'providerId'>,
) {
  return JSON.stringify([purpose, key, s.environment, s.clientId, s.providerId]);
}

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
});

/** D1: honour `expires_in` when present, renewing at 80 % of it (docs/decisions/0005). */
export function renewAtFor(at: number, expiresInSeconds: number | undefined): number | undefined {
  return expiresInSeconds === undefined ? undefined : at + expiresInSeconds * 800;
}
