// Retention of the watcher's history and alerts by age (WATCH_HISTORY_DAYS, docs/decisions/0025
// "Retention"), run where the audit log's purge runs (retention.ts). Two rules:
// - `centre_change`: a row older than the cutoff goes only when a newer row of the same centre and
//   kind exists: the newest of each (connection, centre, kind) stays however old, so "suspended
//   since" (the latest `suspension` or `appeared` row, features/watch/reads.ts) and every "last change"
//   answer as before. An alert that named a purged change keeps its row (`change_id` set null).
// - `alert`: one raised before the cutoff goes, with its inbox rows and deliveries (on delete
//   cascade), once none of its deliveries is still owed (pending or sending); sent and failed (given
//   up) are done. Why that cannot raise it again: docs/decisions/0026 "Retention".
// Batched like the audit purge (a bounded statement at a time, never a long lock nor the embedded
// engine held for long), walking each table's time index from the oldest, keyset on (time, id) so
// that rows kept are read once per purge, not once per batch.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/store/schema.ts';

/** Rows per delete statement (the audit purge's batch, features/audit/repository.ts). */
const purgeBatch = 5_000;

interface Position {
  at: Date;
  id: number;
}

/** Runs `batch` from the oldest until one deletes less than a batch; answers the rows removed. */
async function inBatches(batch: (after: Position | undefined) => Promise<Position[]>): Promise<number> {
  let removed = 0;
  let after: Position | undefined;
  for (;;) {
    // oxlint-disable-next-line no-await-in-loop -- one bounded batch after the other
    const gone = await batch(after);
    removed += gone.length;
    if (gone.length < purgeBatch) return removed;
    after = gone.reduce((last, row) =>
      row.at > last.at || (row.at.getTime() === last.at.getTime() && row.id > last.id) ? row : last,
    );
  }
}

/** Past the last row the previous batch removed (every row, for the first batch). */
const past = (at: 'c.at' | 'a.raised_at', id: 'c.id' | 'a.id', after: Position | undefined) =>
  after === undefined
    ? sql<boolean>`true`
    : sql<boolean>`(${sql.ref(at)}, ${sql.ref(id)}) > (${after.at}::timestamptz, ${after.id}::bigint)`;

/** History rows older than `before` that a newer row of the same centre and kind supersedes. */
export async function purgeCentreChanges(db: Kysely<Database>, before: Date): Promise<number> {
  return inBatches(async (after) => {
    const rows = await db
      .deleteFrom('centre_change')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('centre_change as c')
          .select('c.id')
          .where('c.at', '<', before)
          .where(past('c.at', 'c.id', after))
          // On the timeline index (connection, centre, at, id): a centre's newer rows.
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('centre_change as newer')
                .select(sql.lit(1).as('one'))
                .whereRef('newer.connection_id', '=', 'c.connection_id')
                .whereRef('newer.centre_id', '=', 'c.centre_id')
                .whereRef('newer.kind', '=', 'c.kind')
                .where(sql<boolean>`(newer.at, newer.id) > (c.at, c.id)`),
            ),
          )
          .orderBy('c.at')
          .orderBy('c.id')
          .limit(purgeBatch),
      )
      .returning(['at', 'id'])
      .execute();
    return rows;
  });
}

/** Alerts raised before `before` with nothing left to send; their inbox rows and deliveries go with them. */
export async function purgeAlerts(db: Kysely<Database>, before: Date): Promise<number> {
  return inBatches(async (after) => {
    const rows = await db
      .deleteFrom('alert')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('alert as a')
          .select('a.id')
          .where('a.raised_at', '<', before)
          .where(past('a.raised_at', 'a.id', after))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('alert_delivery as d')
                  .select(sql.lit(1).as('one'))
                  .whereRef('d.alert_id', '=', 'a.id')
                  .where('d.status', 'not in', ['sent', 'failed']),
              ),
            ),
          )
          .orderBy('a.raised_at')
          .orderBy('a.id')
          .limit(purgeBatch),
      )
      .returning(['raised_at as at', 'id'])
      .execute();
    return rows;
  });
}

/** The watcher's purge: history, then alerts (whose `change_id` the first may have cleared). */
export function createWatchRetention(db: Kysely<Database>) {
  return async (before: number): Promise<{ changes: number; alerts: number }> => {
    const cutoff = new Date(before);
    const changes = await purgeCentreChanges(db, cutoff);
    const alerts = await purgeAlerts(db, cutoff);
    return { changes, alerts };
  };
}
