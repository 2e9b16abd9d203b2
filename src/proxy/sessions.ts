// Server-side sessions (docs/decisions/0005, OWASP ASVS 5 session management): the browser holds
// only a random 256-bit id; the store holds the login, with the client secret and the access token
// sealed (AES-256-GCM). The store key is a hash of the id. Web Crypto only (docs/decisions/0012).
// A person signed in as themselves (docs/decisions/0022) works through a connection whose secret
// stays in the database: their record names the person and the connection, and holds no secret.
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
  /** How many sessions' opened values a process keeps (the least recently used go first). */
  maxCached?: number;
  /** A connection's client secret, for a person's session (the directory's, docs/decisions/0022). */
  connectionSecret?: (connectionId: string) => Promise<string | undefined>;
}

/**
 * The idle timer is restarted in the store at most this often: a request within a minute of the
 * last rewrite reads the record and leaves it (docs/decisions/0017). A session may then end up to
 * this much before its idle timeout measured from its very last request.
 */
export const touchIntervalMs = 60_000;

/**
 * What this process has opened of a session: the client secret checked once, the token unsealed
 * once (docs/decisions/0017). Each is kept beside the sealed value it came from, so a value renewed
 * by another instance is opened again; a logout anywhere drops the entry (`SessionStore.onEnded`).
 * Never logged, never written anywhere.
 */
interface Opened {
  /** The sealed secret with the identity it is bound to (`binding`): an edited record differs. */
  bound: string;
  sealedToken?: string;
  token?: string;
}

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

