import { z } from 'zod/mini';
import { send, type CallInit, type UpstreamClient } from './transport.ts';

// The watcher on the console wire (issue 26, docs/decisions/0025): what it keeps of every centre of
// the connection a person works through, a centre's history, and asking for a refresh now. Ours,
// not the service's. The state's schema is the one the proxy stores and parses on the way out of
// the database (watch-state.ts), so the two sides cannot drift.

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
  }),
  centres: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      /** false: 4.5 no longer lists it; kept, never dropped. */
      listed: z.boolean(),
      fetchedAt: time,
      changedAt: time,
      state: centreStateSchema,
    }),
  ),
});
export type WatchedCentres = z.infer<typeof watchedCentresSchema>;
export type WatchedCentre = WatchedCentres['centres'][number];

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
