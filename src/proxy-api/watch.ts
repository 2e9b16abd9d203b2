import { z } from 'zod/mini';
import { send, type CallInit, type UpstreamClient } from '../contract/transport.ts';

// The watcher on the console wire (issue 26, docs/decisions/0025): what it keeps of every centre of
// the connection a person works through, a centre's history, and asking for a refresh now. Ours,
// not the service's. The state's schema is the one the proxy stores and parses on the way out of
// the database (centre-state.ts), so the two sides cannot drift.

export const WATCH_PATHS = {
  centres: '/watch/centres',
  centre: (id: number) => `/watch/centres/${id}`,
  refresh: '/watch/refresh',
} as const;

const seatRow = z.object({
  type: z.string(),
  total: z.nullable(z.number()),
  used: z.number(),
  available: z.nullable(z.number()),
});
const doctor = z.object({ doctorId: z.string(), name: z.string() });

/** A centre's state as the watcher keeps it (`centre_snapshot.state`). */
export const centreStateSchema = z.object({
  /** 2.9 `mode` as on the wire (PROCESSOR, PARTNER_SELF, or a value the spec does not name). */
  billing: z.nullable(z.string()),
  /** Which of 4.7's shapes: D5's none yet, processor-billed seats (1), self-billed seats (2), pay-per-use (3). */
  contract: z.enum(['none', 'processor', 'seats', 'usage']),
  /** 3.1's contract status (self-billing flow), as on the wire; null where 4.7 has none. */
  status: z.nullable(z.string()),
  /** 2.8; absent means not suspended. */
  suspended: z.boolean(),
  /** 2.10's rows by plan type. */
  seats: z.array(seatRow),
  /** 2.11: a scheduled downgrade (shape 1) or switch to seats (shape 3), with its date (ISO). */
  pending: z.nullable(
    z.object({
      kind: z.enum(['downgrade', 'switch']),
      effectiveAt: z.string(),
      quantity: z.record(z.string(), z.number()),
    }),
  ),
  /** 2.7 (a): doctors whose BASIC licence reached its monthly limit. */
  basicAtLimit: z.array(doctor),
  /** TRIAL licences and when they end (2.7 `expiresAt`); "ending within 7 days" is read against now. */
  trials: z.array(z.object({ doctorId: z.string(), name: z.string(), expiresAt: z.string() })),
});
export type WatchedState = z.infer<typeof centreStateSchema>;

const time = z.number();

/**
 * A column most centres leave empty (no pending change, no doctor at the BASIC limit, no TRIAL):
 * only the centres that have a value, by their index (`at`, ascending), with their values, rather
 * than 10,000 nulls and empty arrays to check one by one. On the demo's 10,000 centres (312 values
 * in all) the answer went from 1.20 to 1.09 MB, and its check's first run in Node (the page's case:
 * it runs once, cold) from 113–133 ms to 98–125 (medians 116 and 107, five runs each).
 */
const sparse = <Value extends z.ZodMiniType>(value: Value) =>
  z
    .object({ at: z.array(z.int().check(z.nonnegative())), values: z.array(value) })
    .check(
      z.refine(
        (column) =>
          column.at.length === column.values.length &&
          column.at.every((at, n) => n === 0 || at > (column.at[n - 1] ?? at)),
        'one value per index, indexes ascending',
      ),
    );

/**
 * A dense column, checked in one pass over its cells. `z.array` runs a schema of its own
 * on each cell, with an object for its result: over the demo's 10,000 centres, 90,000 cells and
 * 10,000 seat lists, on the page's main thread while the overview waits. The cells are primitives
 * and short tuples, which a guard reads as exactly as their schemas did (a string, a finite
 * number, a safe integer, one of the enum's values, null where the column allows it). The whole
 * answer's first read in Node went from 76–101 ms to 44–53 (three runs each).
 */
const denseColumn = <Cell>(isCell: (cell: unknown) => cell is Cell, what: string) =>
  z.custom<Cell[]>((cells) => Array.isArray(cells) && cells.every(isCell), `a column of ${what}`);

