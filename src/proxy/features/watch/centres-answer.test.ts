// `GET /watch/centres` while a refresh runs (issue 47 item 3): the answer says how far the read has
// come, the listed centres read since it started of its child list's, so that a first read of a
// big world is not shown as the whole; none once it is done.
import { describe, expect, test } from 'vitest';
import { watchedCentresSchema } from '../../../proxy-api/watch.ts';
import { createCentresAnswers } from './centres-answer.ts';
import type { SnapshotRow, WatchReads } from './reads.ts';

const STARTED = Date.parse('2026-12-06T10:00:00Z');

const row = (id: number, fetchedAt: number): SnapshotRow => ({
  id,
  name: `Centre ${id}`,
  listed: true,
  fetchedAt,
  changedAt: fetchedAt,
  state: {
    billing: 'PROCESSOR',
    contract: 'processor',
    status: null,
    suspended: false,
    seats: [],
    pending: null,
    basicAtLimit: [],
    trials: [],
  },
});

const unused = () => Promise.reject(new Error('not read here'));

function readsOf(record: Awaited<ReturnType<WatchReads['record']>>, rows: SnapshotRow[]): WatchReads {
  return {
    record: () => Promise.resolve(record),
    snapshots: () => Promise.resolve(rows),
    centre: unused,
    timeline: unused,
    ownCentreName: unused,
    listedIn: unused,
  };
}

const answered = async (reads: WatchReads) =>
  watchedCentresSchema.parse(JSON.parse((await createCentresAnswers(reads).answer('c1')).json));

describe('a refresh’s progress in the overview’s answer', () => {
  test('a first read part way: the centres read of the child list’s', async () => {
    const running = {
      requestedAt: STARTED,
      startedAt: STARTED,
      finishedAt: null,
      outcome: null,
      listed: 10_000,
    };
    const rows = Array.from({ length: 4500 }, (_, n) => row(n + 1, STARTED + 1000));
    const answer = await answered(readsOf(running, rows));
    expect(answer.refresh.running).toBe(true);
    expect(answer.refresh.progress).toEqual({ read: 4500, of: 10_000 });
  });

  test('a later refresh counts only what it read since it started; before its list is read, nothing', async () => {
    const before = STARTED - 3_600_000;
    const rows = [row(1, STARTED + 10), row(2, before), row(3, before)];
    const running = {
      requestedAt: STARTED,
      startedAt: STARTED,
      finishedAt: before,
      outcome: 'ok',
      listed: 3,
    };
    expect((await answered(readsOf(running, rows))).refresh.progress).toEqual({ read: 1, of: 3 });
    const unlisted = { ...running, listed: null };
    expect((await answered(readsOf(unlisted, rows))).refresh.progress).toBeNull();
  });

  test('no progress once the refresh is done', async () => {
    const done = {
      requestedAt: STARTED,
      startedAt: STARTED,
      finishedAt: STARTED + 60_000,
      outcome: 'ok',
      listed: 2,
    };
    const answer = await answered(readsOf(done, [row(1, STARTED + 10), row(2, STARTED + 20)]));
    expect(answer.refresh.progress).toBeNull();
  });
});
