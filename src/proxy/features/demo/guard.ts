// A public demo stays usable whoever visits it (docs/decisions/0020). One address once opened 24,832
// demo sessions in 20 s. Here, per instance (the demo's world is per process too):
// - demo sign-ins are rate-limited per client address (a bucket of `signInsPerMinute`, refilled
//   continuously), answered 429 with the seconds to wait;
// - one address holds at most `sessionsPerAddress` live demo sessions: a further sign-in ends its
//   own oldest (a person with many tabs is never locked out; a flood only churns its own);
// - the instance holds at most `maxSessions` live demo sessions: past it a sign-in is refused 503
//   until one idles out. A session counts as live until it has been idle for the idle timeout (its
//   touches, at most one a minute, say when it was last used) or has ended.
// Web-standard (docs/decisions/0012); nothing here is asked of the store.

export interface DemoLimits {
  maxSessions: number;
  sessionsPerAddress: number;
  signInsPerMinute: number;
}

export type Admission =
  | { kind: 'admitted' }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  | { kind: 'full'; retryAfterSeconds: number };

/** At most this many addresses' buckets are kept (the least recently seen forgotten first). */
const maxBuckets = 10_000;

export function createDemoGuard(limits: DemoLimits, options: { now: () => number; idleTimeoutMs: number }) {
  const { now, idleTimeoutMs } = options;
  const perMs = limits.signInsPerMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  /** Live demo sessions by store key, least recently seen first. */
  const live = new Map<string, { address: string; seenAt: number }>();
  /** Each address's live demo sessions, oldest first. */
  const byAddress = new Map<string, string[]>();

  const forget = (key: string) => {
    const entry = live.get(key);
    if (!entry) return;
    live.delete(key);
    const keys = byAddress.get(entry.address)?.filter((other) => other !== key) ?? [];
    if (keys.length === 0) byAddress.delete(entry.address);
    else byAddress.set(entry.address, keys);
  };
  const pruneIdle = (at: number) => {
    for (const [key, entry] of live) {
      if (entry.seenAt + idleTimeoutMs > at) break;
      forget(key);
    }
  };

  return {
    /** Whether `address` may sign in to the demo now (it takes one sign-in from its bucket). */
    admit(address: string): Admission {
      const at = now();
      const bucket = buckets.get(address);
      const tokens = bucket
        ? Math.min(limits.signInsPerMinute, bucket.tokens + (at - bucket.at) * perMs)
        : limits.signInsPerMinute;
      if (tokens < 1)
        return { kind: 'rate_limited', retryAfterSeconds: Math.ceil((1 - tokens) / perMs / 1000) };
      pruneIdle(at);
      const own = byAddress.get(address)?.length ?? 0;
      // An address at its own cap makes room by ending its oldest session: it takes no new place.
      if (live.size >= limits.maxSessions && own < limits.sessionsPerAddress) {
        const oldest = live.values().next().value;
        const waitMs = oldest ? oldest.seenAt + idleTimeoutMs - at : 60_000;
        return { kind: 'full', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      }
      buckets.delete(address);
      buckets.set(address, { tokens: tokens - 1, at });
      while (buckets.size > maxBuckets) {
        const stale = buckets.keys().next().value;
        if (stale === undefined) break;
        buckets.delete(stale);
      }
      return { kind: 'admitted' };
    },

    /** A demo session began; answers the store keys of this address's sessions to end (its oldest). */
    started(key: string, address: string): string[] {
      live.set(key, { address, seenAt: now() });
      const keys = [...(byAddress.get(address) ?? []), key];
      const ended = keys.splice(0, Math.max(0, keys.length - limits.sessionsPerAddress));
      byAddress.set(address, keys);
      for (const old of ended) live.delete(old);
      return ended;
    },

    /** A demo session was used again (its idle timer restarted). */
    seen(key: string): void {
      const entry = live.get(key);
      if (!entry) return;
      entry.seenAt = now();
      live.delete(key);
      live.set(key, entry);
    },

    /** A session ended (logout, expiry, or announced by another instance). */
    ended: forget,

    /** Live demo sessions now (for tests). */
    size(): number {
      pruneIdle(now());
      return live.size;
    },
  };
}

export type DemoGuard = ReturnType<typeof createDemoGuard>;
