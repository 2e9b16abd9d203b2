// The audit log's store (docs/decisions/0018): one interface, three implementations tested by one
// suite (testing/audit-store-suite.ts): PostgreSQL and PGlite through Kysely
// (features/audit/repository.ts) and memory (memory-store.ts, the in-browser demo's). Web-standard.
// Entries are appended and never changed; only the retention purge removes them, by age.
import type { AuditOutcome } from '../../../proxy-api/activity.ts';

/** Who acted: a client-credential session, or a person through a connection (docs/decisions/0023). */
export interface AuditActor {
  kind: 'client' | 'person' | 'system';
  /** The provider the session is labelled with (typed by the user at a failed sign-in). */
  providerId: number | null;
  clientId: string | null;
  person?: { subject: string; name?: string | null; email?: string | null } | undefined;
  connectionId?: string | null | undefined;
}

export interface NewAuditEntry {
  /** Epoch ms, the proxy's clock. */
  at: number;
  environment: string;
  actor: AuditActor;
  /** The provider whose credentials were used, as verified at login; null when nobody knows. */
  ownerProviderId: number | null;
  /** One of AUDIT_ACTIONS, or a later issue's own. */
  action: string;
  centreId: number | null;
  /** Within the centre: a contract event's id, a doctor's own id. */
  subject: string | null;
  /** The HTTP status the console received, and a code: never a message (the service's words). */
  outcome: { status: number | null; code: string | null };
  requestId: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** What the action needs beyond the columns (details.ts builds each). */
  detail: Record<string, unknown>;
}

export interface AuditEntry extends NewAuditEntry {
  id: number;
  /** A 2xx answer. Accepted entries and refused attempts are read apart (`outcome` filter). */
  accepted: boolean;
}

/**
 * Whose log: entries made with credentials of one provider, verified at login. A session whose
 * provider could not be verified (D3 development) reads only what its own client id did there.
 */
export type AuditScope =
  { environment: string; ownerProviderId: number } | { environment: string; unverifiedClientId: string };

export interface AuditFilter {
  centreId?: number | undefined;
  actions?: readonly string[] | undefined;
  /** A client id. */
  actor?: string | undefined;
  /** A person's subject (docs/decisions/0023). */
  person?: string | undefined;
  outcome?: AuditOutcome | undefined;
  /** Epoch ms: from inclusive, to exclusive. */
  from?: number | undefined;
  to?: number | undefined;
  /** Entries about these subjects only (at most 1,000). */
  subjects?: readonly string[] | undefined;
}

/** Where a listing stopped: the last entry's time and id (keyset paging, newest first). */
export interface AuditCursor {
  at: number;
  id: number;
}

export interface AuditQuery {
  scope: AuditScope;
  filter: AuditFilter;
  limit: number;
  after?: AuditCursor | undefined;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The cursor of the next page; undefined on the last. */
  next: AuditCursor | undefined;
}

export interface AuditStore {
  append(entries: readonly NewAuditEntry[]): Promise<void>;
  /** Newest first ((at, id) descending), `limit` entries after `after`. */
  page(query: AuditQuery): Promise<AuditPage>;
  /**
   * The same page with its entries as the console's JSON (an array of ActivityEntry), built where
   * that is cheaper than `page` and the proxy's serializing (the SQL engines; docs/decisions/0018).
   */
  pageJson?(query: AuditQuery): Promise<{ entriesJson: string; next: AuditCursor | undefined }>;
  /** Removes the entries older than `before` (epoch ms); answers how many. The only removal. */
  purge(before: number): Promise<number>;
  /** Throws when the store cannot be reached (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const isAccepted = (status: number | null) => status !== null && status >= 200 && status < 300;

export const cursorText = (cursor: AuditCursor) => `${cursor.at}.${cursor.id}`;

export function parseCursor(text: string): AuditCursor | undefined {
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(text);
  if (!match) return undefined;
  const at = Number(match[1]);
  const id = Number(match[2]);
  return Number.isSafeInteger(at) && Number.isSafeInteger(id) ? { at, id } : undefined;
}

/** Every entry a query matches, newest first, a page at a time (for the CSV export). */
export async function* everyEntry(
  store: AuditStore,
  scope: AuditScope,
  filter: AuditFilter,
  batch = 1_000,
): AsyncGenerator<AuditEntry[]> {
  let after: AuditCursor | undefined;
  do {
    // oxlint-disable-next-line no-await-in-loop -- each page starts where the previous one ended
    const page = await store.page({ scope, filter, limit: batch, after });
    if (page.entries.length > 0) yield page.entries;
    after = page.next;
  } while (after);
}
