// Each centre's latest state and its history (migrations/0003, docs/decisions/0025), through
// Kysely on PostgreSQL or PGlite. The state is parsed on the way out (proxy-api/centre-state.ts's
// schema): the database is a boundary like any other.
import type { Kysely } from 'kysely';
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

const time = (value: Date | null) => (value === null ? null : value.getTime());
/** Rows per statement: well under PostgreSQL's 65,535 parameters. */
const chunk = 500;

/** Every centre kept for the connection, listed or not. */
export async function readSnapshots(
  db: Kysely<Database>,
  connectionId: string,
): Promise<Map<number, Snapshot>> {
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
}

/**
 * Writes what one refresh read: every centre's fetch time, the state of those that changed (or
 * are new, or listed again), and one history row per change. One transaction per chunk, so a
 * refresh cut short keeps what it read.
 */
export async function writeFetched(
  db: Kysely<Database>,
  connectionId: string,
  at: Date,
  fetched: readonly Fetched[],
): Promise<void> {
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
}

/** 4.5 no longer lists these centres: kept, marked, and one `listed` change each. */
export async function unlistCentres(
  db: Kysely<Database>,
  connectionId: string,
  centreIds: readonly number[],
  at: Date,
): Promise<void> {
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
}

/** A centre's history, newest first (the timeline; issue 26's centre page). */
export async function readTimeline(
  db: Kysely<Database>,
  connectionId: string,
  centreId: number,
  limit = 100,
) {
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
}
