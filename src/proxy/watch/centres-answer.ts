// `GET /watch/centres`'s answer, kept between refreshes (docs/decisions/0025 "The overview's
// read"). Over 10,000 centres the answer is about 3 MB of JSON, and reading, parsing and writing it
// took 250–680 ms of the proxy's thread for each reader, while it only changes during a refresh:
// every write to a connection's snapshots happens between its refresh's start and its finish
// (watch/refresh.ts). So the answer is kept in this process under the refresh record it was read
// with, and read again only when that record moved. The record is read before and after the
// snapshots: the same record both times, with no refresh running, means no write came between
// (a refresh sets `started_at` before it writes), so what was read is whole and may be kept.
// Several instances each keep their own, under the same records of the shared database.
import type { SnapshotRow, WatchReads } from '../db/watch-reads.ts';

type RefreshRecord = Awaited<ReturnType<WatchReads['record']>>;

export interface CentresAnswer {
  refresh: RefreshRecord & { waiting: boolean; running: boolean };
  asOf: { oldest: number; newest: number } | null;
  /** The centres as JSON, ready to be written into the answer. */
  centresJson: string;
}

interface Kept {
  key: string;
  asOf: CentresAnswer['asOf'];
  centresJson: string;
}

/** At most this many characters of answers kept (about 10 connections of 10,000 centres). */
const KEEP_CHARS = 32_000_000;

const running = (record: RefreshRecord) =>
  record.startedAt !== null && (record.finishedAt === null || record.finishedAt < record.startedAt);

/** Asked for and not yet started: the console polls meanwhile. */
const waiting = (record: RefreshRecord) =>
  record.requestedAt !== null && (record.startedAt === null || record.startedAt < record.requestedAt);

/** What the kept answer stands for: the refresh that last wrote, finished. */
const keyOf = (record: RefreshRecord) => `${record.startedAt ?? '-'}/${record.finishedAt ?? '-'}`;

function asOfOf(centres: readonly SnapshotRow[]): CentresAnswer['asOf'] {
  let oldest: number | null = null;
  let newest: number | null = null;
  for (const centre of centres) {
    if (!centre.listed) continue;
    oldest = oldest === null ? centre.fetchedAt : Math.min(oldest, centre.fetchedAt);
    newest = newest === null ? centre.fetchedAt : Math.max(newest, centre.fetchedAt);
  }
  return oldest === null || newest === null ? null : { oldest, newest };
}

export function createCentresAnswers(reads: WatchReads) {
  // By connection, the least recently read first (a Map keeps insertion order).
  const kept = new Map<string, Kept>();
  let keptChars = 0;

  const forget = (connectionId: string) => {
    const old = kept.get(connectionId);
    if (!old) return;
    kept.delete(connectionId);
    keptChars -= old.centresJson.length;
  };

  const keep = (connectionId: string, entry: Kept) => {
    forget(connectionId);
    if (entry.centresJson.length > KEEP_CHARS) return;
    kept.set(connectionId, entry);
    keptChars += entry.centresJson.length;
    for (const [id] of kept) {
      if (keptChars <= KEEP_CHARS) break;
      forget(id);
    }
  };

  return {
    async answer(connectionId: string): Promise<CentresAnswer> {
      const record = await reads.record(connectionId);
      const refresh = { ...record, waiting: waiting(record), running: running(record) };
      const key = keyOf(record);
      const hit = kept.get(connectionId);
      if (hit && hit.key === key && !refresh.running) {
        // Read most recently: last to be dropped.
        kept.delete(connectionId);
        kept.set(connectionId, hit);
        return { refresh, asOf: hit.asOf, centresJson: hit.centresJson };
      }
      const centres = await reads.snapshots(connectionId);
      const entry: Kept = { key, asOf: asOfOf(centres), centresJson: JSON.stringify(centres) };
      if (!refresh.running && keyOf(await reads.record(connectionId)) === key) keep(connectionId, entry);
      else forget(connectionId);
      return { refresh, asOf: entry.asOf, centresJson: entry.centresJson };
    },
  };
}

export type CentresAnswers = ReturnType<typeof createCentresAnswers>;
