// What one proxy process keeps in memory of the sessions it serves (docs/decisions/0017): values it
// has opened, and the store key of each id it has hashed. Bounded, so that a flood of sessions
// cannot grow it without end.

/**
 * What this process has opened of a session: the client secret checked once, the token unsealed
 * once. Each is kept beside the sealed value it came from, so a value renewed by another instance
 * is opened again; a logout anywhere drops the entry (`SessionStore.onEnded`). Never logged, never
 * written anywhere.
 */
export interface Opened {
  /** The sealed secret with the identity it is bound to (`binding`): an edited record differs. */
  bound: string;
  sealedToken?: string;
  token?: string;
}

/** A map of at most `max` entries: setting a key makes it the newest, the oldest goes first. */
export function boundedMap<V>(max: number) {
  const map = new Map<string, V>();
  return {
    get: (key: string) => map.get(key),
    has: (key: string) => map.has(key),
    delete: (key: string) => map.delete(key),
    set(key: string, value: V) {
      // Re-inserted: the Map's order is then least recently set first.
      map.delete(key);
      map.set(key, value);
      while (map.size > max) {
        const oldest = map.keys().next().value;
        if (oldest === undefined) break;
        map.delete(oldest);
      }
    },
  };
}
