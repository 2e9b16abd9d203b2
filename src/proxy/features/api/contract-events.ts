// The contract-event log (docs/decisions/0016) as a view of the audit log (docs/decisions/0018):
// the `contract.event` entries of one scope grouped into events, each with its attempts. An event is
// its id and its body: an id sent with two bodies (two proxies at the same instant; the gate refuses
// it otherwise) shows as two events. Read a page at a time (issue 46's M4): a page holds at most
// `limit` events and looks at a bounded number of entries, so no answer grows with the history and
// one session reading the whole log holds the proxy's thread for one page at a time.
import {
  CONTRACT_EVENT_LOG_LIMITS,
  contractEventItemSchema,
  type ContractEvent,
  type ContractEventAttempt,
} from '../../../proxy-api/console.ts';
import type { AuditCursor, AuditEntry, AuditFilter, AuditScope, AuditStore } from '../audit/index.ts';
import { everyEntry } from '../audit/index.ts';

export const CONTRACT_VIEW_LIMITS = {
  attempts: CONTRACT_EVENT_LOG_LIMITS.attemptsPerEvent,
  /** Entries looked at to choose one page's events: a bound on one read's cost. */
  scan: 1_000,
  /** Entries read per query. */
  batch: 100,
} as const;

const keyOf = (entry: AuditEntry) => `${entry.subject ?? ''}\n${String(entry.detail.bodyDigest ?? '')}`;
const cursorOf = (entry: AuditEntry): AuditCursor => ({ at: entry.at, id: entry.id });
/** Whether `entry` comes before `cursor`, or is it, in the log's order (newest first). */
const notPast = (entry: AuditEntry, cursor: AuditCursor) =>
  entry.at > cursor.at || (entry.at === cursor.at && entry.id >= cursor.id);

/**
 * The distinct events seen among the entries after `after`, newest first, up to `max` of them or
 * `scan` entries: their keys, the entries looked at, and where the look stopped (undefined: at the
 * end of the log).
 */
async function chooseEvents(
  store: AuditStore,
  scope: AuditScope,
  filter: AuditFilter,
  max: number,
  after: AuditCursor | undefined,
): Promise<{ keys: Set<string>; seen: AuditEntry[]; stop: AuditCursor | undefined }> {
  const keys = new Set<string>();
  const seen: AuditEntry[] = [];
  let cursor = after;
  for (;;) {
    // oxlint-disable-next-line no-await-in-loop -- each batch starts where the previous one ended
    const page = await store.page({ scope, filter, limit: CONTRACT_VIEW_LIMITS.batch, after: cursor });
    for (const entry of page.entries) {
      keys.add(keyOf(entry));
      seen.push(entry);
      if (keys.size >= max || seen.length >= CONTRACT_VIEW_LIMITS.scan)
        // Stopped on this entry: the page ends here unless it was the log's last.
        return { keys, seen, stop: page.next || entry !== page.entries.at(-1) ? cursorOf(entry) : undefined };
    }
    if (!page.next) return { keys, seen, stop: undefined };
    cursor = page.next;
  }
}

/**
 * Which of `keys` were first sent past `stop` (they have an attempt there): a later page's events.
 * Reads until each is found or the log ends, a batch at a time.
 */
async function sentEarlier(
  store: AuditStore,
  scope: AuditScope,
  filter: AuditFilter,
  keys: ReadonlySet<string>,
  stop: AuditCursor,
): Promise<Set<string>> {
  const earlier = new Set<string>();
  let after: AuditCursor | undefined = stop;
  while (after && earlier.size < keys.size) {
    // oxlint-disable-next-line no-await-in-loop -- each batch starts where the previous one ended
    const page = await store.page({ scope, filter, limit: CONTRACT_VIEW_LIMITS.batch, after });
    for (const entry of page.entries) if (keys.has(keyOf(entry))) earlier.add(keyOf(entry));
    after = page.next;
  }
  return earlier;
}

