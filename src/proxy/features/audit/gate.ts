// Before a change is forwarded (docs/decisions/0018): a session makes at most so many changes a
// minute (each one is recorded: one session must not flood the log), and a contract event id is
// sent with one body only (D8 answers a repeated id `applied: false`, so a second body would be
// silently ignored by the service while the console thought it sent a change).
import { refuse } from '../../core/http/refusal.ts';
import type { OperationId } from '../../core/upstream/operations.ts';
import type { SessionStore } from '../../core/sessions/store.ts';
import { eventIdOf, sha256Hex } from './details.ts';
import { scopeOf, type SessionIdentity } from './recorder.ts';
import type { AuditStore } from './store.ts';

export interface GateDeps {
  store: SessionStore;
  audit: AuditStore;
  /** Changes one session may make per minute. */
  changesPerMinute: number;
}

const minute = 60_000;

const READS = {
  activity: {
    key: 'audit-reads',
    words: (pages: number) =>
      `This session has read ${pages} pages of the activity log in the last second, the most one session may read. Try again in a second, or export the filter as CSV.`,
  },
  contract: {
    key: 'contract-reads',
    words: (pages: number) =>
      `This session has read ${pages} pages of the contract-event log in the last second, the most one session may read. Try again in a second.`,
  },
} as const;

/**
 * Before a page of the audit log, or of the contract-event log that is its view, is read: a session
 * reads at most so many pages of each a second. Each page is an indexed query and up to 200 entries
 * to serialize on the proxy's one thread; a session paging through a million entries as fast as it
 * could slowed every other session's requests (measured in docs/decisions/0018; issue 46's M4 for
 * the contract-event log). A person loading more never comes near it; an export is the CSV.
 */
export async function admitRead(
  deps: { store: SessionStore; auditPagesPerSecond: number },
  session: { key: string },
  log: keyof typeof READS = 'activity',
): Promise<void> {
  const { count } = await deps.store.hit(`${READS[log].key}:${session.key}`, 1_000);
  if (count > deps.auditPagesPerSecond)
    refuse(429, 'too_many_reads', READS[log].words(deps.auditPagesPerSecond), {
      headers: { 'retry-after': '1' },
    });
}

/**
 * Returns when the change may go; throws the refusal otherwise. Only the operations the log records
 * come here (`recordedOperations`): the others are no change and pass without a look at the store.
 */
export async function admitChange(
  deps: GateDeps,
  session: SessionIdentity & { key: string },
  operation: OperationId,
  body: Uint8Array | undefined,
): Promise<void> {
  const { count, resetInMs } = await deps.store.hit(`audit-changes:${session.key}`, minute);
  if (count > deps.changesPerMinute) {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    refuse(
      429,
      'too_many_changes',
      `This session has made ${deps.changesPerMinute} changes in the last minute, the most one session may make. Try again in ${seconds} seconds.`,
      { headers: { 'retry-after': String(seconds) } },
    );
  }
  if (operation !== 'sendPartnerWebhook' || !body) return;
  const eventId = eventIdOf(body);
  if (eventId === undefined) return;
  const earlier = await deps.audit.page({
    scope: scopeOf(session),
    filter: { actions: ['contract.event'], subjects: [eventId] },
    limit: 1,
  });
  const sent = earlier.entries[0]?.detail.bodyDigest;
  if (typeof sent === 'string' && sent !== (await sha256Hex(body)))
    refuse(
      409,
      'event_id_reused',
      `Event ${eventId.slice(0, 80)} was already sent with another body. Send a new change as a new event, with an id of its own.`,
    );
}