/** The value behind a store read, parsed; undefined when missing or not what was written. */
function parseJson<T>(raw: string | undefined, schema: z.ZodType<T>): T | undefined {
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

/**
 * The additional data of a sealed value (docs/decisions/0005): its purpose, session, environment,
 * client and provider. Editing any of them in the store makes the value fail to open.
 */
function aad(
  purpose: 'secret' | 'token',
  key: string,
  s: Pick<StoredSession, 'environment' | 'clientId' | 'providerId' | 'person' | 'connectionId'>,
) {
  const bound = [purpose, key, s.environment, s.clientId, s.providerId];
  // A person's session also binds the person and the connection (docs/decisions/0022).
  if (s.person) bound.push(s.person.id, s.connectionId ?? '');
  return JSON.stringify(bound);
}

/** What an opened value is valid for: the sealed secret and everything its additional data binds. */
const binding = (session: Session) => `${session.sealedSecret}|${aad('secret', session.key, session)}`;

/** The record as stored: the session without its id, key and token. */
const core = (session: Session): StoredSession => ({
  environment: session.environment,
  providerId: session.providerId,
  clientId: session.clientId,
  providerVerified: session.providerVerified,
  sealedSecret: session.sealedSecret,
  createdAt: session.createdAt,
  lastSeenAt: session.lastSeenAt,
  ...(session.person ? { person: session.person, connectionId: session.connectionId } : {}),
});

export function createSessionManager(options: SessionManagerOptions) {
  const { store, box, now, idleTimeoutMs, absoluteTimeoutMs } = options;
  const maxCached = options.maxCached ?? 10_000;
  const opened = new Map<string, Opened>();
  const remember = (key: string, entry: Opened) => {
    // Re-inserted: the Map's order is then least recently used first.
    opened.delete(key);
    opened.set(key, entry);
    while (opened.size > maxCached) {
      const oldest = opened.keys().next().value;
      if (oldest === undefined) break;
      opened.delete(oldest);
    }
  };
  // A logout on any instance sharing the store drops what this one holds, at once.
  store.onEnded((key) => opened.delete(key));
  // The store key of each id seen lately: SHA-256 through Web Crypto is a job on Node's thread pool
  // (measured at a tenth of the proxy's CPU per request), so each id is hashed once per process.
  // Only ids of live sessions are kept, so that unknown ids cannot crowd them out.
  const keys = new Map<string, string>();
  const keyOf = async (id: string) => keys.get(id) ?? storeKey(id);
  const keepKey = (id: string, key: string) => {
    if (keys.has(id)) return;
    keys.set(id, key);
    if (keys.size > maxCached) {
      const oldest = keys.keys().next().value;
      if (oldest !== undefined) keys.delete(oldest);
    }
  };

  const ttlFor = (session: StoredSession) =>
    Math.max(1, Math.min(idleTimeoutMs, session.createdAt + absoluteTimeoutMs - now()));
  const tokenTtlFor = (session: StoredSession) => Math.max(1, session.createdAt + absoluteTimeoutMs - now());

  /** The session and its token in one round trip to the store, the id hashed by the caller. */
  const read = async (id: string, key: string): Promise<Session | undefined> => {
    const [rawSession, rawToken] = await store.getMany([key, tokenKeyOf(key)]);
    const session = parseJson(rawSession, storedSession);
    if (!session) {
      opened.delete(key);
      keys.delete(id);
      return undefined;
    }
    return { id, key, ...session, ...parseJson(rawToken, storedToken) };
  };

  const end = async (key: string, id?: string) => {
    opened.delete(key);
    if (id !== undefined) keys.delete(id);
    await store.delete(key, tokenKeyOf(key));
    await store.announceEnded(key);
  };

  const manager = {
    async create(input: NewSession): Promise<Session> {
      // 32 random bytes: the id carries 256 bits of entropy (ASVS 5).
      const id = base64url(crypto.getRandomValues(new Uint8Array(32)).buffer);
      const key = await storeKey(id);
      const at = now();
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
      };
      // No token yet (a person's session): an empty one that opens to nothing, so that the first
      // call asks for one, and the renewal finds a record to replace (it never recreates one).
      const token: StoredToken = {
        sealedToken:
          input.accessToken === undefined
            ? ''
            : await box.seal(input.accessToken, aad('token', key, identity)),
        renewAt: renewAtFor(at, input.expiresInSeconds),
      };
      await store.set(tokenKeyOf(key), JSON.stringify(token), tokenTtlFor(session));
      await store.set(key, JSON.stringify(session), ttlFor(session));
      const created: Session = { id, key, ...session, ...token };
      remember(key, {
        bound: binding(created),
        ...(input.accessToken === undefined
          ? {}
          : { sealedToken: token.sealedToken, token: input.accessToken }),
      });
      return created;
    },

    /**
     * A person's session works through another connection from now on (docs/decisions/0022): the
     * record is rewritten, only while it exists, bound to the new connection; the token of the
     * old one no longer opens, so the next call asks for the new connection's.
     */
    async rebind(session: Session, identity: SessionIdentity): Promise<Session | undefined> {
      const next = { ...identityOf(identity), providerVerified: identity.providerVerified };
      const rebound: Session = {
        ...session,
        ...next,
        sealedSecret: await box.seal('', aad('secret', session.key, next)),
        lastSeenAt: now(),
      };
      if (!(await store.replace(session.key, JSON.stringify(core(rebound)), ttlFor(rebound))))
        return undefined;
      opened.delete(session.key);
      return { ...rebound, sealedToken: undefined, renewAt: undefined };
    },

    /**
     * The session behind a cookie value, touched (idle timer restarted) when still valid, at most
     * once a minute (`touchIntervalMs`). The touch rewrites the record only while it exists: a
     * lookup racing a logout can never bring the session back (docs/decisions/0005).
     */
    async lookup(id: string | undefined): Promise<Lookup> {
      if (id === undefined || id === '') return { kind: 'none' };
      if (!idPattern.test(id)) return { kind: 'expired' };
      // Everything after goes by the session's key, the id hashed once (`keyOf`).
      const key = await keyOf(id);
      const session = await read(id, key);
      if (!session) return { kind: 'expired' };
      const at = now();
      const stale = at - session.lastSeenAt >= idleTimeoutMs || at - session.createdAt >= absoluteTimeoutMs;
      // A record edited in the store (another environment, client or provider) no longer opens.
      if (stale || !(await manager.opens(session))) {
        await end(key, id);
        return { kind: 'expired' };
      }
      keepKey(id, key);
      if (at - session.lastSeenAt < touchIntervalMs) return { kind: 'active', session };
      const touched = { ...session, lastSeenAt: at };
      if (!(await store.replace(session.key, JSON.stringify(core(touched)), ttlFor(touched)))) {
        opened.delete(key);
        keys.delete(id);
        return { kind: 'expired' };
      }
      return { kind: 'active', session: touched };
    },

    /** Re-reads a session without touching it (to see a token another request has renewed). */
    reload: (session: Pick<Session, 'id' | 'key'>) => read(session.id, session.key),

    /** Ends a session by its cookie value, here and, through the store, on every instance. */
    async destroy(id: string): Promise<void> {
      await end(await keyOf(id), id);
    },

    /** Ends a session already looked up (no second hash of its id). */
    end: (session: Pick<Session, 'id' | 'key'>) => end(session.key, session.id),

    /** For tests: whether this process holds the opened token of a session. */
    holdsToken: (key: string) => opened.get(key)?.token !== undefined,

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
      if (!written) {
        opened.delete(session.key);
        return undefined;
      }
      const renewed: Session = { ...session, ...token };
      remember(session.key, { bound: binding(renewed), sealedToken: token.sealedToken, token: accessToken });
      return renewed;
    },

    /**
     * The client secret (to renew the token): the session's own, or for a person the connection's,
     * read from the directory; undefined when the record no longer opens.
     */
    async secretOf(session: Session): Promise<string | undefined> {
      const secret = await box.open(session.sealedSecret, aad('secret', session.key, session));
      if (secret === undefined) opened.delete(session.key);
      else if (opened.get(session.key)?.bound !== binding(session))
        remember(session.key, { bound: binding(session) });
      if (secret === undefined || !session.person) return secret;
      return session.connectionId === undefined
        ? undefined
        : options.connectionSecret?.(session.connectionId);
    },

    /** Whether the record opens, checked once per sealed secret and process. */
    async opens(session: Session): Promise<boolean> {
      if (opened.get(session.key)?.bound === binding(session)) return true;
      const sealed = await box.open(session.sealedSecret, aad('secret', session.key, session));
      if (sealed === undefined) {
        opened.delete(session.key);
        return false;
      }
      remember(session.key, { bound: binding(session) });
      return true;
    },

    /** The upstream token, unsealed once per sealed value and process, then kept in memory. */
    async tokenOf(session: Session): Promise<string | undefined> {
      if (session.sealedToken === undefined) return undefined;
      const cached = opened.get(session.key);
      const bound = binding(session);
      if (cached?.bound === bound && cached.sealedToken === session.sealedToken) return cached.token;
      const token = await box.open(session.sealedToken, aad('token', session.key, session));
      // Kept only beside a secret this process has checked for the same identity.
      if (token !== undefined && cached?.bound === bound)
        remember(session.key, { bound, sealedToken: session.sealedToken, token });
      return token;
    },

    tokenIsDue(session: Session): boolean {
      return session.sealedToken === undefined || (session.renewAt !== undefined && now() >= session.renewAt);
    },
  };
  return manager;
}

export type SessionManager = ReturnType<typeof createSessionManager>;

/** The fields a session's sealed values are bound to. */
function identityOf(input: SessionIdentity) {
  return {
    environment: input.environment,
    providerId: input.providerId,
    clientId: input.clientId,
    ...(input.person ? { person: input.person, connectionId: input.connectionId } : {}),
  };
}

/** D1: honour `expires_in` when present, renewing at 80 % of it (docs/decisions/0005). */
function renewAtFor(at: number, expiresInSeconds: number | undefined): number | undefined {
  return expiresInSeconds === undefined ? undefined : at + expiresInSeconds * 800;
}