const isString = (cell: unknown): cell is string => typeof cell === 'string';
const isNumber = (cell: unknown): cell is number => Number.isFinite(cell);
const isInt = (cell: unknown): cell is number => Number.isSafeInteger(cell);
const isBoolean = (cell: unknown): cell is boolean => typeof cell === 'boolean';
const isStringOrNull = (cell: unknown): cell is string | null => cell === null || isString(cell);
const isNumberOrNull = (cell: unknown): cell is number | null => cell === null || isNumber(cell);
const contracts: ReadonlySet<unknown> = new Set(centreStateSchema.shape.contract.options);
const isContract = (cell: unknown): cell is WatchedState['contract'] => contracts.has(cell);
/** A 2.10 seat row: `[type, total, used, available]`. */
type SeatCells = [string, number | null, number, number | null];
const isSeatRow = (row: unknown): row is SeatCells =>
  Array.isArray(row) &&
  row.length === 4 &&
  isString(row[0]) &&
  isNumberOrNull(row[1]) &&
  isNumber(row[2]) &&
  isNumberOrNull(row[3]);
const isSeats = (cell: unknown): cell is SeatCells[] => Array.isArray(cell) && cell.every(isSeatRow);

/**
 * The centres on the wire: one array per field, the nth centre at index n in each, and
 * the fields most centres leave empty as sparse columns. Over 10,000 centres, as objects,
 * the answer was 3.0 MB of JSON and its check 55–186 ms of zod over 10,000 objects on the page's
 * main thread, where a click on the overview waits for it; as columns it is 1.1 MB. The console
 * reads centres back as objects (`watchedCentresSchema`'s output); `centreColumnsOf` writes them.
 * A doctor is `[doctorId, name]`, with a trial's `expiresAt` third.
 */
const centreColumnsSchema = z
  .object({
    id: denseColumn(isInt, 'integers'),
    name: denseColumn(isString, 'names'),
    /** false: 4.5 no longer lists it; kept, never dropped. */
    listed: denseColumn(isBoolean, 'booleans'),
    fetchedAt: denseColumn(isNumber, 'times'),
    changedAt: denseColumn(isNumber, 'times'),
    billing: denseColumn(isStringOrNull, 'billing modes'),
    contract: denseColumn(isContract, 'contract shapes'),
    status: denseColumn(isStringOrNull, 'contract statuses'),
    suspended: denseColumn(isBoolean, 'booleans'),
    seats: denseColumn(isSeats, 'seat rows'),
    pending: sparse(centreStateSchema.shape.pending.def.innerType),
    basicAtLimit: sparse(z.array(z.tuple([z.string(), z.string()]))),
    trials: sparse(z.array(z.tuple([z.string(), z.string(), z.string()]))),
  })
  .check(
    z.refine(
      ({ pending, basicAtLimit, trials, ...dense }) =>
        Object.values(dense).every((column) => column.length === dense.id.length) &&
        [pending, basicAtLimit, trials].every((column) => (column.at.at(-1) ?? -1) < dense.id.length),
      'every column holds one value per centre',
    ),
  );
type CentreColumns = z.infer<typeof centreColumnsSchema>;
type DoctorCells = CentreColumns['basicAtLimit']['values'][number][number];
type TrialCells = CentreColumns['trials']['values'][number][number];

export interface WatchedCentre {
  id: number;
  name: string;
  /** false: 4.5 no longer lists it; kept, never dropped. */
  listed: boolean;
  fetchedAt: number;
  changedAt: number;
  state: WatchedState;
}

/** A sparse column's values by centre index. */
function byIndex<Value>(column: { at: number[]; values: Value[] }): Map<number, Value> {
  return new Map(column.at.map((at, n) => [at, column.values[n] as Value]));
}

// The check above holds every column as long as `id`: the fallbacks are for the type checker only.
function centresOf(c: CentreColumns): WatchedCentre[] {
  const pending = byIndex(c.pending);
  const basicAtLimit = byIndex(c.basicAtLimit);
  const trials = byIndex(c.trials);
  return c.id.map((id, n) => ({
    id,
    name: c.name[n] ?? '',
    listed: c.listed[n] ?? false,
    fetchedAt: c.fetchedAt[n] ?? 0,
    changedAt: c.changedAt[n] ?? 0,
    state: {
      billing: c.billing[n] ?? null,
      contract: c.contract[n] ?? 'none',
      status: c.status[n] ?? null,
      suspended: c.suspended[n] ?? false,
      seats: (c.seats[n] ?? []).map(([type, total, used, available]) => ({ type, total, used, available })),
      pending: pending.get(n) ?? null,
      basicAtLimit: (basicAtLimit.get(n) ?? []).map(([doctorId, name]) => ({ doctorId, name })),
      trials: (trials.get(n) ?? []).map(([doctorId, name, expiresAt]) => ({ doctorId, name, expiresAt })),
    },
  }));
}

