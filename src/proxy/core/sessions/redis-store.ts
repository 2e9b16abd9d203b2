// The session store in Redis (docs/decisions/0005), through the official client (node-redis):
// `redis://`, `rediss://` (TLS), `unix:///path`, an ACL user and password in the URL, and
// reconnection with backoff on one connection. Commands never wait in an offline queue: while
// Redis is out of reach they fail at once (StoreUnavailableError → 503), so that a wrong password
// or a dead server cannot pile up requests or connections. Every command has a deadline
// (redis-guard.ts, docs/decisions/0020). Every key has a TTL.
import { createClient } from 'redis';
import { CommandGuard } from './redis-guard.ts';
import type { Logger } from '../http/context.ts';
import { errorFacts } from '../log/error-codes.ts';
import { StoreUnavailableError, type LockPolicy, type SessionStore } from './store.ts';

export interface RedisStoreOptions {
  prefix?: string;
  /** Extra TLS settings for `rediss://` (tests pass the CA of a certificate they made). */
  tls?: { ca?: string };
  logger?: Logger;
  connectTimeoutMs?: number;
  /** Every command's deadline (default 1 s): past it the store counts as stalled. */
  commandTimeoutMs?: number;
}

/** A command's deadline by default: Redis answers in well under a millisecond on a sound network. */
export const defaultCommandTimeoutMs = 1_000;

// docs/decisions/0011: claim and release, atomically. KEYS[1] is a hash {count, lockedUntil}.
const claimScript = `
local now = tonumber(ARGV[1])
local locked = tonumber(redis.call('HGET', KEYS[1], 'lockedUntil') or '0')
if locked > now then return locked - now end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
local lock = 0
local free = tonumber(ARGV[2])
if count > free then lock = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(30, count - free - 1)) end
lock = math.floor(lock)
if lock > 0 then redis.call('HSET', KEYS[1], 'lockedUntil', now + lock) else redis.call('HDEL', KEYS[1], 'lockedUntil') end
redis.call('PEXPIRE', KEYS[1], lock + tonumber(ARGV[5]))
return 0`;

