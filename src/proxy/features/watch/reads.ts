// What the console reads of the watcher's tables (issue 26 items 2–3, docs/decisions/0025 "The
// overview's read"): a connection's every snapshot at once, its refresh record, and a centre's
// timeline, newest first, a page at a time. Always by connection: the route passes the one the
// session works through, so another parent's centres are never in the answer.
import type { Kysely } from 'kysely';
import { centreStateSchema, type CentreState } from '../../../proxy-api/centre-state.ts';
import type { Database } from '../../core/store/schema.ts';

export interface SnapshotRow {
  id: number;
  name: string;
  listed: boolean;
  fetchedAt: number;
  changedAt: number;
  state: CentreState;
}

export interface TimelineEntry {
  id: number;
  at: number;
  kind: string;
  before: unknown;
  after: unknown;
}

export interface CentreWatch {
  listed: boolean;
  suspended: boolean;
  fetchedAt: number;
  changedAt: number;
  /** When it became suspended, as far as the history knows (first seen suspended: that time). */
  suspendedSince: number | null;
}

const time = (value: Date | null) => (value === null ? null : value.getTime());

export async function readWatchRecord(db: Kysely<Database>, connectionId: string) {
  const row = await db
    .selectFrom('watch_connection')
    .select(['requested_at', 'started_at', 'finished_at', 'outcome', 'centres'])
    .where('connection_id', '=', connectionId)
    .executeTakeFirst();
  return {
    requestedAt: time(row?.requested_at ?? null),
    startedAt: time(row?.started_at ?? null),
    finishedAt: time(row?.finished_at ?? null),
    outcome: row?.outcome ?? null,
    /** The centres of the running refresh's child list once read, else of the last one. */
    listed: row?.centres ?? null,
  };
}

/** Every centre kept for the connection, listed or not, by id. */
export async function readCentreSnapshots(
  db: Kysely<Database>,
  connectionId: string,
): Promise<SnapshotRow[]> {
  const rows = await db
    .selectFrom('centre_snapshot')
    .select(['centre_id', 'name', 'listed', 'fetched_at', 'changed_at', 'state'])
    .where('connection_id', '=', connectionId)
    .orderBy('centre_id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.centre_id),
    name: row.name,
    listed: row.listed,
    fetchedAt: row.fetched_at.getTime(),
    changedAt: row.changed_at.getTime(),
    // The database is a boundary like any other (watch-repository.ts does the same).
    state: centreStateSchema.parse(row.state),
  }));
}

/** One centre's snapshot facts, or undefined when the watcher has not seen it. */
export async function readCentreWatch(
  db: Kysely<Database>,
  connectionId: string,
  centreId: number,
): Promise<CentreWatch | undefined> {
  const row = await db
    .selectFrom('centre_snapshot')
    .select(['listed', 'suspended', 'fetched_at', 'changed_at'])
    .where('connection_id', '=', connectionId)
    .where('centre_id', '=', centreId)
    .executeTakeFirst();
  if (!row) return undefined;
  // A `suspension` change is written only when it flips (features/watch/changes.ts); before any, the
  // centre was as first seen (`appeared`). The latest of the two is when it became what it is.
  const turned = row.suspended
    ? await db
        .selectFrom('centre_change')
        .select('at')
        .where('connection_id', '=', connectionId)
        .where('centre_id', '=', centreId)
        .where('kind', 'in', ['suspension', 'appeared'])
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  return {
    listed: row.listed,
    suspended: row.suspended,
    fetchedAt: row.fetched_at.getTime(),
    changedAt: row.changed_at.getTime(),
    suspendedSince: turned ? turned.at.getTime() : null,
  };
}

/**
 * A centre's history, newest first, `limit` rows after the entry `before` (keyset on the
 * timeline index: at desc, id desc), and whether more follow.
 */
export async function readTimelinePage(
  db: Kysely<Database>,
  connectionId: string,
  centreId: number,
  page: { before?: number; limit: number },
): Promise<{ entries: TimelineEntry[]; more: boolean }> {
  let query = db
    .selectFrom('centre_change')
    .select(['id', 'at', 'kind', 'before', 'after'])
    .where('connection_id', '=', connectionId)
    .where('centre_id', '=', centreId);
  const cursor =
    page.before === undefined
      ? undefined
      : await db
          .selectFrom('centre_change')
          .select(['at', 'id'])
          .where('id', '=', page.before)
          .where('connection_id', '=', connectionId)
          .executeTakeFirst();
  if (page.before !== undefined && !cursor) return { entries: [], more: false };
  if (cursor)
    query = query.where((eb) =>
      eb.or([eb('at', '<', cursor.at), eb.and([eb('at', '=', cursor.at), eb('id', '<', cursor.id)])]),
    );
  const rows = await query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return {
    entries: rows.slice(0, page.limit).map((row) => ({
      id: Number(row.id),
      at: row.at.getTime(),
      kind: row.kind,
      before: row.before,
      after: row.after,
    })),
    more: rows.length > page.limit,
  };
}

/**
 * The age in seconds of each connection's newest snapshot (issue 49: the metrics read it when
 * Prometheus scrapes), one number per connection and nothing that names one.
 */
export async function readSnapshotAges(db: Kysely<Database>, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('centre_snapshot')
    .select((eb) => eb.fn.max('fetched_at').as('newest'))
    .groupBy('connection_id')
    .execute();
  return rows.map((row) => Math.max(0, (now - new Date(row.newest).getTime()) / 1_000));
}

/** The functions above over one database, as the routes pass them around. */
/**
 * A centre's name as its parent's list last gave it to the watcher, for that centre's own login
 * (D3: a child cannot read 4.5, and no operation it may call names it). Only ever asked for the
 * session's own verified provider id, so it names no centre but the caller's own.
 */
export async function readOwnCentreName(
  db: Kysely<Database>,
  environment: string,
  centreId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('centre_snapshot')
    .innerJoin('connection', 'connection.id', 'centre_snapshot.connection_id')
    .select('centre_snapshot.name')
    .where('connection.environment', '=', environment)
    .where('centre_snapshot.centre_id', '=', centreId)
    .where('centre_snapshot.listed', '=', true)
    .orderBy('centre_snapshot.fetched_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Which of these connections' watchers list the centre now. */
export async function readListedIn(
  db: Kysely<Database>,
  connectionIds: readonly string[],
  centreId: number,
): Promise<string[]> {
  if (connectionIds.length === 0) return [];
  const rows = await db
    .selectFrom('centre_snapshot')
    .select('connection_id')
    .where('connection_id', 'in', [...connectionIds])
    .where('centre_id', '=', centreId)
    .where('listed', '=', true)
    .execute();
  return rows.map((row) => row.connection_id);
}

export function createWatchReads(db: Kysely<Database>) {
  return {
    listedIn: (...args: Tail<Parameters<typeof readListedIn>>) => readListedIn(db, ...args),
    ownCentreName: (...args: Tail<Parameters<typeof readOwnCentreName>>) => readOwnCentreName(db, ...args),
    record: (...args: Tail<Parameters<typeof readWatchRecord>>) => readWatchRecord(db, ...args),
    snapshots: (...args: Tail<Parameters<typeof readCentreSnapshots>>) => readCentreSnapshots(db, ...args),
    centre: (...args: Tail<Parameters<typeof readCentreWatch>>) => readCentreWatch(db, ...args),
    timeline: (...args: Tail<Parameters<typeof readTimelinePage>>) => readTimelinePage(db, ...args),
  };
}

type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type WatchReads = ReturnType<typeof createWatchReads>;
