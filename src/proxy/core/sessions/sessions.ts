// Server-side sessions (docs/decisions/0005, OWASP ASVS 5 session management): the browser holds
// only a random 256-bit id; the store holds the login, the client secret and access token sealed
// (AES-256-GCM; records.ts). This class creates, looks up, touches and ends them, and keeps what this
// process has opened of each. Web Crypto only (docs/decisions/0012). A person's session
// (docs/decisions/0023) names the person and the connection, whose secret stays in the database.
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
  sealNew,
  storeKey,
  tokenKeyOf,
  tokenTtlFor,
  ttlFor,
  type Lookup,
  type NewSession,
  type Session,
  type SessionIdentity,
  type StoredSession,
  type StoredToken,
} from './records.ts';
import type { SessionStore } from './store.ts';
import { indexProviderSession } from './person-index.ts';
import { createTombstones } from './tombstones.ts';

export { storeKey } from './records.ts';
export type * from './records.ts';

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

export class SessionManager {
  readonly #options: SessionManagerOptions;
  readonly #store: SessionStore;
  readonly #box: SecretBox;
  readonly #now: () => number;
  /** What this process has opened of each session, by store key. */
  readonly #opened: ReturnType<typeof boundedMap<Opened>>;
  /**
   * The store key of each id seen lately: SHA-256 through Web Crypto is a job on Node's thread pool
   * (measured at a tenth of the proxy's CPU per request), so each id is hashed once per process.
   * Only ids of live sessions are kept, so that unknown ids cannot crowd them out.
   */
  readonly #keys: ReturnType<typeof boundedMap<string>>;
  /** docs/decisions/0020: an end the store could not take is refused here until the store takes it. */
  readonly #tombstones: ReturnType<typeof createTombstones>;

  readonly #ttl = (session: StoredSession) => ttlFor(this.#options, this.#now(), session);
  readonly #tokenTtl = (session: StoredSession) => tokenTtlFor(this.#options, this.#now(), session);

  constructor(options: SessionManagerOptions) {
    this.#options = options;
    ({ store: this.#store, box: this.#box, now: this.#now } = options);
    const maxCached = options.maxCached ?? 10_000;
    this.#opened = boundedMap<Opened>(maxCached);
    this.#keys = boundedMap<string>(maxCached);
    // A logout on any instance sharing the store drops what this one holds, at once.
    this.#store.onEnded((key) => this.#opened.delete(key));
    this.#tombstones = createTombstones({
      now: this.#now,
      holdMs: this.#options.idleTimeoutMs,
      retry: (key) => this.#forget(key),
    });
  }