const releaseScript = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count <= 1 then redis.call('DEL', KEYS[1]) return 0 end
count = redis.call('HINCRBY', KEYS[1], 'count', -1)
if count <= tonumber(ARGV[1]) then redis.call('HDEL', KEYS[1], 'lockedUntil') end
return count`;

// A fixed window (docs/decisions/0018): the count, and the ms until the window ends.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** Backoff: 100 ms doubling to 5 s between attempts, one connection at a time. */
const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** Math.min(retries, 6), 5_000);
const ms = (ttl: number) => Math.max(1, Math.ceil(ttl));

function clientOptions(url: string, options: RedisStoreOptions) {
  const connectTimeout = options.connectTimeoutMs ?? 2_000;
  const parsed = new URL(url);
  if (parsed.protocol === 'unix:') {
    const db = parsed.searchParams.get('db');
    return {
      socket: { path: decodeURIComponent(parsed.pathname), connectTimeout, reconnectStrategy },
      ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
      ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
      ...(db ? { database: Number(db) } : {}),
    };
  }
  if (parsed.protocol === 'rediss:')
    return {
      url,
      socket: {
        tls: true as const,
        connectTimeout,
        reconnectStrategy,
        ...(options.tls?.ca ? { ca: options.tls.ca } : {}),
      },
    };
  return { url, socket: { connectTimeout, reconnectStrategy } };
}

type RedisClient = ReturnType<typeof createClient>;

export class RedisStore implements SessionStore {
  readonly #prefix: string;
  readonly #client: RedisClient;
  readonly #guard: CommandGuard;
  readonly #commandTimeoutMs: number;
  readonly #log: Logger | undefined;
  #lastError = '';
  // Ended sessions are announced on a channel (docs/decisions/0017): a second connection, since a
  // subscribed one can send nothing else. node-redis subscribes again after a reconnection.
  readonly #subscriber: ReturnType<RedisClient['duplicate']>;
  readonly #channel: string;
  readonly #endedListeners = new Set<(key: string) => void>();
  // A person's roles or the connections changed (docs/decisions/0023): the same connection listens.
  readonly #accessChannel: string;
  readonly #accessListeners = new Set<(message: string) => void>();
  #subscribed = false;

  constructor(url: string, options: RedisStoreOptions = {}) {
    this.#prefix = options.prefix ?? 'provider-console:';
    this.#channel = `${this.#prefix}session-ended`;
    this.#accessChannel = `${this.#prefix}access-changed`;
    this.#commandTimeoutMs = options.commandTimeoutMs ?? defaultCommandTimeoutMs;
    this.#log = options.logger;
    this.#client = createClient({ ...clientOptions(url, options), disableOfflineQueue: true });
    this.#guard = new CommandGuard(this.#client, this.#commandTimeoutMs, this.#log);
    this.#client.on('error', (error: unknown) => this.#reportError(error));
    this.#client.on('ready', () => {
      this.#lastError = '';
    });
    this.#client.connect().catch(() => {
      // Reconnection goes on in the background; commands fail meanwhile.
    });
    this.#subscriber = this.#client.duplicate();
    this.#subscriber.on('error', () => {
      // Reported by the main connection, which fails the same way.
    });
    this.#subscriber.on('ready', () => this.#subscribe());
    this.#subscriber.connect().catch(() => {});
  }

  #reportError(error: unknown): void {
    // docs/decisions/0020: the error's class and code (ECONNREFUSED, WRONGPASS…), not its text.
    const facts = errorFacts(error);
    const kind = `${facts.errorClass}:${facts.code ?? ''}`;
    // One line per kind of failure, not one per reconnection attempt.
    if (kind !== this.#lastError) this.#log?.warn({ event: 'redis_error', ...facts }, 'redis error');
    this.#lastError = kind;
  }

  #subscribe(): void {
    if (this.#subscribed || this.#guard.closed) return;
    this.#subscribed = true;
    Promise.all([
      this.#subscriber.subscribe(this.#channel, (message) => {
        for (const listener of this.#endedListeners) listener(message);
      }),
      this.#subscriber.subscribe(this.#accessChannel, (message) => {
        for (const listener of this.#accessListeners) listener(message);
      }),
    ]).catch(() => {
      this.#subscribed = false;
    });
  }

  #run<T>(command: (client: RedisClient) => Promise<T>): Promise<T> {
    return this.#guard.run(() => command(this.#client));
  }

  #k = (key: string) => this.#prefix + key;

  async get(key: string): Promise<string | undefined> {
    const value = await this.#run((client) => client.get(this.#k(key)));
    return typeof value === 'string' ? value : undefined;
  }

  async countKeys(prefix: string): Promise<number> {
    let cursor = '0';
    let count = 0;
    do {
      // oxlint-disable-next-line no-await-in-loop -- SCAN's cursor: one page after the other
      const page = await this.#run((client) =>
        client.scan(cursor, { MATCH: `${this.#k(prefix)}*`, COUNT: 1_000 }),
      );
      cursor = String(page.cursor);
      count += page.keys.length;
    } while (cursor !== '0');
    return count;
  }

  async getMany(keys: readonly string[]): Promise<(string | undefined)[]> {
    const values = await this.#run((client) => client.mGet(keys.map(this.#k)));
    return values.map((value) => (typeof value === 'string' ? value : undefined));
  }

  async announceEnded(key: string): Promise<void> {
    await this.#run((client) => client.publish(this.#channel, key));
  }

  onEnded(listener: (key: string) => void): void {
    this.#endedListeners.add(listener);
  }

  async announceAccessChanged(message: string): Promise<void> {
    await this.#run((client) => client.publish(this.#accessChannel, message));
  }

  onAccessChanged(listener: (message: string) => void): void {
    this.#accessListeners.add(listener);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#run((client) =>
      client.set(this.#k(key), value, { expiration: { type: 'PX', value: ms(ttlMs) } }),
    );
  }

  async replace(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply = await this.#run((client) =>
      client.set(this.#k(key), value, { expiration: { type: 'PX', value: ms(ttlMs) }, condition: 'XX' }),
    );
    return reply === 'OK';
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.#run((client) => client.del(keys.map(this.#k)));
  }

  async addMember(key: string, member: string, ttlMs: number): Promise<void> {
    await this.#run((client) =>
      client.multi().sAdd(this.#k(key), member).pExpire(this.#k(key), ms(ttlMs)).exec(),
    );
  }

  async members(key: string): Promise<string[]> {
    return this.#run((client) => client.sMembers(this.#k(key)));
  }

  async claim(key: string, policy: LockPolicy, now: number): Promise<number> {
    const reply = await this.#run((client) =>
      client.eval(claimScript, {
        keys: [this.#k(key)],
        arguments: [now, policy.free, policy.baseMs, policy.capMs, policy.forgetMs].map(String),
      }),
    );
    return Number(reply);
  }

  async release(key: string, policy: LockPolicy): Promise<void> {
    await this.#run((client) =>
      client.eval(releaseScript, { keys: [this.#k(key)], arguments: [String(policy.free)] }),
    );
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const reply = await this.#run((client) =>
      client.eval(hitScript, { keys: [this.#k(key)], arguments: [String(ms(windowMs))] }),
    );
    const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [Number.NaN, 0];
    return { count: count ?? Number.NaN, resetInMs: Math.max(0, ttl ?? 0) };
  }

  async ping(): Promise<void> {
    const reply = await this.#run((client) => client.ping());
    if (reply !== 'PONG') throw new StoreUnavailableError('unexpected_reply');
  }

  async close(): Promise<void> {
    if (this.#guard.closed) return;
    this.#guard.closed = true;
    // A graceful close waits for Redis to answer: a stalled one gets the command deadline, then
    // the connections are dropped, so that a shutdown never waits on it.
    const graceful = async (connection: Pick<RedisClient, 'isReady' | 'isOpen' | 'close' | 'destroy'>) => {
      if (connection.isReady) {
        const deadline = new Promise((resolve) => setTimeout(resolve, this.#commandTimeoutMs).unref());
        await Promise.race([connection.close().catch(() => {}), deadline]);
      }
      if (connection.isOpen) connection.destroy();
    };
    await Promise.all([graceful(this.#subscriber), graceful(this.#client)]);
  }
}

export const createRedisStore = (url: string, options: RedisStoreOptions = {}): SessionStore =>
  new RedisStore(url, options);