/** The centres that have a value for `of` (null or empty: none), as a sparse column. */
function sparseOf<Value>(
  centres: readonly WatchedCentre[],
  of: (centre: WatchedCentre) => Value | null | undefined,
): { at: number[]; values: Value[] } {
  const column: { at: number[]; values: Value[] } = { at: [], values: [] };
  centres.forEach((centre, n) => {
    const value = of(centre);
    if (value === null || value === undefined) return;
    column.at.push(n);
    column.values.push(value);
  });
  return column;
}

/** An empty list is no value in a sparse column. */
const listOrNone = <T>(list: T[]) => (list.length === 0 ? null : list);

/** The centres as the wire carries them (the proxy's side of `GET /watch/centres`). */
export function centreColumnsOf(centres: readonly WatchedCentre[]): CentreColumns {
  const column = <T>(of: (centre: WatchedCentre) => T) => centres.map(of);
  return {
    id: column((c) => c.id),
    name: column((c) => c.name),
    listed: column((c) => c.listed),
    fetchedAt: column((c) => c.fetchedAt),
    changedAt: column((c) => c.changedAt),
    billing: column((c) => c.state.billing),
    contract: column((c) => c.state.contract),
    status: column((c) => c.state.status),
    suspended: column((c) => c.state.suspended),
    seats: column((c) =>
      c.state.seats.map((row): SeatCells => [row.type, row.total, row.used, row.available]),
    ),
    pending: sparseOf(centres, (c) => c.state.pending),
    basicAtLimit: sparseOf(centres, (c) =>
      listOrNone(c.state.basicAtLimit.map((d): DoctorCells => [d.doctorId, d.name])),
    ),
    trials: sparseOf(centres, (c) =>
      listOrNone(c.state.trials.map((d): TrialCells => [d.doctorId, d.name, d.expiresAt])),
    ),
  };
}

/** `GET /watch/centres`: every centre kept for the connection, listed or not. */
export const watchedCentresSchema = z.object({
  /** The oldest and newest fetch among listed centres; null before the first refresh stored any. */
  asOf: z.nullable(z.object({ oldest: time, newest: time })),
  refresh: z.object({
    requestedAt: z.nullable(time),
    startedAt: z.nullable(time),
    finishedAt: z.nullable(time),
    /** The last refresh's end: ok, refused (the secret), unavailable (the service), failed. */
    outcome: z.nullable(z.string()),
    waiting: z.boolean(),
    running: z.boolean(),
    /**
     * A running refresh's progress: the listed centres it read so far, of its child list's
     * (issue 47 item 3). Null when none runs or before it read the list; absent from an older proxy.
     */
    progress: z.optional(z.nullable(z.object({ read: z.int(), of: z.int() }))),
  }),
  centres: z.pipe(centreColumnsSchema, z.transform(centresOf)),
});
/** The answer as the wire carries it (`centres` as columns). */
export type WatchedCentresWire = z.input<typeof watchedCentresSchema>;
export type WatchedCentres = z.infer<typeof watchedCentresSchema>;

/** `GET /watch/centres/:id`: the centre's snapshot facts (null: never seen) and a page of its history. */
export const centreTimelineSchema = z.object({
  centre: z.nullable(
    z.object({
      listed: z.boolean(),
      suspended: z.boolean(),
      fetchedAt: time,
      changedAt: time,
      suspendedSince: z.nullable(time),
    }),
  ),
  changes: z.array(
    z.object({ id: z.int(), at: time, kind: z.string(), before: z.unknown(), after: z.unknown() }),
  ),
  /** The `before` of the next page; null: the last. */
  next: z.nullable(z.int()),
});
export type CentreTimeline = z.infer<typeof centreTimelineSchema>;
export type CentreChange = CentreTimeline['changes'][number];

export function listWatchedCentres(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: WATCH_PATHS.centres }, watchedCentresSchema, init);
}

export function getCentreTimeline(
  client: UpstreamClient,
  input: { centreId: number; before?: number | undefined },
  init?: CallInit,
) {
  return send(
    client,
    { method: 'GET', path: WATCH_PATHS.centre(input.centreId), query: { before: input.before } },
    centreTimelineSchema,
    init,
  );
}

export function refreshCentres(client: UpstreamClient, init?: CallInit) {
  return send(
    client,
    { method: 'POST', path: WATCH_PATHS.refresh, body: { json: {} } },
    z.object({ requested: z.boolean() }),
    init,
  );
}
