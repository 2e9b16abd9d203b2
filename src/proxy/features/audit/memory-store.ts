// The audit log in memory (docs/decisions/0018): the in-browser demo's store (the page has no
// database) and the default of the app's tests. The same behaviour as the SQL store, checked by
// the same suite (testing/audit-store-suite.ts); it lives as long as the page or the process.
import { storable } from '../../core/store/storable-text.ts';
import { isAccepted, type AuditEntry, type AuditFilter, type AuditScope, type AuditStore } from './store.ts';

const newestFirst = (a: AuditEntry, b: AuditEntry) => b.at - a.at || b.id - a.id;

function inScope(entry: AuditEntry, scope: AuditScope): boolean {
  if (entry.environment !== scope.environment) return false;
  if ('ownerProviderId' in scope) return entry.ownerProviderId === scope.ownerProviderId;
  return entry.ownerProviderId === null && entry.actor.clientId === scope.unverifiedClientId;
}

function matches(entry: AuditEntry, filter: AuditFilter): boolean {
  return (
    (filter.centreId === undefined || entry.centreId === filter.centreId) &&
    (filter.actions === undefined || filter.actions.includes(entry.action)) &&
    (filter.actor === undefined || entry.actor.clientId === filter.actor) &&
    (filter.person === undefined || entry.actor.person?.subject === filter.person) &&
    (filter.outcome === undefined || entry.accepted === (filter.outcome === 'accepted')) &&
    (filter.from === undefined || entry.at >= filter.from) &&
    (filter.to === undefined || entry.at < filter.to) &&
    (filter.subjects === undefined || (entry.subject !== null && filter.subjects.includes(entry.subject)))
  );
}

export function createMemoryAuditStore(): AuditStore {
  let entries: AuditEntry[] = [];
  let lastId = 0;
  return {
    async append(added) {
      for (const entry of added)
        // Kept as the database keeps it (core/store/storable-text.ts), so both tell the same story.
        entries.push({
          ...(storable(structuredClone(entry)) as typeof entry),
          id: ++lastId,
          accepted: isAccepted(entry.outcome.status),
        });
    },
    async page({ scope, filter, limit, after }) {
      const found = entries
        .filter(
          (entry) =>
            inScope(entry, scope) &&
            matches(entry, filter) &&
            (after === undefined || entry.at < after.at || (entry.at === after.at && entry.id < after.id)),
        )
        .sort(newestFirst);
      const page = found.slice(0, limit).map((entry) => structuredClone(entry));
      const last = page.at(-1);
      return { entries: page, next: found.length > limit && last ? { at: last.at, id: last.id } : undefined };
    },
    async purge(before) {
      const kept = entries.filter((entry) => entry.at >= before);
      const removed = entries.length - kept.length;
      entries = kept;
      return removed;
    },
    async ping() {},
    async close() {},
  };
}
