// The contract-event log (docs/decisions/0016) as a view of the audit log (docs/decisions/0018):
// the `contract.event` entries of one scope grouped into events, each with its attempts. An event is
// its id and its body: an id sent with two bodies (two proxies at the same instant; the gate refuses
// it otherwise) shows as two events. Events the service accepted and events only ever refused are
// chosen apart, so that any number of refused ones never hides an accepted one.
import {
  CONTRACT_EVENT_LOG_LIMITS,
  contractEventItemSchema,
  type ContractEvent,
  type ContractEventAttempt,
} from '../../../proxy-api/console.ts';
import type { AuditEntry, AuditFilter, AuditScope, AuditStore } from '../audit/index.ts';
import { everyEntry } from '../audit/index.ts';

/** Events an answer holds: the newest accepted ones, and a few of the refused-only ones. */
export const CONTRACT_VIEW_LIMITS = {
  accepted: CONTRACT_EVENT_LOG_LIMITS.events,
  refused: 200,
  attempts: CONTRACT_EVENT_LOG_LIMITS.attemptsPerEvent,
  /** Rows looked at per kind when choosing events: a bound on one read's cost. */
  scan: 5_000,
} as const;

const keyOf = (entry: AuditEntry) => `${entry.subject ?? ''}\n${String(entry.detail.bodyDigest ?? '')}`;

/** The distinct events among the newest entries of one outcome, newest first, up to `max`. */
async function chooseEvents(
  store: AuditStore,
  scope: AuditScope,
  filter: AuditFilter,
  max: number,
  skip: ReadonlySet<string>,
): Promise<Set<string>> {
  const chosen = new Set<string>();
  let rows = 0;
  for await (const batch of everyEntry(store, scope, filter, 500)) {
    for (const entry of batch) {
      const key = keyOf(entry);
      if (!skip.has(key)) chosen.add(key);
      if (chosen.size >= max) return chosen;
    }
    rows += batch.length;
    if (rows >= CONTRACT_VIEW_LIMITS.scan) break;
  }
  return chosen;
}

export async function readContractEvents(
  store: AuditStore,
  scope: AuditScope,
  options: { centreId?: number | undefined; since: number },
): Promise<ContractEvent[]> {
  const filter: AuditFilter = {
    actions: ['contract.event'],
    centreId: options.centreId,
    from: options.since,
  };
  const accepted = await chooseEvents(
    store,
    scope,
    { ...filter, outcome: 'accepted' },
    CONTRACT_VIEW_LIMITS.accepted,
    new Set(),
  );
  const refused = await chooseEvents(
    store,
    scope,
    { ...filter, outcome: 'refused' },
    CONTRACT_VIEW_LIMITS.refused,
    accepted,
  );
  const keys = new Set([...accepted, ...refused]);
  const subjects = [...new Set([...keys].map((key) => key.split('\n')[0] ?? ''))];
  // Every attempt of the chosen events, whatever its outcome, oldest first per event.
  const attempts = new Map<string, AuditEntry[]>();
  for (let start = 0; start < subjects.length; start += 500)
    for await (const batch of everyEntry(store, scope, {
      ...filter,
      subjects: subjects.slice(start, start + 500),
    }))
      for (const entry of batch) {
        const key = keyOf(entry);
        if (keys.has(key)) attempts.set(key, [entry, ...(attempts.get(key) ?? [])]);
      }
  return [...attempts.values()]
    .sort((a, b) => (b[0]?.at ?? 0) - (a[0]?.at ?? 0) || (b[0]?.id ?? 0) - (a[0]?.id ?? 0))
    .flatMap((entries) => {
      const first = entries[0];
      return first ? [eventOf(first, entries.slice(-CONTRACT_VIEW_LIMITS.attempts))] : [];
    });
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
