// The watcher's tables (migrations/0003, docs/decisions/0025) through Kysely, on PostgreSQL or
// PGlite: each connection's refreshes, each centre's latest state and its history. The state is
// parsed on the way out (watch/state.ts's schema): the database is a boundary like any other.
import { sql, type Kysely } from 'kysely';
import type { Change } from './changes.ts';
import { centreStateSchema, type CentreState } from '../../../proxy-api/centre-state.ts';
import type { Database } from '../../core/store/schema.ts';

export interface Snapshot {
  centreId: number;
  name: string;
  listed: boolean;
  state: CentreState;
  fetchedAt: number;
  changedAt: number;
  unlistedAt: number | null;
}

/** A centre read in this refresh: its state, and what changed since the snapshot before. */
export interface Fetched {
  centreId: number;
  name: string;
  state: CentreState;
  changes: Change[];
}

export type RefreshOutcome = 'ok' | 'refused' | 'unavailable' | 'failed';

export interface WatchRecord {
  connectionId: string;
  requestedAt: number | null;
  startedAt: number | null;
  finishedAt: number | null;
  outcome: string | null;
}

const time = (value: Date | null) => (value === null ? null : value.getTime());
/** Rows per statement: well under PostgreSQL's 65,535 parameters. */
const chunk = 500;

export function createWatchRepository(db: Kysely<Database>) {
  const ensure = (connectionId: string) =>
    db
      .insertInto('watch_connection')
      .values({ connection_id: connectionId })
      .onConflict((conflict) => conflict.column('connection_id').doNothing())
      .execute();

  return {
    /**
     * Asks for a refresh of `connectionId` unless one is asked for and not started yet (that one
     * will read the service after this request anyway), or unless `dueBefore` is given and a
     * refresh started after it. Atomic: of several instances asking at once, one gets the answer
     * `at` (and sends the job); the others get undefined. A request older than `lostBefore` that
     * never started (its job was lost) no longer holds a new one back.
     */
    async request(
      connectionId: string,
      at: Date,
      options: { dueBefore?: Date; lostBefore: Date },
    ): Promise<Date | undefined> {
      await ensure(connectionId);
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
    },

    /**
     * Starts the refresh asked for at `requestedAt`, unless a refresh started since (a second job
     * for the same request, a retried job): true when this one is to run. Atomic across instances.
     */
    async claim(connectionId: string, requestedAt: Date, at: Date): Promise<boolean> {
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
    },

    async finish(
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
    },

    async record(connectionId: string): Promise<WatchRecord | undefined> {
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
    },

    /** Every centre kept for the connection, listed or not. */
    async snapshots(connectionId: string): Promise<Map<number, Snapshot>> {
      const rows = await db
        .selectFrom('centre_snapshot')
        .selectAll()
        .where('connection_id', '=', connectionId)
        .execute();
      return new Map(
        rows.map((row) => [
          row.centre_id,
          {
            centreId: row.centre_id,
            name: row.name,
            listed: row.listed,
            state: centreStateSchema.parse(row.state),
            fetchedAt: row.fetched_at.getTime(),
            changedAt: row.changed_at.getTime(),
            unlistedAt: time(row.unlisted_at),
          },
        ]),
      );
    },

    /**
     * Writes what one refresh read: every centre's fetch time, the state of those that changed (or
     * are new, or listed again), and one history row per change. One transaction per chunk, so a
     * refresh cut short keeps what it read.
     */
    async write(connectionId: string, at: Date, fetched: readonly Fetched[]): Promise<void> {
      for (let start = 0; start < fetched.length; start += chunk) {
        const part = fetched.slice(start, start + chunk);
        const changed = part.filter((centre) => centre.changes.length > 0);
        const same = part.filter((centre) => centre.changes.length === 0).map((centre) => centre.centreId);
        // oxlint-disable-next-line no-await-in-loop -- one chunk after the other, each in its transaction
        await db.transaction().execute(async (tx) => {
          if (changed.length > 0) {
            await tx
              .insertInto('centre_snapshot')
              .values(
                changed.map((centre) => ({
                  connection_id: connectionId,
                  centre_id: centre.centreId,
                  name: centre.name,
                  listed: true,
                  billing: centre.state.billing,
                  contract: centre.state.contract,
                  contract_status: centre.state.status,
                  suspended: centre.state.suspended,
                  state: JSON.stringify(centre.state),
                  fetched_at: at,
                  changed_at: at,
                  unlisted_at: null,
                })),
              )
              .onConflict((conflict) =>
                conflict.columns(['connection_id', 'centre_id']).doUpdateSet((eb) => ({
                  name: eb.ref('excluded.name'),
                  listed: true,
                  billing: eb.ref('excluded.billing'),
                  contract: eb.ref('excluded.contract'),
                  contract_status: eb.ref('excluded.contract_status'),
                  suspended: eb.ref('excluded.suspended'),
                  state: eb.ref('excluded.state'),
                  fetched_at: at,
                  changed_at: at,
                  unlisted_at: null,
                })),
              )
              .execute();
            await tx
              .insertInto('centre_change')
              .values(
                changed.flatMap((centre) =>
                  centre.changes.map((change) => ({
                    connection_id: connectionId,
                    centre_id: centre.centreId,
                    at,
                    kind: change.kind,
                    before: change.before === null ? null : JSON.stringify(change.before),
                    after: JSON.stringify(change.after),
                  })),
                ),
              )
              .execute();
          }
          if (same.length > 0)
            await tx
              .updateTable('centre_snapshot')
              .set({ fetched_at: at })
              .where('connection_id', '=', connectionId)
              .where('centre_id', 'in', same)
              .execute();
        });
      }
    },

    /** 4.5 no longer lists these centres: kept, marked, and one `listed` change each. */
    async unlist(connectionId: string, centreIds: readonly number[], at: Date): Promise<void> {
      for (let start = 0; start < centreIds.length; start += chunk) {
        const part = centreIds.slice(start, start + chunk);
        // oxlint-disable-next-line no-await-in-loop -- one chunk after the other
        await db.transaction().execute(async (tx) => {
          await tx
            .updateTable('centre_snapshot')
            .set({ listed: false, unlisted_at: at, changed_at: at })
            .where('connection_id', '=', connectionId)
            .where('centre_id', 'in', part)
            .execute();
          await tx
            .insertInto('centre_change')
            .values(
              part.map((centreId) => ({
                connection_id: connectionId,
                centre_id: centreId,
                at,
                kind: 'listed',
                before: 'true',
                after: 'false',
              })),
            )
            .execute();
        });
      }
    },

    /** A centre's history, newest first (the timeline; issue 26's centre page). */
    async timeline(connectionId: string, centreId: number, limit = 100) {
      const rows = await db
        .selectFrom('centre_change')
        .selectAll()
        .where('connection_id', '=', connectionId)
        .where('centre_id', '=', centreId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        at: row.at.getTime(),
        kind: row.kind,
        before: row.before,
        after: row.after,
      }));
    },
  };
}

export type WatchRepository = ReturnType<typeof createWatchRepository>;
