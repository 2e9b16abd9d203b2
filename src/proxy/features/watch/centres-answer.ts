// `GET /watch/centres`'s answer, kept between refreshes (docs/decisions/0025 "The overview's
// read"). Over 10,000 centres the answer is about 3 MB of JSON (67 kB gzipped), and reading,
// parsing, writing and compressing it took 250–680 ms of the proxy's thread for each reader, while
// it only changes when the connection's refresh record does: every write to a connection's
// snapshots happens between its refresh's start and its finish (features/watch/refresh.ts). So the answer,
// and its gzip once asked for, are kept in this process under the record they were read with, and
// read again only when that record moved. The record is read before and after the snapshots: the
// same record both times, with no refresh running, means no write came between (a refresh sets
// `started_at` before it writes), so what was read is whole and may be kept. Several instances
// each keep their own, under the same records of the shared database.
import { centreColumnsOf, type WatchedCentresWire } from '../../../proxy-api/watch.ts';
import type { SnapshotRow, WatchReads } from './reads.ts';

type RefreshRecord = Awaited<ReturnType<WatchReads['record']>>;

export interface CentresAnswer {
  /** The answer's JSON. */
  json: string;
  /** The same, gzipped (made once per kept answer). */
  gzipped: () => Promise<Uint8Array<ArrayBuffer>>;
}

/** At most this many characters of answers kept (about 10 connections of 10,000 centres). */
const KEEP_CHARS = 32_000_000;

/** The platform's own gzip (as hono/compress's): this module runs in the page's proxy too. */
const compress = async (text: string) =>
  new Uint8Array(
    await new Response(new Response(text).body?.pipeThrough(new CompressionStream('gzip'))).arrayBuffer(),
  );

const running = (record: RefreshRecord) =>
  record.startedAt !== null && (record.finishedAt === null || record.finishedAt < record.startedAt);

/** Asked for and not yet started: the console polls meanwhile. */
const waiting = (record: RefreshRecord) =>
  record.requestedAt !== null && (record.startedAt === null || record.startedAt < record.requestedAt);

/** What a kept answer stands for: the record it shows, whose start or finish moves with any write. */
const keyOf = (record: RefreshRecord) =>
  `${record.requestedAt ?? '-'}/${record.startedAt ?? '-'}/${record.finishedAt ?? '-'}/${record.outcome ?? '-'}`;

function asOfOf(centres: readonly SnapshotRow[]) {
  let oldest: number | null = null;
  let newest: number | null = null;
  for (const centre of centres) {
    if (!centre.listed) continue;
    oldest = oldest === null ? centre.fetchedAt : Math.min(oldest, centre.fetchedAt);
    newest = newest === null ? centre.fetchedAt : Math.max(newest, centre.fetchedAt);
  }
  return oldest === null || newest === null ? null : { oldest, newest };
}

/**
 * How far a running refresh has come: the listed centres it read since it started, of its child
 * list's. Null when none runs, or before it read its list.
 */
function progressOf(record: RefreshRecord, centres: readonly SnapshotRow[]) {
  const { startedAt, listed } = record;
  if (!running(record) || startedAt === null || listed === null) return null;
  let read = 0;
  for (const centre of centres) if (centre.listed && centre.fetchedAt >= startedAt) read += 1;
  return { read: Math.min(read, listed), of: listed };
}

function answerOf(record: RefreshRecord, centres: readonly SnapshotRow[]): CentresAnswer {
  const { requestedAt, startedAt, finishedAt, outcome } = record;
  const wire: WatchedCentresWire = {
    asOf: asOfOf(centres),
    refresh: {
      requestedAt,
      startedAt,
      finishedAt,
      outcome,
      waiting: waiting(record),
      running: running(record),
      progress: progressOf(record, centres),
    },
    // As columns: the console's check of 10,000 objects was a click's longest wait (watch-wire.ts).
    centres: centreColumnsOf(centres),
  };
  const json = JSON.stringify(wire);
  let gzipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
  return {
    json,
    gzipped: () => {
      gzipped ??= compress(json).catch((error: unknown) => {
        gzipped = undefined;
        throw error;
      });
      return gzipped;
    },
  };
}

export function createCentresAnswers(reads: WatchReads) {
  // By connection, the least recently read first (a Map keeps insertion order).
  const kept = new Map<string, { key: string; answer: CentresAnswer }>();
  let keptChars = 0;

  const forget = (connectionId: string) => {
    const old = kept.get(connectionId);
    if (!old) return;
    kept.delete(connectionId);
    keptChars -= old.answer.json.length;
  };

  const keep = (connectionId: string, key: string, answer: CentresAnswer) => {
    forget(connectionId);
    if (answer.json.length > KEEP_CHARS) return;
    kept.set(connectionId, { key, answer });
    keptChars += answer.json.length;
    for (const [id] of kept) {
      if (keptChars <= KEEP_CHARS) break;
      forget(id);
    }
  };

  return {
    /** Every centre kept for the connection, with its refresh record and "as of". */
    async answer(connectionId: string): Promise<CentresAnswer> {
      const record = await reads.record(connectionId);
      const key = keyOf(record);
      const hit = kept.get(connectionId);
      if (hit?.key === key && !running(record)) {
        // Read most recently: the last to be dropped.
        kept.delete(connectionId);
        kept.set(connectionId, hit);
        return hit.answer;
      }
      const answer = answerOf(record, await reads.snapshots(connectionId));
      if (!running(record) && keyOf(await reads.record(connectionId)) === key)
        keep(connectionId, key, answer);
      else forget(connectionId);
      return answer;
    },
  };
}

export type CentresAnswers = ReturnType<typeof createCentresAnswers>;
