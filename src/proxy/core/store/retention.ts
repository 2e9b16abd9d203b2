// Retention by age, one schedule for everything kept by age: the audit log (AUDIT_RETENTION_DAYS,
// docs/decisions/0018) and the watcher's history and alerts (WATCH_HISTORY_DAYS, docs/decisions/0025
// "Retention"). Each is purged at start and then once a day, by every instance: a purge that finds
// nothing costs one indexed query each, and two instances purging at once delete each row once.
// Never by count: refused junk cannot push out what happened.
import type { Logger } from '../http/context.ts';

const day = 86_400_000;

export interface Retained {
  /** Names the log lines: `<name>_purged`, `<name>_purge_failed`. */
  name: string;
  retentionDays: number;
  /** Removes what is older than `before` (epoch ms); answers the rows removed, by what they were. */
  purge(before: number): Promise<Record<string, number>>;
}

export async function purgeOnce(retained: Retained, now: number, log: Logger): Promise<void> {
  const { name, retentionDays } = retained;
  try {
    const removed = await retained.purge(now - retentionDays * day);
    if (Object.values(removed).some((count) => count > 0))
      log.info({ event: `${name}_purged`, ...removed, retentionDays }, `${name} purged`);
  } catch (error) {
    log.warn(
      { event: `${name}_purge_failed`, error: error instanceof Error ? error.name : 'unknown' },
      `${name} purge failed`,
    );
  }
}

/** Purges each now and every day, one after the other; answers a function that stops it. */
export function scheduleRetention(retained: readonly Retained[], log: Logger, now = Date.now): () => void {
  const purgeAll = async () => {
    // oxlint-disable-next-line no-await-in-loop -- one purge at a time on the one database
    for (const each of retained) await purgeOnce(each, now(), log);
  };
  void purgeAll();
  const timer = setInterval(() => void purgeAll(), day);
  (timer as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
}
