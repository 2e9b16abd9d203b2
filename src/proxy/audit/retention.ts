// Retention by age (docs/decisions/0018): entries older than AUDIT_RETENTION_DAYS are purged at
// start and then once a day, by every instance (a purge that finds nothing costs one indexed
// query). Never by count: refused junk cannot push out what happened. Issue 26's job queue can take
// this over as a scheduled job, so that one instance runs it.
import type { Logger } from '../context.ts';
import type { AuditStore } from './store.ts';

const day = 86_400_000;

export async function purgeOnce(
  audit: AuditStore,
  retentionDays: number,
  now: number,
  log: Logger,
): Promise<void> {
  try {
    const removed = await audit.purge(now - retentionDays * day);
    if (removed > 0) log.info({ event: 'audit_purged', removed, retentionDays }, 'audit entries purged');
  } catch (error) {
    log.warn(
      { event: 'audit_purge_failed', error: error instanceof Error ? error.name : 'unknown' },
      'audit purge failed',
    );
  }
}

/** Purges now and every day; answers a function that stops it. */
export function scheduleRetention(
  audit: AuditStore,
  retentionDays: number,
  log: Logger,
  now = Date.now,
): () => void {
  void purgeOnce(audit, retentionDays, now(), log);
  const timer = setInterval(() => void purgeOnce(audit, retentionDays, now(), log), day);
  (timer as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
}
