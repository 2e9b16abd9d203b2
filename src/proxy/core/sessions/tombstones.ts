// Logouts the store could not apply (docs/decisions/0020). A logout that meets a store outage still
// clears the cookie, but the record stays in the store and would open again once the store returns.
// So this instance keeps the session's key as a tombstone, refuses it at once, and retries the
// delete every second until the store takes it. A tombstone is dropped once the delete went through,
// or once the record has expired in the store on its own (`holdMs`, the idle timeout, since every
// write of the record sets its expiry at most that far ahead). Web-standard (docs/decisions/0012).

export interface TombstoneOptions {
  now: () => number;
  /** How long a record the store still holds can live: the session idle timeout. */
  holdMs: number;
  /** Deletes the session's record and tells the other instances; throws while the store is out. */
  retry: (key: string) => Promise<void>;
  retryEveryMs?: number;
  /** At most this many (the oldest dropped first), so that a flood of logouts stays bounded. */
  max?: number;
}

export function createTombstones(options: TombstoneOptions) {
  const { now, holdMs, retry } = options;
  const max = options.max ?? 10_000;
  /** Session key → until when it is refused. */
  const until = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let retrying = false;

  const sweep = async () => {
    if (retrying) return;
    retrying = true;
    try {
      for (const [key, expiresAt] of until) {
        if (expiresAt <= now()) {
          until.delete(key);
          continue;
        }
        try {
          // oxlint-disable-next-line no-await-in-loop -- one delete at a time: the store just came back
          await retry(key);
          until.delete(key);
        } catch {
          // Still out: every other key would fail the same way; next round.
          break;
        }
      }
    } finally {
      retrying = false;
      if (until.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    }
  };

  return {
    /** Whether this key's logout is still pending here (the hot path: one Map lookup, often none). */
    has: (key: string) => until.size > 0 && until.has(key),
    add(key: string) {
      until.delete(key);
      until.set(key, now() + holdMs);
      while (until.size > max) {
        const oldest = until.keys().next().value;
        if (oldest === undefined) break;
        until.delete(oldest);
      }
      if (timer === undefined) {
        timer = setInterval(() => void sweep(), options.retryEveryMs ?? 1_000);
        // Node: pending retries never keep a process alive (browsers have no unref).
        (timer as { unref?: () => void }).unref?.();
      }
    },
    get size() {
      return until.size;
    },
  };
}

export type Tombstones = ReturnType<typeof createTombstones>;
