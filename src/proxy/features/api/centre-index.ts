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

/** Lists held in this process's memory, least recently used first, bounded by entries and bytes. */
class HeldLists {
  readonly #lists = new Map<string, CentreList>();
  #bytes = 0;
  readonly #maxEntries: number;
  readonly #maxBytes: number;

  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get(scope: string): CentreList | undefined {
    return this.#lists.get(scope);
  }

  forget(scope: string): void {
    const entry = this.#lists.get(scope);
    if (!entry) return;
    this.#lists.delete(scope);
    this.#bytes -= entry.bytes;
  }

  keep(scope: string, entry: CentreList): void {
    this.forget(scope);
    // Larger than the whole bound: answered, read from the store next time, never held here.
    if (entry.bytes > this.#maxBytes) return;
    // Re-inserted: the Map's order is then least recently used first.
    this.#lists.set(scope, entry);
    this.#bytes += entry.bytes;
    // Deleting the key being visited is safe in a Map's iteration.
    for (const oldest of this.#lists.keys()) {
      if (this.#lists.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.forget(oldest);
    }
  }

  summary() {
    return { entries: this.#lists.size, bytes: this.#bytes, scopes: [...this.#lists.keys()] };
  }
}

/** A revalidation in flight. A drop marks it stale: its answer may predate the drop (a create). */
interface Filling {
  done?: Promise<Read>;
  stale: boolean;
}

/** The stored list, or undefined when it is missing or unreadable. */
function parseStored(raw: string): z.infer<typeof storedSchema> | undefined {
  try {
    const result = storedSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

export class CentreIndex {
  readonly #store: SessionStore;
  readonly #now: () => number;
  readonly #maxAgeMs: number;
  readonly #maxStaleMs: number;
  readonly #held: HeldLists;
  /** Revalidations in flight, one per parent in this process; a stale one is answered, never kept. */
  readonly #filling = new Map<string, Filling>();

  constructor(options: CentreIndexOptions) {
    this.#store = options.store;
    this.#now = options.now;
    this.#maxAgeMs = options.maxAgeMs ?? 10_000;
    this.#maxStaleMs = Math.max(this.#maxAgeMs, options.maxStaleMs ?? 60_000);
    this.#held = new HeldLists(options.maxEntries ?? 200, options.maxBytes ?? 64 * 1024 * 1024);
  }

  #fill(scope: string, from: Fill): Promise<Read> {
    const running = this.#filling.get(scope);
    if (running?.done) return running.done;
    const mark: Filling = { stale: false };
    const done = this.#fillFrom(scope, from, mark).finally(() => {
      if (this.#filling.get(scope) === mark) this.#filling.delete(scope);
    });
    mark.done = done;
    this.#filling.set(scope, mark);
    return done;
  }

  async #fillFrom(scope: string, from: Fill, mark: Filling): Promise<Read> {
    const filled = await from();
    if (filled.kind === 'refused') return filled;
    const at = this.#now();
    const json = JSON.stringify({ at, centres: filled.centres });
    const entry = listOf(filled.centres, at, crypto.randomUUID(), json.length);
    if (mark.stale) return entry;
    // The list first, then its version: a reader that sees the version finds the list.
    await this.#store.set(listKey(scope), json, this.#maxStaleMs);
    await this.#store.set(versionKey(scope), entry.version, this.#maxStaleMs);
    this.#held.keep(scope, entry);
    return entry;
  }

  /** The list the store holds for `scope` (this process's copy when it is the store's version). */
  async #shared(scope: string): Promise<CentreList | undefined> {
    const version = await this.#store.get(versionKey(scope));
    if (version === undefined) {
      this.#held.forget(scope);
      return undefined;
    }
    const local = this.#held.get(scope);
    if (local?.version === version) {
      this.#held.keep(scope, local);
      return local;
    }
    const raw = await this.#store.get(listKey(scope));
    const parsed = raw === undefined ? undefined : parseStored(raw);
    if (raw === undefined || !parsed) return undefined;
    const entry = listOf(parsed.centres, parsed.at, version, raw.length);
    this.#held.keep(scope, entry);
    return entry;
  }

  /**
   * The parent's children: fresh, or stale within `maxStaleMs` while revalidated in the background,
   * else read from the service first. A refusal of the service (a centre's own login gets 403,
   * D3) comes back as it came, and is never kept.
   */
  async read(scope: string, from: Fill): Promise<Read> {
    const entry = await this.#shared(scope);
    const age = entry ? this.#now() - entry.fetchedAt : Number.POSITIVE_INFINITY;
    if (!entry || age >= this.#maxStaleMs) return this.#fill(scope, from);
    if (age >= this.#maxAgeMs) void this.#fill(scope, from).catch(() => {});
    return entry;
  }

  /**
   * Asks the service now (a read that missed; one request per parent at a time), unless the index
   * was read from it less than `minAgeMs` ago: a miss never costs more than one read per interval.
   */
  async refresh(scope: string, list: CentreList, from: Fill, minAgeMs = 2_000): Promise<Read> {
    return this.#now() - list.fetchedAt < minAgeMs ? list : this.#fill(scope, from);
  }

  /** Forgets a parent's index here and, through the store, on every instance (4.3, a logout). */
  async drop(scope: string): Promise<void> {
    const running = this.#filling.get(scope);
    if (running) running.stale = true;
    this.#filling.delete(scope);
    this.#held.forget(scope);
    await this.#store.delete(versionKey(scope), listKey(scope));
  }

  /** For tests: revalidations still running, settled. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#filling.values()].map((f) => f.done));
  }

  /** For tests: parents held in this process's memory, and their JSON bytes. */
  held() {
    return this.#held.summary();
  }
}

export const createCentreIndex = (options: CentreIndexOptions): CentreIndex => new CentreIndex(options);
