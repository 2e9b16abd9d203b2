// Server-side sessions (issue 4, OWASP ASVS 5 session management): the browser holds only a random
// 256-bit id in a `__Host-` cookie; the store holds the login, with the client secret and the
// access token sealed (AES-256-GCM). The store key is a hash of the id.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { environmentIds } from './config.ts';
import type { EnvironmentId } from './config.ts';
import type { SecretBox } from './secret-box.ts';
import type { SessionStore } from './session-store.ts';

export const sessionCookieName = '__Host-provider-console-session';

const storedSession = z.object({
  environment: z.enum(environmentIds),
  providerId: z.number().int().positive(),
  clientId: z.string(),
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
}

export type Lookup = { kind: 'none' } | { kind: 'expired' } | { kind: 'active'; session: Session };

export interface SessionManagerOptions {
  store: SessionStore;
  box: SecretBox;
  now: () => number;
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

const idPattern = /^[A-Za-z0-9_-]{43}$/;

function idHash(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

export function storeKey(id: string): string {
  return `session:${idHash(id)}`;
}

function tokenKey(id: string): string {
  return `token:${idHash(id)}`;
}

export function createSessionManager(options: SessionManagerOptions) {
  const { store, box, now, idleTimeoutMs, absoluteTimeoutMs } = options;

  const ttlFor = (session: StoredSession) =>
    Math.max(1, Math.min(idleTimeoutMs, session.createdAt + absoluteTimeoutMs - now()));

  const save = async (id: string, session: StoredSession) => {
    await store.set(storeKey(id), JSON.stringify(session), ttlFor(session));
  };

  const saveTokenOf = async (id: string, session: StoredSession, token: StoredToken) => {
    await store.set(
      tokenKey(id),
      JSON.stringify(token),
      Math.max(1, session.createdAt + absoluteTimeoutMs - now()),
    );
  };

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
    const [session, token] = await Promise.all([
      readJson(storeKey(id), storedSession),
      readJson(tokenKey(id), storedToken),
    ]);
    return session ? { id, ...session, ...token } : undefined;
  };

  return {
    async create(input: {
      environment: EnvironmentId;
      providerId: number;
      clientId: string;
      clientSecret: string;
      accessToken: string;
      expiresInSeconds: number | undefined;
    }): Promise<Session> {
      // 32 random bytes: the id carries 256 bits of entropy (issue 4).
      const id = randomBytes(32).toString('base64url');
      const at = now();
      const session: StoredSession = {
        environment: input.environment,
        providerId: input.providerId,
        clientId: input.clientId,
        sealedSecret: box.seal(input.clientSecret, `secret:${storeKey(id)}`),
        createdAt: at,
        lastSeenAt: at,
      };
      const token: StoredToken = {
        sealedToken: box.seal(input.accessToken, `token:${storeKey(id)}`),
        renewAt: renewAtFor(at, input.expiresInSeconds),
      };
      await saveTokenOf(id, session, token);
      await save(id, session);
      return { id, ...session, ...token };
    },

    /** The session behind a cookie value, touched (idle timer restarted) when still valid. */
    async lookup(cookieValue: string | undefined): Promise<Lookup> {
      if (cookieValue === undefined || cookieValue === '') return { kind: 'none' };
      if (!idPattern.test(cookieValue)) return { kind: 'expired' };
      const session = await read(cookieValue);
      if (!session) return { kind: 'expired' };
      const at = now();
      if (at - session.lastSeenAt >= idleTimeoutMs || at - session.createdAt >= absoluteTimeoutMs) {
        await Promise.all([store.delete(storeKey(cookieValue)), store.delete(tokenKey(cookieValue))]);
        return { kind: 'expired' };
      }
      const touched = { ...session, lastSeenAt: at };
      await save(cookieValue, core(touched));
      return { kind: 'active', session: touched };
    },

    /** Re-reads a session without touching it (to see a token another request has renewed). */
    async reload(id: string): Promise<Session | undefined> {
      return read(id);
    },

    async destroy(id: string): Promise<void> {
      await Promise.all([store.delete(storeKey(id)), store.delete(tokenKey(id))]);
    },

    async saveToken(
      session: Session,
      accessToken: string,
      expiresInSeconds: number | undefined,
    ): Promise<Session> {
      const token: StoredToken = {
        sealedToken: box.seal(accessToken, `token:${storeKey(session.id)}`),
        renewAt: renewAtFor(now(), expiresInSeconds),
      };
      await saveTokenOf(session.id, session, token);
      return { ...session, ...token };
    },

    secretOf(session: Session): string | undefined {
      return box.open(session.sealedSecret, `secret:${storeKey(session.id)}`);
    },

    tokenOf(session: Session): string | undefined {
      return session.sealedToken === undefined
        ? undefined
        : box.open(session.sealedToken, `token:${storeKey(session.id)}`);
    },

    tokenIsDue(session: Session): boolean {
      return session.sealedToken === undefined || (session.renewAt !== undefined && now() >= session.renewAt);
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;

/** Issue 4: honour `expires_in` when present, renewing at 80 % of it. */
function renewAtFor(at: number, expiresInSeconds: number | undefined): number | undefined {
  return expiresInSeconds === undefined ? undefined : at + expiresInSeconds * 800;
}

function core(session: Session): StoredSession {
  return {
    environment: session.environment,
    providerId: session.providerId,
    clientId: session.clientId,
    sealedSecret: session.sealedSecret,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
  };
}
