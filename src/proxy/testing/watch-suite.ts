// One suite for the watcher (docs/decisions/0025), run on PGlite and on a real PostgreSQL: the same
// migration, queue definitions and queries, against the simulator (its control API and D11 faults),
// with the requests that reach it counted where they arrive.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Store } from '../core/store/engine.ts';
import type { Connection } from '../features/people/directory.ts';
import {
  addConnection,
  countedSimulator,
  startWatchWorld,
  type CountedSimulator,
  type WatchWorld,
} from './watch-world.ts';

export function watchSuite(name: string, store: () => Store): void {
  describe(`the watcher (${name})`, () => {
    let upstream: CountedSimulator;
    let world: WatchWorld;
    let connection: Connection;
    const refresh = async () => {
      const done = world.refreshed(connection.id);
      expect(await world.watcher.refresh(connection.id)).toBe(true);
      return done;
    };
    const changeRows = async () =>
      (
        await store()
          .db.selectFrom('centre_change')
          .select('id')
          .where('connection_id', '=', connection.id)
          .execute()
      ).length;

    beforeEach(async () => {
      upstream = countedSimulator();
      world = await startWatchWorld(store(), upstream, { concurrency: 3 });
      connection = await addConnection(world.directory);
    }, 60_000);

    afterEach(async () => {
      await world.watcher.stop();
      // Its snapshots and history go with it (on delete cascade).
      await world.directory.removeConnection(connection.id);
    }, 30_000);

    test('a refresh keeps every listed centre’s state, read from 4.5, 4.7 and 4.6', async () => {
      const result = await refresh();
      expect(result).toMatchObject({ outcome: 'ok', centres: 3, failedCentres: 0 });
      const snapshots = await world.repository.snapshots(connection.id);
      expect([...snapshots.keys()].sort()).toEqual([201, 202, 203]);
      expect(snapshots.get(202)?.state).toMatchObject({ billing: 'PROCESSOR', suspended: true });
      expect(snapshots.get(201)?.state.pending).toMatchObject({
        kind: 'downgrade',
        quantity: { '8': 6, '9': 3 },
      });
      // 201 has BASIC licences in use: its doctors were read (4.6), the others' were not.
      expect(upstream.seen.filter((r) => r.path.includes('/user?')).map((r) => r.path)).toEqual(
        expect.arrayContaining([expect.stringContaining('/provider/201/user')]),
      );
      expect(upstream.seen.some((r) => r.path.includes('/provider/203/user'))).toBe(false);
      expect(await world.repository.record(connection.id)).toMatchObject({ outcome: 'ok' });
    });

    test('suspending a centre adds exactly one history row; a second refresh adds none', async () => {
      await refresh();
      const first = await changeRows();
      expect(first).toBe(3); // each centre appeared once
      await upstream.control('/providers/203/suspension', { suspended: true });
      expect(await refresh()).toMatchObject({ outcome: 'ok', changed: 1, changes: 1 });
      expect(await changeRows()).toBe(first + 1);
      const [latest] = await world.repository.timeline(connection.id, 203);
      expect(latest).toMatchObject({ kind: 'suspension', before: false, after: true });
      const suspendedAt = (await world.repository.snapshots(connection.id)).get(203)?.changedAt;
      expect(await refresh()).toMatchObject({ outcome: 'ok', changed: 0, changes: 0 });
      expect(await changeRows()).toBe(first + 1);
      // Fetched again, changed no later: "suspended since" stays the first time it was seen.
      const kept = (await world.repository.snapshots(connection.id)).get(203);
      expect(kept?.changedAt).toBe(suspendedAt);
      expect(kept?.fetchedAt).toBeGreaterThanOrEqual(suspendedAt ?? Number.POSITIVE_INFINITY);
    });

    test('a BASIC doctor reaching the monthly limit (2.7 a, read from 4.6) is one basic_limit change', async () => {
      await refresh();
      const licence = upstream.simulator.core.state.providers['201']?.licenses.find(
        (l) => l.type === 'BASIC',
      );
      if (!licence) throw new Error('centre 201 has BASIC licences (D12)');
      await upstream.control('/providers/201/reports', { userId: licence.userId, count: 100 });
      expect(await refresh()).toMatchObject({ outcome: 'ok', changed: 1, changes: 1 });
      const [latest] = await world.repository.timeline(connection.id, 201);
      expect(latest).toMatchObject({ kind: 'basic_limit', before: [] });
      expect(latest?.after).toEqual([expect.objectContaining({ doctorId: licence.userId })]);
    });

    test('a centre 4.5 no longer lists is kept, marked “no longer listed”, with one history row', async () => {
      await refresh();
      // The service stops listing 203 (the simulator offers no removal: its state, edited).
      const state = upstream.simulator.exportState();
      const parent = state.providers['200'];
      if (parent) parent.childIds = parent.childIds.filter((id) => id !== 203);
      upstream.simulator.core.replaceState(state);
      expect(await refresh()).toMatchObject({ outcome: 'ok', centres: 2 });
      const kept = (await world.repository.snapshots(connection.id)).get(203);
      expect(kept).toMatchObject({ listed: false, state: { billing: 'PROCESSOR' } });
      expect(kept?.unlistedAt).not.toBeNull();
      expect((await world.repository.timeline(connection.id, 203))[0]).toMatchObject({
        kind: 'listed',
        after: false,
      });
      await refresh();
      expect(await world.repository.timeline(connection.id, 203)).toHaveLength(2);
    });

    test('never more requests in flight than the limit, measured where they reach the simulator', async () => {
      // Every licence read waits 40 ms in the simulator, so that requests pile up if nothing stops them.
      await upstream.control('/faults', { match: 'GET /payments', delayMs: 40, times: 1000 });
      expect(await refresh()).toMatchObject({ outcome: 'ok', failedCentres: 0 });
      // Red Salud's 30+ centres too: a second connection on the same upstream, refreshed at once.
      await upstream.control('/faults', { match: 'GET /payments', delayMs: 40, times: 1000 });
      upstream.counts.maxInFlight = 0;
      const other = await addConnection(world.directory, {
        providerId: 100,
        clientId: 'demo-parent',
        clientSecret: 'demo-parent-secret',
      });
      try {
        const both = Promise.all([world.refreshed(other.id), world.refreshed(connection.id)]);
        await Promise.all([world.watcher.refresh(other.id), world.watcher.refresh(connection.id)]);
        const [parent] = await both;
        expect(parent.centres).toBeGreaterThan(30);
        expect(upstream.counts.maxInFlight).toBe(3);
      } finally {
        await world.directory.removeConnection(other.id);
      }
    }, 60_000);

    test('a 429 waits for its Retry-After and a 5xx backs off; the centre is read in the end', async () => {
      await upstream.control('/faults', {
        match: 'GET /payments/v1/subscription/provider/201/license',
        status: 429,
        retryAfterSeconds: 1,
      });
      await upstream.control('/faults', {
        match: 'GET /payments/v1/subscription/provider/203/license',
        status: 503,
        times: 2,
      });
      expect(await refresh()).toMatchObject({ outcome: 'ok', centres: 3, failedCentres: 0 });
      const reads = (id: number) =>
        upstream.seen.filter((r) => r.path === `/payments/v1/subscription/provider/${id}/license`);
      const [limited, retried] = reads(201);
      expect(limited?.status).toBe(429);
      expect(retried?.status).toBe(200);
      expect((retried?.started ?? 0) - (limited?.ended ?? 0)).toBeGreaterThanOrEqual(1_000);
      expect(reads(203).map((r) => r.status)).toEqual([503, 503, 200]);
      // The second 503 waited longer than the first (base 200 ms, doubled).
      const [a, b, c] = reads(203);
      expect((b?.started ?? 0) - (a?.ended ?? 0)).toBeGreaterThanOrEqual(150);
      expect((c?.started ?? 0) - (b?.ended ?? 0)).toBeGreaterThanOrEqual(350);
    }, 30_000);

    test('a 401 mid-refresh (a token that expired, D1) renews the token once and reads the centre', async () => {
      await upstream.control('/faults', {
        match: 'GET /payments/v1/subscription/provider/202/license',
        status: 401,
      });
      expect(await refresh()).toMatchObject({ outcome: 'ok', centres: 3, failedCentres: 0 });
      expect(upstream.seen.filter((r) => r.path.endsWith(' demo-processor'))).toHaveLength(2);
    });

    test('the service down: the refresh stops after a few tries, without a storm, and keeps the last states', async () => {
      await refresh();
      await upstream.control('/faults', { match: 'GET /payments', status: 503, times: 1000 });
      const before = upstream.seen.length;
      expect(await refresh()).toMatchObject({ outcome: 'unavailable' });
      // The token and the list answered; then 6 failures in a row, at most 3 in flight at each.
      const tried = upstream.seen.slice(before).filter((r) => r.path.startsWith('/payments'));
      expect(tried.length).toBeLessThanOrEqual(6 + 3);
      expect((await world.repository.snapshots(connection.id)).get(202)?.listed).toBe(true);
    }, 30_000);

    test('a refused secret pauses the connection (flagged once); replaced, it runs again', async () => {
      const wrong = await addConnection(world.directory, {
        providerId: 100,
        clientId: 'demo-parent',
        clientSecret: 'not-the-secret',
      });
      try {
        const done = world.refreshed(wrong.id);
        await world.watcher.refresh(wrong.id);
        expect(await done).toMatchObject({ outcome: 'refused' });
        const flagged = (await world.directory.connections()).find((c) => c.id === wrong.id);
        expect(flagged?.refusedAt).not.toBeNull();
        // The minute's tick leaves it alone: the other, due, connection is the only one asked for.
        expect(await world.watcher.tick()).toBe(1);
        await world.directory.replaceConnectionSecret(wrong.id, {
          clientId: 'demo-parent',
          clientSecret: 'demo-parent-secret',
          providerVerified: true,
          at: Date.now(),
        });
        const again = world.refreshed(wrong.id);
        expect(await world.watcher.tick()).toBe(1);
        expect(await again).toMatchObject({ outcome: 'ok' });
      } finally {
        await world.directory.removeConnection(wrong.id);
      }
    }, 30_000);

    // docs/decisions/0026 (Delivery): an alert message is retried 4 times (5 attempts), exponentially
    // from one minute, at most an hour apart; an attempt may run 120 s; then the dead-letter queue.
    // The alerts' own tests shorten this schedule, so the started watcher's queue is read back here.
    test('the watcher’s alert-message queue retries as decided: 4 retries from a minute, doubling up to an hour', async () => {
      const queue = await world.watcher.boss.getQueue('alert-message');
      expect({
        retryLimit: queue?.retryLimit,
        retryDelay: queue?.retryDelay,
        retryBackoff: queue?.retryBackoff,
        retryDelayMax: queue?.retryDelayMax,
        expireInSeconds: queue?.expireInSeconds,
        deadLetter: queue?.deadLetter,
      }).toEqual({
        retryLimit: 4,
        retryDelay: 60,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: 120,
        deadLetter: 'alert-message-failed',
      });
    });

    test('a database whose alert-message queue was made with another schedule gets the decided one at the next start', async () => {
      await world.watcher.boss.updateQueue('alert-message', {
        retryLimit: 1,
        retryDelay: 5,
        retryBackoff: false,
      });
      const next = await startWatchWorld(store(), upstream);
      try {
        const queue = await next.watcher.boss.getQueue('alert-message');
        expect([queue?.retryLimit, queue?.retryDelay, queue?.retryBackoff]).toEqual([4, 60, true]);
      } finally {
        await next.watcher.stop();
      }
    });
  });
}
