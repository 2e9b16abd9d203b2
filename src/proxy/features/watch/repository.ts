// The watcher's refreshes of each connection (migrations/0003, docs/decisions/0025) through
// Kysely, on PostgreSQL or PGlite; with snapshots.ts, the repository the watcher is given.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/store/schema.ts';
import { readSnapshots, readTimeline, unlistCentres, writeFetched } from './snapshots.ts';

export type { Fetched, Snapshot } from './snapshots.ts';

export type RefreshOutcome = 'ok' | 'refused' | 'unavailable' | 'failed';

export interface WatchRecord {
  connectionId: string;
  requestedAt: number | null;
  startedAt: number | null;
  finishedAt: number | null;
  outcome: string | null;
}

const time = (value: Date | null) => (value === null ? null : value.getTime());

const ensure = (db: Kysely<Database>, connectionId: string) =>
  db
    .insertInto('watch_connection')
    .values({ connection_id: connectionId })
    .onConflict((conflict) => conflict.column('connection_id').doNothing())
    .execute();

/**
 * Asks for a refresh of `connectionId` unless one is asked for and not started yet (that one
 * will read the service after this request anyway), or unless `dueBefore` is given and a
 * refresh started after it. Atomic: of several instances asking at once, one gets the answer
 * `at` (and sends the job); the others get undefined. A request older than `lostBefore` that
 * never started (its job was lost) no longer holds a new one back.
 */
export async function requestRefresh(
  db: Kysely<Database>,
  connectionId: string,
  at: Date,
  options: { dueBefore?: Date; lostBefore: Date },
): Promise<Date | undefined> {
  await ensure(db, connectionId);
  const row = await db
    .updateTable('watch_connection')
    .set({ requested_at: at })
    .where('connection_id', '=', connectionId)
    .where((eb) =>
      eb.or([
        eb('requested_at', 'is', null),
        eb('requested_at', '<=', eb.fn.coalesce('started_at', sql<Date>`'-infinity'::timestamptz`)),
        eb('requested_at', '<', options.lostBefore),
      ]),
    )
    .where((eb) =>
      options.dueBefore === undefined
        ? eb.lit(true)
        : eb.or([
            eb('started_at', 'is', null),
            eb('started_at', '<', options.dueBefore),
            // A connection paused for a refused secret runs again once the secret is replaced.
            eb('outcome', '=', 'refused'),
          ]),
    )
    .returning('requested_at')
    .executeTakeFirst();
  return row?.requested_at ?? undefined;
}

/**
 * Starts the refresh asked for at `requestedAt`, unless a refresh started since (a second job
 * for the same request, a retried job): true when this one is to run. Atomic across instances.
 */
export async function claimRefresh(
  db: Kysely<Database>,
  connectionId: string,
  requestedAt: Date,
  at: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('watch_connection')
    // Never before the request, whatever this instance's clock says: a second job for the same
    // request then finds it started.
    .set({ started_at: sql<Date>`greatest(${at}::timestamptz, requested_at)`, finished_at: null })
    .where('connection_id', '=', connectionId)
    .where('requested_at', '=', requestedAt)
    .where((eb) => eb.or([eb('started_at', 'is', null), eb('started_at', '<', requestedAt)]))
    .returning('connection_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function finishRefresh(
  db: Kysely<Database>,
  connectionId: string,
  at: Date,
  result: { outcome: RefreshOutcome; centres: number; failedCentres: number },
): Promise<void> {
  await db
    .updateTable('watch_connection')
    .set({
      finished_at: at,
      outcome: result.outcome,
      centres: result.centres,
      failed_centres: result.failedCentres,
    })
    .where('connection_id', '=', connectionId)
    .execute();
}

/**
 * How many centres the running refresh's child list holds, written as soon as it is read: the
 * overview says how far a first read has come ("Read 4,500 of 10,000 centres…"). The finish
 * writes the same count again.
 */
export async function recordListed(db: Kysely<Database>, connectionId: string, centres: number) {
  await db
    .updateTable('watch_connection')
    .set({ centres })
    .where('connection_id', '=', connectionId)
    .execute();
}

export async function readRecord(
  db: Kysely<Database>,
  connectionId: string,
): Promise<WatchRecord | undefined> {
  const row = await db
    .selectFrom('watch_connection')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .executeTakeFirst();
  return row
    ? {
        connectionId: row.connection_id,
        requestedAt: time(row.requested_at),
        startedAt: time(row.started_at),
        finishedAt: time(row.finished_at),
        outcome: row.outcome,
      }
    : undefined;
}

/** The functions above over one database, as the watcher and its tests pass them around. */
export function createWatchRepository(db: Kysely<Database>) {
  return {
    request: (...args: Tail<Parameters<typeof requestRefresh>>) => requestRefresh(db, ...args),
    claim: (...args: Tail<Parameters<typeof claimRefresh>>) => claimRefresh(db, ...args),
    finish: (...args: Tail<Parameters<typeof finishRefresh>>) => finishRefresh(db, ...args),
    record: (...args: Tail<Parameters<typeof readRecord>>) => readRecord(db, ...args),
    snapshots: (...args: Tail<Parameters<typeof readSnapshots>>) => readSnapshots(db, ...args),
    write: (...args: Tail<Parameters<typeof writeFetched>>) => writeFetched(db, ...args),
    unlist: (...args: Tail<Parameters<typeof unlistCentres>>) => unlistCentres(db, ...args),
    listed: (...args: Tail<Parameters<typeof recordListed>>) => recordListed(db, ...args),
    timeline: (...args: Tail<Parameters<typeof readTimeline>>) => readTimeline(db, ...args),
  };
}

type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type WatchRepository = ReturnType<typeof createWatchRepository>;