  async #keyOf(id: string): Promise<string> {
    return this.#keys.get(id) ?? storeKey(id);
  }

  /** The session and its token in one round trip to the store, the id hashed by the caller. */
  async #read(id: string, key: string): Promise<Session | undefined> {
    const [rawSession, rawToken] = await this.#store.getMany([key, tokenKeyOf(key)]);
    const session = parseSession(rawSession);
    if (!session) {
      this.#opened.delete(key);
      this.#keys.delete(id);
      return undefined;
    }
    return { id, key, ...session, ...parseToken(rawToken) };
  }

  async #forget(key: string): Promise<void> {
    await this.#store.delete(key, tokenKeyOf(key));
    await this.#store.announceEnded(key);
  }

  async #end(key: string, id?: string): Promise<void> {
    this.#opened.delete(key);
    if (id !== undefined) this.#keys.delete(id);
    try {
      await this.#forget(key);
    } catch (error) {
      this.#tombstones.add(key);
      throw error;
    }
  }

  async create(input: NewSession): Promise<Session> {
    // 32 random bytes: the id carries 256 bits of entropy (ASVS 5).
    const id = base64url(crypto.getRandomValues(new Uint8Array(32)).buffer);
    const key = await storeKey(id);
    const at = this.#now();
    const { session, token } = await sealNew(this.#box, key, input, at);
    // Indexed first: no person's session exists that a back-channel logout could not find.
    await indexProviderSession(this.#store, key, input, this.#options.absoluteTimeoutMs);
    await this.#store.set(tokenKeyOf(key), JSON.stringify(token), this.#tokenTtl(session));
    await this.#store.set(key, JSON.stringify(session), this.#ttl(session));
    const created: Session = { id, key, ...session, ...token };
    this.#opened.set(key, {
      bound: binding(created),
      ...(input.accessToken === undefined
        ? {}
        : { sealedToken: token.sealedToken, token: input.accessToken }),
    });
    return created;
  }

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
      sealedSecret: await this.#box.seal('', aad('secret', session.key, next)),
      lastSeenAt: this.#now(),
    };
    if (!(await this.#store.replace(session.key, JSON.stringify(recordOf(rebound)), this.#ttl(rebound))))
      return undefined;
    this.#opened.delete(session.key);
    return { ...rebound, sealedToken: undefined, renewAt: undefined };
  }

  /**
   * The session behind a cookie value, touched (idle timer restarted) when still valid, at most
   * once a minute (`touchIntervalMs`). The touch rewrites the record only while it exists: a
   * lookup racing a logout can never bring the session back (docs/decisions/0005).
   */
  async lookup(id: string | undefined): Promise<Lookup> {
    if (id === undefined || id === '') return { kind: 'none' };
    if (!idPattern.test(id)) return { kind: 'expired' };
    // Everything after goes by the session's key, the id hashed once (`keyOf`).
    const key = await this.#keyOf(id);
    if (this.#tombstones.has(key)) return { kind: 'expired' };
    const session = await this.#read(id, key);
    if (!session) return { kind: 'expired' };
    const at = this.#now();
    const stale =
      at - session.lastSeenAt >= this.#options.idleTimeoutMs ||
      at - session.createdAt >= this.#options.absoluteTimeoutMs;
    // A record edited in the store (another environment, client or provider) no longer opens.
    if (stale || !(await this.opens(session))) {
      await this.#end(key, id);
      return { kind: 'expired' };
    }
    if (!this.#keys.has(id)) this.#keys.set(id, key);
    if (at - session.lastSeenAt < touchIntervalMs) return { kind: 'active', session };
    const touched = { ...session, lastSeenAt: at };
    if (!(await this.#store.replace(session.key, JSON.stringify(recordOf(touched)), this.#ttl(touched)))) {
      this.#opened.delete(key);
      this.#keys.delete(id);
      return { kind: 'expired' };
    }
    this.#options.onTouched?.(touched);
    return { kind: 'active', session: touched };
  }

  /** Re-reads a session without touching it (to see a token another request has renewed). */
  reload(session: Pick<Session, 'id' | 'key'>): Promise<Session | undefined> {
    return this.#read(session.id, session.key);
  }

  /**
   * Ends a session by its cookie value, here and, through the store, on every instance. While the
   * store is out it throws, and this instance refuses the session until the store takes the end.
   */
  async destroy(id: string): Promise<void> {
    await this.#end(await this.#keyOf(id), id);
  }

  /** Ends a session already looked up (no second hash of its id). */
  end(session: Pick<Session, 'key'> & { id?: string }): Promise<void> {
    return this.#end(session.key, session.id);
  }

  /** For tests: whether this process holds the opened token of a session. */
  holdsToken(key: string): boolean {
    return this.#opened.get(key)?.token !== undefined;
  }

  /** Stores a renewed token; undefined when the session ended meanwhile (nothing is written). */
  async saveToken(
    session: Session,
    accessToken: string,
    expiresInSeconds: number | undefined,
  ): Promise<Session | undefined> {
    const token: StoredToken = {
      sealedToken: await this.#box.seal(accessToken, aad('token', session.key, session)),
      renewAt: renewAtFor(this.#now(), expiresInSeconds),
    };
    const written = await this.#store.replace(
      tokenKeyOf(session.key),
      JSON.stringify(token),
      this.#tokenTtl(session),
    );
    if (!written) {
      this.#opened.delete(session.key);
      return undefined;
    }
    const renewed: Session = { ...session, ...token };
    this.#opened.set(session.key, {
      bound: binding(renewed),
      sealedToken: token.sealedToken,
      token: accessToken,
    });
    return renewed;
  }

  /**
   * The client secret (to renew the token): the session's own, or for a person the connection's,
   * read from the directory; undefined when the record no longer opens.
   */
  async secretOf(session: Session): Promise<string | undefined> {
    const secret = await this.#box.open(session.sealedSecret, aad('secret', session.key, session));
    if (secret === undefined) this.#opened.delete(session.key);
    else if (this.#opened.get(session.key)?.bound !== binding(session))
      this.#opened.set(session.key, { bound: binding(session) });
    if (secret === undefined || !session.person) return secret;
    return session.connectionId === undefined
      ? undefined
      : this.#options.connectionSecret?.(session.connectionId);
  }

  /** Whether the record opens, checked once per sealed secret and process. */
  async opens(session: Session): Promise<boolean> {
    if (this.#opened.get(session.key)?.bound === binding(session)) return true;
    const sealed = await this.#box.open(session.sealedSecret, aad('secret', session.key, session));
    if (sealed === undefined) {
      this.#opened.delete(session.key);
      return false;
    }
    this.#opened.set(session.key, { bound: binding(session) });
    return true;
  }

  /** The upstream token, unsealed once per sealed value and process, then kept in memory. */
  async tokenOf(session: Session): Promise<string | undefined> {
    if (session.sealedToken === undefined) return undefined;
    const cached = this.#opened.get(session.key);
    const bound = binding(session);
    if (cached?.bound === bound && cached.sealedToken === session.sealedToken) return cached.token;
    const token = await this.#box.open(session.sealedToken, aad('token', session.key, session));
    // Kept only beside a secret this process has checked for the same identity.
    if (token !== undefined && cached?.bound === bound)
      this.#opened.set(session.key, { bound, sealedToken: session.sealedToken, token });
    return token;
  }

  tokenIsDue(session: Session): boolean {
    return (
      session.sealedToken === undefined || (session.renewAt !== undefined && this.#now() >= session.renewAt)
    );
  }
}

export const createSessionManager = (options: SessionManagerOptions): SessionManager =>
  new SessionManager(options);
