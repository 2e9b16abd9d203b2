// Server-side sessions (docs/decisions/0005, OWASP ASVS 5 session management): the browser holds
// only a random 256-bit id; the store holds the login, with the client secret and the access token
// sealed (AES-256-GCM; the record's shape is session-records.ts). This module creates, looks up,
// touches and ends them, and keeps what this process has opened of each. Web Crypto only
// (docs/decisions/0012). A person's session (docs/decisions/0023) names the person and the
// connection, whose secret stays in the database.
import type { SecretBox } from '../store/secret-box.ts';
import { boundedMap, type Opened } from './memory.ts';
import {
  aad,
  base64url,
  binding,
  identityOf,
  idPattern,
  parseSession,
  parseToken,
  recordOf,
  renewAtFor,
  storeKey,
  tokenKeyOf,
  type Lookup,
  type NewSession,
  type Session,
  type SessionIdentity,
  type StoredSession,
  type StoredToken,
} from './records.ts';
import type { SessionStore } from './store.ts';
import { createTombstones } from './tombstones.ts';

export { storeKey } from './records.ts';
export type {
  Lookup,
  NewSession,
  Session,
  SessionIdentity,
  SessionPerson,
  StoredSession,
} from './records.ts';

export interface SessionManagerOptions {
  store: SessionStore;
  box: SecretBox;
  now: () => number;
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  /** How many sessions' opened values a process keeps (the least recently used go first). */
  maxCached?: number;
  /** A connection's client secret, for a person's session (the directory's, docs/decisions/0023). */
  connectionSecret?: (connectionId: string) => Promise<string | undefined>;
  /** Told each time a session's idle timer is restarted in the store (at most once a minute). */
  onTouched?: (session: Session) => void;
}

/**
 * The idle timer is restarted in the store at most this often: a request within a minute of the
 * last rewrite reads the record and leaves it (docs/decisions/0017). A session may then end up to
 * this much before its idle timeout measured from its very last request.
 */
export const touchIntervalMs = 60_000;

export function createSessionManager(options: SessionManagerOptions) {
  const { store, box, now, idleTimeoutMs, absoluteTimeoutMs } = options;
  const maxCached = options.maxCached ?? 10_000;
  const opened = boundedMap<Opened>(maxCached);
  const remember = (key: string, entry: Opened) => opened.set(key, entry);
  // A logout on any instance sharing the store drops what this one holds, at once.
  store.onEnded((key) => opened.delete(key));
  // The store key of each id seen lately: SHA-256 through Web Crypto is a job on Node's thread pool
  // (measured at a tenth of the proxy's CPU per request), so each id is hashed once per process.
  // Only ids of live sessions are kept, so that unknown ids cannot crowd them out.
  const keys = boundedMap<string>(maxCached);
  const keyOf = async (id: string) => keys.get(id) ?? storeKey(id);
  const keepKey = (id: string, key: string) => {
    if (!keys.has(id)) keys.set(id, key);
  };

  const ttlFor = (session: StoredSession) =>
    Math.max(1, Math.min(idleTimeoutMs, session.createdAt + absoluteTimeoutMs - now()));
  const tokenTtlFor = (session: StoredSession) => Math.max(1, session.createdAt + absoluteTimeoutMs - now());

  /** The session and its token in one round trip to the store, the id hashed by the caller. */
  const read = async (id: string, key: string): Promise<Session | undefined> => {
    const [rawSession, rawToken] = await store.getMany([key, tokenKeyOf(key)]);
    const session = parseSession(rawSession);
    if (!session) {
      opened.delete(key);
      keys.delete(id);
      return undefined;
    }
    return { id, key, ...session, ...parseToken(rawToken) };
  };

  const forget = async (key: string) => {
    await store.delete(key, tokenKeyOf(key));
    await store.announceEnded(key);
  };
  // docs/decisions/0020: an end the store could not take is refused here until the store takes it.
  const tombstones = createTombstones({ now, holdMs: idleTimeoutMs, retry: forget });

  const end = async (key: string, id?: string) => {
    opened.delete(key);
    if (id !== undefined) keys.delete(id);
    try {
      await forget(key);
    } catch (error) {
      tombstones.add(key);
      throw error;
    }
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
     * A person's session works through another connection from now on (docs/decisions/0023): the
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
      if (!(await store.replace(session.key, JSON.stringify(recordOf(rebound)), ttlFor(rebound))))
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
      if (tombstones.has(key)) return { kind: 'expired' };
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
      if (!(await store.replace(session.key, JSON.stringify(recordOf(touched)), ttlFor(touched)))) {
        opened.delete(key);
        keys.delete(id);
        return { kind: 'expired' };
      }
      options.onTouched?.(touched);
      return { kind: 'active', session: touched };
    },

    /** Re-reads a session without touching it (to see a token another request has renewed). */
    reload: (session: Pick<Session, 'id' | 'key'>) => read(session.id, session.key),

    /**
     * Ends a session by its cookie value, here and, through the store, on every instance. While the
     * store is out it throws, and this instance refuses the session until the store takes the end.
     */
    async destroy(id: string): Promise<void> {
      await end(await keyOf(id), id);
    },

    /** Ends a session already looked up (no second hash of its id). */
    end: (session: Pick<Session, 'key'> & { id?: string }) => end(session.key, session.id),

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
