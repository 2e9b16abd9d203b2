// Where sessions and login-failure counters live (docs/decisions/0005, 0011): in memory by default,
// in Redis when REDIS_URL is set so that any number of proxy instances share them (redis-store.ts).
// Values are opaque strings (the session module seals the secrets inside); keys are hashes of the
// session id, so a dump of the store does not hand out live cookies. This module is Web-standard:
// the in-browser host keeps its sessions in the memory store (docs/decisions/0012).
/** How a failure counter locks (docs/decisions/0011). */
export interface LockPolicy {
  /** Failures allowed before any delay. */
  free: number;
  /** The first delay, doubled at each further failure… */
  baseMs: number;
  /** …up to this. */
  capMs: number;
  /** How long a counter is remembered after its lock ends. */
  forgetMs: number;
}

/** The lock after `count` failures, in ms (0: none). */
export function lockAfter(count: number, policy: LockPolicy): number {
  if (count <= policy.free) return 0;
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(30, count - policy.free - 1));
}

export interface SessionStore {
  get(key: string): Promise<string | undefined>;
  /** Several values in one round trip (Redis `MGET`), in the order asked. */
  getMany(keys: readonly string[]): Promise<(string | undefined)[]>;
  /** Stores a value that the store may forget after `ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Rewrites a value only while it still exists (Redis `SET … XX`): a late write can never bring
   * back a key that was deleted meanwhile. Answers whether it wrote.
   */
  replace(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(...keys: string[]): Promise<void>;
  /**
   * Adds a member to a set that the store forgets `ttlMs` after its last addition (Redis `SADD`
   * and `PEXPIRE`): the sessions of one person at the provider, for back-channel logout.
   */
  addMember(key: string, member: string, ttlMs: number): Promise<void>;
  /** A set's members (none when it is gone). */
  members(key: string): Promise<string[]>;
  /**
   * One attempt against a failure counter, atomically: while the counter is locked it answers the
   * ms left and changes nothing; otherwise it counts the attempt (as a failure until `release`),
   * locks per the policy, and answers 0.
   */
  claim(key: string, policy: LockPolicy, now: number): Promise<number>;
  /** Takes a claimed attempt back (it did not fail on credentials); a counter at zero is deleted. */
  release(key: string, policy: LockPolicy): Promise<void>;
  /**
   * Adds one to a counter that lives `windowMs` from its first hit (a fixed window), atomically;
   * answers the count and when the window ends (docs/decisions/0018: changes per session).
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /**
   * Tells every process sharing this store that a session ended (Redis pub/sub; in memory, this
   * process), so that none keeps its opened token a moment longer (docs/decisions/0017).
   */
  announceEnded(key: string): Promise<void>;
  /** Called with the key of every session ended anywhere (announced through `announceEnded`). */
  onEnded(listener: (key: string) => void): void;
  /**
   * Tells every process sharing this store that a person's roles or the connections changed
   * (docs/decisions/0023), so that each drops what it cached and judges the next request afresh.
   */
  announceAccessChanged(message: string): Promise<void>;
  onAccessChanged(listener: (message: string) => void): void;
  /**
   * How many live values have keys starting with `prefix` (the live sessions, for the metrics;
   * issue 49). Read when Prometheus scrapes, so Redis walks its keys with SCAN, never KEYS.
   */
  countKeys?(prefix: string): Promise<number>;
  /** Throws when the store cannot be reached (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Why the store is out, as logged and as `/readyz` says (docs/decisions/0020). */
export type StoreFailure =
  /** Not connected (refused, a wrong password, or reconnecting). */
  | 'not_connected'
  /** A command passed its deadline: the store is treated as stalled until it answers again. */
  | 'timeout'
  | 'stalled'
  /** The command itself failed. */
  | 'command_failed'
  | 'unexpected_reply';

/** A store that cannot be reached: the app answers 503 `store_unavailable` (docs/decisions/0005). */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  readonly reason: StoreFailure;
  constructor(reason: StoreFailure, options?: ErrorOptions) {
    super(`the session store is unavailable (${reason})`, options);
    this.reason = reason;
  }
}

export interface MemoryStore extends SessionStore {
  /** How many values and counters it holds (for the memory tests). */
  size(): number;
}

/** The memory store's sets (`addMember`, `members`), each forgotten `ttlMs` after its last addition. */
function memorySets(now: () => number) {
  const sets = new Map<string, { members: Set<string>; expiresAt: number }>();
  const live = (key: string) => {
    const entry = sets.get(key);
    if (entry && entry.expiresAt <= now()) sets.delete(key);
    return entry && entry.expiresAt > now() ? entry : undefined;
  };
  return {
    async add(key: string, member: string, ttlMs: number) {
      const entry = live(key) ?? { members: new Set<string>(), expiresAt: 0 };
      entry.members.add(member);
      entry.expiresAt = now() + ttlMs;
      sets.set(key, entry);
    },
    async members(key: string) {
      return [...(live(key)?.members ?? [])];
    },
    delete: (key: string) => sets.delete(key),
    sweep: () => {
      for (const key of sets.keys()) live(key);
    },
    size: () => sets.size,
  };
}

type Counter = { count: number; lockedUntil: number; expiresAt: number };

/** Announcements to this process's own listeners: one instance, so nobody else to tell. */
function memoryAnnouncements() {
  const endedListeners = new Set<(key: string) => void>();
  const accessListeners = new Set<(message: string) => void>();
  return {
    async announceEnded(key: string) {
      for (const listener of endedListeners) listener(key);
    },
    onEnded(listener: (key: string) => void) {
      endedListeners.add(listener);
    },
    async announceAccessChanged(message: string) {
      for (const listener of accessListeners) listener(message);
    },
    onAccessChanged(listener: (message: string) => void) {
      accessListeners.add(listener);
    },
  };
}

export function createMemoryStore(options: { now?: () => number; maxCounters?: number } = {}): MemoryStore {
  const now = options.now ?? Date.now;
  // docs/decisions/0011: the counter table is capped; past it the oldest counter is forgotten.
  const maxCounters = options.maxCounters ?? 10_000;
  const values = new Map<string, { value: string; expiresAt: number }>();
  const counters = new Map<string, Counter>();
  const windows = new Map<string, { count: number; expiresAt: number }>();
  const sets = memorySets(now);
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
    for (const key of windows.keys()) live(windows, key);
    sets.sweep();
  }, 60_000);
  // Node: the sweep never keeps a process alive (browsers have no unref).
  (sweep as { unref?: () => void }).unref?.();
  return {
    async get(key) {
      return live(values, key)?.value;
    },
    async getMany(keys) {
      return keys.map((key) => live(values, key)?.value);
    },
    async countKeys(prefix) {
      let count = 0;
      for (const key of values.keys()) if (key.startsWith(prefix) && live(values, key)) count += 1;
      return count;
    },
    ...memoryAnnouncements(),
    async set(key, value, ttlMs) {
      values.set(key, { value, expiresAt: now() + ttlMs });
    },
    async replace(key, value, ttlMs) {
      if (!live(values, key)) return false;
      values.set(key, { value, expiresAt: now() + ttlMs });
      return true;
    },
    async delete(...keys) {
      for (const key of keys) {
        values.delete(key);
        counters.delete(key);
        sets.delete(key);
      }
    },
    addMember: sets.add,
    members: sets.members,
    async claim(key, policy, at) {
      const entry = live(counters, key) ?? { count: 0, lockedUntil: 0, expiresAt: 0 };
      if (entry.lockedUntil > at) return entry.lockedUntil - at;
      entry.count += 1;
      const lock = lockAfter(entry.count, policy);
      entry.lockedUntil = lock > 0 ? at + lock : 0;
      entry.expiresAt = now() + lock + policy.forgetMs;
      // Re-inserted: the Map's order is then least recently counted first.
      counters.delete(key);
      counters.set(key, entry);
      while (counters.size > maxCounters) {
        const oldest = counters.keys().next().value;
        if (oldest === undefined) break;
        counters.delete(oldest);
      }
      return 0;
    },
    async release(key, policy) {
      const entry = live(counters, key);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count <= 0) counters.delete(key);
      else if (lockAfter(entry.count, policy) === 0) entry.lockedUntil = 0;
    },
    async hit(key, windowMs) {
      const entry = live(windows, key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      return { count: entry.count, resetInMs: entry.expiresAt - now() };
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
    },
    size: () => values.size + counters.size + windows.size + sets.size(),
  };
}
