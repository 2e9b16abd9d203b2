// Server-side sessions (docs/decisions/0005, OWASP ASVS 5 session management): the browser holds
// only a random 256-bit id; the store holds the login, with the client secret and the access token
// sealed (AES-256-GCM). The store key is a hash of the id. Web Crypto only (docs/decisions/0012).
import { encodeBase64Url } from 'hono/utils/encode';
import { z } from 'zod';
import { environmentIds, type EnvironmentId } from './environments.ts';
import type { SecretBox } from './secret-box.ts';
import type { SessionStore } from './session-store.ts';

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
type StoredToken = z.infer<typeof storedToken>;

export interface Session extends StoredSession, Partial<StoredToken> {
  id: string;
  /** The store key, hashed from the id (the sealed values' additional data names it). */
  key: string;
}

export type Lookup = { kind: 'none' } | { kind: 'expired' } | { kind: 'active'; session: Session };

export interface SessionManagerOptions {
  store: SessionStore;
  box: SecretBox;
  now: () => number;
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

export interface NewSession {
  environment: EnvironmentId;
  providerId: number;
  clientId: string;
  providerVerified: boolean;
  clientSecret: string;
  accessToken: string;
  expiresInSeconds: number | undefined;
}

const idPattern = /^[A-Za-z0-9_-]{43}$/;

/** base64url without padding (RFC 4648 §5), as a cookie value and a store key. */
const base64url = (bytes: ArrayBuffer) => encodeBase64Url(bytes).replace(/=+$/, '');

async function idHash(id: string): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id)));
}

export async function storeKey(id: string): Promise<string> {
  return `session:${await idHash(id)}`;
}

const tokenKeyOf = (key: string) => `token:${key.slice('session:'.length)}`;

/**
 * The additional data of a sealed value (docs/decisions/0005): its purpose, session, environment,
 * client and provider. Editing any of them in the store makes the value fail to open.
 */
function aad(
  purpose: 'secret' | 'token',
  key: string,
  s: Pick<StoredSession, 'environment' | 'clientId' | 'providerId'>,
) {
  return JSON.stringify([purpose, key, s.environment, s.clientId, s.providerId]);
}

/** The record as stored: the session without its id, key and token. */
const core = (session: Session): StoredSession => ({
  environment: session.environment,
  providerId: session.providerId,
  clientId: session.clientId,
  providerVerified: session.providerVerified,
  sealedSecret: session.sealedSecret,
  createdAt: session.createdAt,
  lastSeenAt: session.lastSeenAt,
});

export function createSessionManager(options: SessionManagerOptions) {
  const { store, box, now, idleTimeoutMs, absoluteTimeoutMs } = options;

  const ttlFor = (session: StoredSession) =>
    Math.max(1, Math.min(idleTimeoutMs, session.createdAt + absoluteTimeoutMs - now()));
  const tokenTtlFor = (session: StoredSession) => Math.max(1, session.createdAt + absoluteTimeoutMs - now());

  const readJson = async <T>(key: string, schema: z.ZodType<T>): Promise<T | undefined> => {
    const raw = await store.get(key);
    if (raw === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return undefined;
    }
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  };

  const read = async (id: string): Promise<Session | undefined> => {
    const key = await storeKey(id);
    const [session, token] = await Promise.all([
      readJson(key, storedSession),
      readJson(tokenKeyOf(key), storedToken),
    ]);
    return session ? { id, key, ...session, ...token } : undefined;
  };

  const manager = {
    async create(input: NewSession): Promise<Session> {
      // 32 random bytes: the id carries 256 bits of entropy (ASVS 5).
      const id = base64url(crypto.getRandomValues(new Uint8Array(32)).buffer);
      const key = await storeKey(id);
      const at = now();
      const identity = {
        environment: input.environment,
        providerId: input.providerId,
        clientId: input.clientId,
      };
      const session: StoredSession = {
        ...identity,
        providerVerified: input.providerVerified,
        sealedSecret: await box.seal(input.clientSecret, aad('secret', key, identity)),
        createdAt: at,
        lastSeenAt: at,
      };
      const token: StoredToken = {
        sealedToken: await box.seal(input.accessToken, aad('token', key, identity)),
        renewAt: renewAtFor(at, input.expiresInSeconds),
      };
      await store.set(tokenKeyOf(key), JSON.stringify(token), tokenTtlFor(session));
      await store.set(key, JSON.stringify(session), ttlFor(session));
      return { id, key, ...session, ...token };
    },

    /**
     * The session behind a cookie value, touched (idle timer restarted) when still valid. The
     * touch rewrites the record only while it exists: a lookup racing a logout can never bring
     * the session back (docs/decisions/0005).
     */
    async lookup(id: string | undefined): Promise<Lookup> {
      if (id === undefined || id === '') return { kind: 'none' };
      if (!idPattern.test(id)) return { kind: 'expired' };
      const session = await read(id);
      if (!session) return { kind: 'expired' };
      const at = now();
      const stale = at - session.lastSeenAt >= idleTimeoutMs || at - session.createdAt >= absoluteTimeoutMs;
      // A record edited in the store (another environment, client or provider) no longer opens.
      if (stale || (await manager.secretOf(session)) === undefined) {
        await manager.destroy(id);
        return { kind: 'expired' };
      }
      const touched = { ...session, lastSeenAt: at };
      if (!(await store.replace(session.key, JSON.stringify(core(touched)), ttlFor(touched))))
        return { kind: 'expired' };
      return { kind: 'active', session: touched };
    },

    /** Re-reads a session without touching it (to see a token another request has renewed). */
    reload: read,

    async destroy(id: string): Promise<void> {
      const key = await storeKey(id);
      await store.delete(key, tokenKeyOf(key));
    },

    /** Stores a renewed token; undefined when the session ended meanwhile (nothing is written). */
    async saveToken(
      session: Session,
      accessToken: string,
      expiresInSeconds: number | undefined,
    ): Promise<Session | undefined> {
      const token: StoredToken = {
        sealedToken: await box.seal(accessToken, aad('token', session.key, session)),
        renewAt: renewAtFor(now(), expiresInSeconds),
      };
      const written = await store.replace(
        tokenKeyOf(session.key),
        JSON.stringify(token),
        tokenTtlFor(session),
      );
      return written ? { ...session, ...token } : undefined;
    },

    secretOf(session: Session): Promise<string | undefined> {
      return box.open(session.sealedSecret, aad('secret', session.key, session));
    },

    async tokenOf(session: Session): Promise<string | undefined> {
      return session.sealedToken === undefined
        ? undefined
        : box.open(session.sealedToken, aad('token', session.key, session));
    },

    tokenIsDue(session: Session): boolean {
      return session.sealedToken === undefined || (session.renewAt !== undefined && now() >= session.renewAt);
    },
  };
  return manager;
}

export type SessionManager = ReturnType<typeof createSessionManager>;

/** D1: honour `expires_in` when present, renewing at 80 % of it (docs/decisions/0005). */
function renewAtFor(at: number, expiresInSeconds: number | undefined): number | undefined {
  return expiresInSeconds === undefined ? undefined : at + expiresInSeconds * 800;
}
