// The per-parent index of the child list (spec 4.5, docs/decisions/0024): what the proxy answers a
// centre's own record and the list's pages from, so that a centre's page never downloads the whole
// list. Keyed by environment and the credentials' owner (the same scope as the audit log's reads),
// so that one parent's index never answers another's. Fresh for `maxAgeMs`; then served while it is
// revalidated with the service in the background, up to `maxStaleMs`, past which a read waits for
// the service. Shared through the session store (Redis when REDIS_URL is set): the list under one
// key, a version under another that every read checks (one small GET), so that a create or a
// logout on any instance drops it for every instance at once. Bounded in memory: least recently
// used parent first, by entries and by bytes.
import { z } from 'zod/mini';
import { childListItemSchema, type ChildListItem } from '../../../contract/schemas.ts';
import type { SessionStore } from '../../core/sessions/store.ts';

export interface CentreIndexOptions {
  store: SessionStore;
  now: () => number;
  /** Served without asking the service for this long after a read of 4.5 (default 10 s). */
  maxAgeMs?: number;
  /** Past `maxAgeMs`, served while revalidated, up to this age; past it a read waits (default 60 s). */
  maxStaleMs?: number;
  /** Parents held in this process's memory (default 200). */
  maxEntries?: number;
  /** JSON bytes held in this process's memory, all parents together (default 64 MiB). */
  maxBytes?: number;
}

/** One parent's children, as read from 4.5, with what the reads derive from it (kept once). */
export interface CentreList {
  kind: 'list';
  centres: readonly ChildListItem[];
  byId: ReadonlyMap<number, ChildListItem>;
  fetchedAt: number;
  /** The version under which the store holds it. */
  version: string;
  /** Its JSON size, what the memory bound counts. */
  bytes: number;
  /** Sorted copies, by sort key and direction (centre-pages.ts), made on first use. */
  sorted: Map<string, readonly ChildListItem[]>;
}

/**
 * What filling the index from the service gives: the children, or the service's refusal, made into
 * a Response for each read that waited on it (a body is read once).
 */
export type Fill = () => Promise<
  { kind: 'centres'; centres: ChildListItem[] } | { kind: 'refused'; answer: () => Response }
>;
export type Read = CentreList | { kind: 'refused'; answer: () => Response };

const storedSchema = z.object({ at: z.number(), centres: z.array(childListItemSchema) });

const listKey = (scope: string) => `centres:${scope}`;
const versionKey = (scope: string) => `centres-version:${scope}`;

function listOf(
  centres: readonly ChildListItem[],
  fetchedAt: number,
  version: string,
  bytes: number,
): CentreList {
  return {
    kind: 'list',
    centres,
    byId: new Map(centres.map((c) => [c.id, c])),
    fetchedAt,
    version,
    bytes,
    sorted: new Map(),
  };
}

export function createCentreIndex(options: CentreIndexOptions) {
  const { store, now } = options;
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const maxStaleMs = Math.max(maxAgeMs, options.maxStaleMs ?? 60_000);
  const maxEntries = options.maxEntries ?? 200;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const held = new Map<string, CentreList>();
  let heldBytes = 0;
  /**
   * Revalidations in flight, one per parent in this process. A drop marks its fill stale: that
   * fill's answer may predate the drop (a create), so it is answered to its waiters, never kept.
   */
  const filling = new Map<string, { done?: Promise<Read>; stale: boolean }>();

  const forget = (scope: string) => {
    const entry = held.get(scope);
    if (!entry) return;
    held.delete(scope);
    heldBytes -= entry.bytes;
  };
  const keep = (scope: string, entry: CentreList) => {
    forget(scope);
    // Larger than the whole bound: answered, read from the store next time, never held here.
    if (entry.bytes > maxBytes) return;
    // Re-inserted: the Map's order is then least recently used first.
    held.set(scope, entry);
    heldBytes += entry.bytes;
    // Deleting the key being visited is safe in a Map's iteration.
    for (const oldest of held.keys()) {
      if (held.size <= maxEntries && heldBytes <= maxBytes) break;
      forget(oldest);
    }
  };

  const fill = (scope: string, from: Fill): Promise<Read> => {
    const running = filling.get(scope);
    if (running?.done) return running.done;
    const mark: { done?: Promise<Read>; stale: boolean } = { stale: false };
    const done = (async () => {
      const filled = await from();
      if (filled.kind === 'refused') return filled;
      const at = now();
      const json = JSON.stringify({ at, centres: filled.centres });
      const entry = listOf(filled.centres, at, crypto.randomUUID(), json.length);
      if (mark.stale) return entry;
      // The list first, then its version: a reader that sees the version finds the list.
      await store.set(listKey(scope), json, maxStaleMs);
      await store.set(versionKey(scope), entry.version, maxStaleMs);
      keep(scope, entry);
      return entry;
    })().finally(() => {
      if (filling.get(scope) === mark) filling.delete(scope);
    });
    mark.done = done;
    filling.set(scope, mark);
    return done;
  };

  /** The list the store holds for `scope` (this process's copy when it is the store's version). */
  const shared = async (scope: string): Promise<CentreList | undefined> => {
    const version = await store.get(versionKey(scope));
    if (version === undefined) {
      forget(scope);
      return undefined;
    }
    const local = held.get(scope);
    if (local?.version === version) {
      keep(scope, local);
      return local;
    }
    const raw = await store.get(listKey(scope));
    if (raw === undefined) return undefined;
    let parsed: z.infer<typeof storedSchema> | undefined;
    try {
      const result = storedSchema.safeParse(JSON.parse(raw));
      parsed = result.success ? result.data : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed) return undefined;
    const entry = listOf(parsed.centres, parsed.at, version, raw.length);
    keep(scope, entry);
    return entry;
  };

  return {
    /**
     * The parent's children: fresh, or stale within `maxStaleMs` while revalidated in the background,
     * else read from the service first. A refusal of the service (a centre's own login gets 403,
     * D3) comes back as it came, and is never kept.
     */
    async read(scope: string, from: Fill): Promise<Read> {
      const entry = await shared(scope);
      const age = entry ? now() - entry.fetchedAt : Number.POSITIVE_INFINITY;
      if (!entry || age >= maxStaleMs) return fill(scope, from);
      if (age >= maxAgeMs) void fill(scope, from).catch(() => {});
      return entry;
    },

    /**
     * Asks the service now (a read that missed; one request per parent at a time), unless the index
     * was read from it less than `minAgeMs` ago: a miss never costs more than one read per interval.
     */
    async refresh(scope: string, list: CentreList, from: Fill, minAgeMs = 2_000): Promise<Read> {
      return now() - list.fetchedAt < minAgeMs ? list : fill(scope, from);
    },

    /** Forgets a parent's index here and, through the store, on every instance (4.3, a logout). */
    async drop(scope: string): Promise<void> {
      const running = filling.get(scope);
      if (running) running.stale = true;
      filling.delete(scope);
      forget(scope);
      await store.delete(versionKey(scope), listKey(scope));
    },

    /** For tests: revalidations still running, settled. */
    settled: () => Promise.allSettled([...filling.values()].map((f) => f.done)).then(() => undefined),
    /** For tests: parents held in this process's memory, and their JSON bytes. */
    held: () => ({ entries: held.size, bytes: heldBytes, scopes: [...held.keys()] }),
  };
}

export type CentreIndex = ReturnType<typeof createCentreIndex>;