/** The attempts at or above `cursor` (sent again since the page before was read), newest first. */
async function sentSince(
  store: AuditStore,
  scope: AuditScope,
  filter: AuditFilter,
  cursor: AuditCursor,
): Promise<AuditEntry[]> {
  const found: AuditEntry[] = [];
  const from = Math.max(filter.from ?? 0, cursor.at);
  for await (const batch of everyEntry(store, scope, { ...filter, from }, CONTRACT_VIEW_LIMITS.batch))
    found.push(...batch.filter((entry) => notPast(entry, cursor)));
  return found;
}

export interface ContractEventPage {
  events: ContractEvent[];
  /** Where the next page starts; undefined on the last. */
  next: AuditCursor | undefined;
}

/**
 * One page of events, ordered by their first attempt, newest first. An event belongs to the page
 * that holds its first attempt, so paging on reaches each event once, however its attempts spread.
 * The entries looked at to choose the events are their attempts: only those before the page (an
 * event retried since) and the check for earlier ones are read again.
 */
export async function readContractEvents(
  store: AuditStore,
  scope: AuditScope,
  options: {
    centreId?: number | undefined;
    since: number;
    limit?: number | undefined;
    after?: AuditCursor | undefined;
  },
): Promise<ContractEventPage> {
  const limit = Math.min(
    options.limit ?? CONTRACT_EVENT_LOG_LIMITS.page.default,
    CONTRACT_EVENT_LOG_LIMITS.page.max,
  );
  const filter: AuditFilter = {
    actions: ['contract.event'],
    centreId: options.centreId,
    from: options.since,
  };
  const { keys, seen, stop } = await chooseEvents(store, scope, filter, limit, options.after);
  const chosen = { ...filter, subjects: [...new Set([...keys].map((key) => key.split('\n')[0] ?? ''))] };
  // An event first sent past where this page stopped is a later page's.
  const later = stop ? await sentEarlier(store, scope, chosen, keys, stop) : new Set<string>();
  const newer = options.after ? await sentSince(store, scope, chosen, options.after) : [];
  // Every attempt of the page's events, whatever its outcome, newest first per event.
  const attempts = new Map<string, AuditEntry[]>();
  for (const entry of [...newer, ...seen]) {
    const key = keyOf(entry);
    if (!keys.has(key) || later.has(key)) continue;
    const list = attempts.get(key);
    if (list) list.push(entry);
    else attempts.set(key, [entry]);
  }
  const events = [...attempts.values()]
    .map((entries) => entries.toReversed())
    .sort((a, b) => (b[0]?.at ?? 0) - (a[0]?.at ?? 0) || (b[0]?.id ?? 0) - (a[0]?.id ?? 0))
    .flatMap((entries) => {
      const first = entries[0];
      return first ? [eventOf(first, entries.slice(-CONTRACT_VIEW_LIMITS.attempts))] : [];
    });
  return { events, next: stop };
}

function eventOf(first: AuditEntry, entries: AuditEntry[]): ContractEvent {
  const { type, created, items } = first.detail;
  const parsedItems = Array.isArray(items)
    ? items.flatMap((item) => {
        const parsed = contractEventItemSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      })
    : undefined;
  return {
    eventId: first.subject ?? '',
    type: typeof type === 'string' ? type : 'unknown',
    centreId: first.centreId,
    ...(parsedItems ? { items: parsedItems } : {}),
    ...(typeof created === 'string' ? { created } : {}),
    attempts: entries.map(attemptOf),
  };
}

function attemptOf(entry: AuditEntry): ContractEventAttempt {
  const { applied, contractStatus } = entry.detail;
  return {
    at: new Date(entry.at).toISOString(),
    clientId: entry.actor.clientId ?? '',
    ...(entry.actor.kind === 'person' && entry.actor.person?.email
      ? { person: { name: entry.actor.person.name ?? null, email: entry.actor.person.email } }
      : {}),
    status: entry.outcome.status ?? 0,
    ...(entry.outcome.code === null ? {} : { code: entry.outcome.code }),
    ...(typeof applied === 'boolean' ? { applied } : {}),
    ...(typeof contractStatus === 'string' ? { contractStatus } : {}),
  };
}
