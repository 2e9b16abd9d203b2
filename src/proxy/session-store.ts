// Where sessions and login-failure counters live (issue 4): in memory by default, in Redis when
// REDIS_URL is set so that any number of proxy instances share them. Values are opaque strings
// (the session module seals the secrets inside); keys are hashes of the session id, so a dump of
// the store does not hand out live cookies.
import type { RedisClient } from './redis-client.ts';

export interface SessionStore {
  get(key: string): Promise<string | undefined>;
  /** Stores a value that the store may forget after `ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds one to a counter whose window starts at its first hit; answers the count and the ms left. */
  increment(key: string, windowMs: number): Promise<{ count: number; remainingMs: number }>;
  /** Takes one back (an attempt that turned out not to count); never creates a counter. */
  decrement(key: string): Promise<void>;
  /** The counter's value and the ms left in its window (0, 0 when there is none). */
  peek(key: string): Promise<{ count: number; remainingMs: number }>;
  /** Throws when the store cannot be reached (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryStore(options: { now?: () => number } = {}): SessionStore {
  const now = options.now ?? Date.now;
  const values = new Map<string, { value: string; expiresAt: number }>();
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const live = <T extends { expiresAt: number }>(map: Map<string, T>, key: string): T | undefined => {
    const entry = map.get(key);
    if (entry && entry.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  // Forget expired entries now and then, so that abandoned sessions do not pile up.
  const sweep = setInterval(() => {
    for (const key of values.keys()) live(values, key);
    for (const key of counters.keys()) live(counters, key);
  }, 60_000);
  sweep.unref();
  return {
    async get(key) {
      return live(values, key)?.value;
    },
    async set(key, value, ttlMs) {
      values.set(key, { value, expiresAt: now() + ttlMs });
    },
    async delete(key) {
      values.delete(key);
      counters.delete(key);
    },
    async increment(key, windowMs) {
      const entry = live(counters, key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += 1;
      counters.set(key, entry);
      return { count: entry.count, remainingMs: entry.expiresAt - now() };
    },
    async decrement(key) {
      const entry = live(counters, key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async peek(key) {
      const entry = live(counters, key);
      return entry
        ? { count: entry.count, remainingMs: entry.expiresAt - now() }
        : { count: 0, remainingMs: 0 };
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
    },
  };
}

export function createRedisStore(client: RedisClient, options: { prefix?: string } = {}): SessionStore {
  const prefix = options.prefix ?? 'provider-console:';
  return {
    async get(key) {
      const reply = await client.command('GET', prefix + key);
      return typeof reply === 'string' ? reply : undefined;
    },
    async set(key, value, ttlMs) {
      await client.command('SET', prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async delete(key) {
      await client.command('DEL', prefix + key);
    },
    async increment(key, windowMs) {
      // The window starts at the first failure: only the INCR that creates the key sets its expiry.
      const count = asNumber(await client.command('INCR', prefix + key));
      if (count === 1) await client.command('PEXPIRE', prefix + key, windowMs);
      let remainingMs = asNumber(await client.command('PTTL', prefix + key));
      if (remainingMs < 0) {
        // A crash between INCR and PEXPIRE would leave a counter that never expires.
        await client.command('PEXPIRE', prefix + key, windowMs);
        remainingMs = windowMs;
      }
      return { count, remainingMs };
    },
    async decrement(key) {
      // DECR alone would resurrect an expired counter at -1 with no expiry.
      await client.command('EVAL', decrementIfPresent, 1, prefix + key);
    },
    async peek(key) {
      const reply = await client.command('GET', prefix + key);
      if (reply === null) return { count: 0, remainingMs: 0 };
      const remainingMs = asNumber(await client.command('PTTL', prefix + key));
      return { count: asNumber(reply), remainingMs: Math.max(0, remainingMs) };
    },
    async ping() {
      const reply = await client.command('PING');
      if (reply !== 'PONG') throw new Error(`unexpected PING reply ${JSON.stringify(reply)}`);
    },
    async close() {
      await client.close();
    },
  };
}

function asNumber(reply: unknown): number {
  return typeof reply === 'number' ? reply : Number(reply);
}

const decrementIfPresent =
  "if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then return redis.call('DECR', KEYS[1]) end return 0";
