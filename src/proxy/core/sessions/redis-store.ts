// The session store in Redis (docs/decisions/0005), through the official client (node-redis):
// `redis://`, `rediss://` (TLS), `unix:///path`, an ACL user and password in the URL, and
// reconnection with backoff on one connection. Commands never wait in an offline queue: while
// Redis is out of reach they fail at once (StoreUnavailableError → 503), so that a wrong password
// or a dead server cannot pile up requests or connections. Every command has a deadline, and one
// that passes it marks the store stalled (a stopped or hung server accepts writes and never
// answers): commands then fail at once until Redis answers again (docs/decisions/0020). Every key
// has a TTL.
import { createClient } from 'redis';
import type { Logger } from '../http/context.ts';
import { errorFacts } from '../log/error-codes.ts';
import { StoreUnavailableError, type LockPolicy, type SessionStore, type StoreFailure } from './store.ts';

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

export function createRedisStore(url: string, options: RedisStoreOptions = {}): SessionStore {
  const prefix = options.prefix ?? 'provider-console:';
  const client = createClient({ ...clientOptions(url, options), disableOfflineQueue: true });
  const commandTimeoutMs = options.commandTimeoutMs ?? defaultCommandTimeoutMs;
  const log = options.logger;
  let lastError = '';
  client.on('error', (error: unknown) => {
    // docs/decisions/0020: the error's class and code (ECONNREFUSED, WRONGPASS…), not its text.
    const facts = errorFacts(error);
    const kind = `${facts.errorClass}:${facts.code ?? ''}`;
    // One line per kind of failure, not one per reconnection attempt.
    if (kind !== lastError) log?.warn({ event: 'redis_error', ...facts }, 'redis error');
    lastError = kind;
  });
  client.on('ready', () => {
    lastError = '';
  });
  let closed = false;
  const opening = client.connect().catch(() => {
    // Reconnection goes on in the background; commands fail meanwhile.
  });
  void opening;

  // Ended sessions are announced on a channel (docs/decisions/0017): a second connection, since a
  // subscribed one can send nothing else. node-redis subscribes again after a reconnection.
  const channel = `${prefix}session-ended`;
  const endedListeners = new Set<(key: string) => void>();
  // A person's roles or the connections changed (docs/decisions/0023): the same connection listens.
  const accessChannel = `${prefix}access-changed`;
  const accessListeners = new Set<(message: string) => void>();
  const subscriber = client.duplicate();
  subscriber.on('error', () => {
    // Reported by the main connection, which fails the same way.
  });
  let subscribed = false;
  const subscribe = () => {
    if (subscribed || closed) return;
    subscribed = true;
    Promise.all([
      subscriber.subscribe(channel, (message) => {
        for (const listener of endedListeners) listener(message);
      }),
      subscriber.subscribe(accessChannel, (message) => {
        for (const listener of accessListeners) listener(message);
      }),
    ]).catch(() => {
      subscribed = false;
    });
  };
  subscriber.on('ready', subscribe);
  void subscriber.connect().catch(() => {});

  // Stalled: a command passed its deadline. Until the one probe in flight is answered, commands
  // fail at once rather than queue behind it on a connection that does not answer.
  let stalled = false;
  const probe = async () => {
    for (;;) {
      if (!stalled || closed) return;
      try {
        // oxlint-disable-next-line no-await-in-loop -- one probe at a time, answered when Redis is back
        await client.ping();
        stalled = false;
        log?.info({ event: 'redis_recovered' }, 'redis recovered');
      } catch {
        // Disconnected meanwhile (the client reconnects by itself): ask again shortly.
        // oxlint-disable-next-line no-await-in-loop -- as above
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  const stall = () => {
    if (stalled) return;
    stalled = true;
    log?.warn({ event: 'redis_stalled', reason: 'timeout', timeoutMs: commandTimeoutMs }, 'redis stalled');
    void probe();
  };
  const unavailable = (): StoreFailure | undefined =>
    closed || !client.isReady ? 'not_connected' : stalled ? 'stalled' : undefined;

  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    const out = unavailable();
    if (out) throw new StoreUnavailableError(out);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stall();
        reject(new StoreUnavailableError('timeout'));
      }, commandTimeoutMs);
    });
    try {
      return await Promise.race([command(), deadline]);
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      throw new StoreUnavailableError('command_failed', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };
  const k = (key: string) => prefix + key;

  return {
    async get(key) {
      const value = await run(() => client.get(k(key)));
      return typeof value === 'string' ? value : undefined;
    },
    async getMany(keys) {
      const values = await run(() => client.mGet(keys.map(k)));
      return values.map((value) => (typeof value === 'string' ? value : undefined));
    },
    async announceEnded(key) {
      await run(() => client.publish(channel, key));
    },
    onEnded(listener) {
      endedListeners.add(listener);
    },
    async announceAccessChanged(message) {
      await run(() => client.publish(accessChannel, message));
    },
    onAccessChanged(listener) {
      accessListeners.add(listener);
    },
    async set(key, value, ttlMs) {
      await run(() => client.set(k(key), value, { expiration: { type: 'PX', value: ms(ttlMs) } }));
    },
    async replace(key, value, ttlMs) {
      const reply = await run(() =>
        client.set(k(key), value, { expiration: { type: 'PX', value: ms(ttlMs) }, condition: 'XX' }),
      );
      return reply === 'OK';
    },
    async delete(...keys) {
      if (keys.length > 0) await run(() => client.del(keys.map(k)));
    },
    async claim(key, policy: LockPolicy, now) {
      const reply = await run(() =>
        client.eval(claimScript, {
          keys: [k(key)],
          arguments: [now, policy.free, policy.baseMs, policy.capMs, policy.forgetMs].map(String),
        }),
      );
      return Number(reply);
    },
    async release(key, policy) {
      await run(() => client.eval(releaseScript, { keys: [k(key)], arguments: [String(policy.free)] }));
    },
    async hit(key, windowMs) {
      const reply = await run(() =>
        client.eval(hitScript, { keys: [k(key)], arguments: [String(ms(windowMs))] }),
      );
      const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [Number.NaN, 0];
      return { count: count ?? Number.NaN, resetInMs: Math.max(0, ttl ?? 0) };
    },
    async ping() {
      const reply = await run(() => client.ping());
      if (reply !== 'PONG') throw new StoreUnavailableError('unexpected_reply');
    },
    async close() {
      if (closed) return;
      closed = true;
      // A graceful close waits for Redis to answer: a stalled one gets the command deadline, then
      // the connections are dropped, so that a shutdown never waits on it.
      const graceful = async (connection: typeof client) => {
        if (connection.isReady) {
          const deadline = new Promise((resolve) => setTimeout(resolve, commandTimeoutMs).unref());
          await Promise.race([connection.close().catch(() => {}), deadline]);
        }
        if (connection.isOpen) connection.destroy();
      };
      await Promise.all([graceful(subscriber), graceful(client)]);
    },
  };
}
