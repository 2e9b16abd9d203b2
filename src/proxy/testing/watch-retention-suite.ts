// One suite for the retention of the watcher's history and alerts (docs/decisions/0025 and 0026
// "Retention"), run on PGlite and on a real PostgreSQL: history and alerts written as the watcher
// writes them (rows of `centre_change`, alerts raised from them by features/alerts/raise.ts with their inbox
// rows and e-mail deliveries), then purged as main.ts's daily schedule purges them.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { CentreState } from '../../proxy-api/centre-state.ts';
import { createAlertInbox } from '../features/alerts/inbox.ts';
import { raiseAlerts } from '../features/alerts/raise.ts';
import type { Store } from '../core/store/engine.ts';
import { createSqlDirectory } from '../features/people/repository.ts';
import { createWatchReads } from '../features/watch/reads.ts';
import { createWatchRetention } from '../features/watch/retention.ts';
import { demoLogins } from '../core/upstream/environments.ts';
import type { Connection, Directory, Person } from '../features/people/directory.ts';
import { createSecretBox } from '../core/store/secret-box.ts';
import { testCentreState as state } from './centre-state.ts';
import { addConnection } from './watch-world.ts';

const day = 86_400_000;
const now = Date.parse('2026-11-27T08:00:00Z');
const daysAgo = (days: number) => new Date(now - days * day);

export function watchRetentionSuite(name: string, store: () => Store): void {
  const purge = (days: number) => createWatchRetention(store().db)(now - days * day);
  const snapshot = (connection: Connection, centreId: number, centre: CentreState) =>
    store()
      .db.insertInto('centre_snapshot')
      .values({
        connection_id: connection.id,
        centre_id: centreId,
        name: `Centre ${centreId}`,
        listed: true,
        billing: centre.billing,
        contract: centre.contract,
        contract_status: centre.status,
        suspended: centre.suspended,
        state: JSON.stringify(centre),
        fetched_at: new Date(now),
        changed_at: new Date(now),
      })
      .execute();
  /** A history row as a refresh writes it; answers its id. */
  const change = async (connection: Connection, centreId: number, kind: string, at: Date, after: unknown) => {
    const row = await store()
      .db.insertInto('centre_change')
      .values({
        connection_id: connection.id,
        centre_id: centreId,
        at,
        kind,
        before: null,
        after: JSON.stringify(after),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const alertsOf = (connection: Connection) =>
    store()
      .db.selectFrom('alert')
      .select(['id', 'rule', 'change_id', 'dedupe_key'])
      .where('connection_id', '=', connection.id)
      .orderBy('id')
      .execute();
  const inboxOf = (alertId: number) =>
    store().db.selectFrom('alert_inbox').select('person_id').where('alert_id', '=', alertId).execute();
  const deliveriesOf = (alertId: number) =>
    store().db.selectFrom('alert_delivery').select('status').where('alert_id', '=', alertId).execute();
  /** An admins' row for the alert's e-mail (features/alerts/delivery.ts): dead-lettered, or sent again. */
  const setDelivery = (alertId: number, personId: string, status: string, attempts: number) =>
    store()
      .db.insertInto('alert_delivery')
      .values({
        alert_id: alertId,
        person_id: personId,
        channel: 'email',
        kind: 'immediate',
        status,
        attempts,
      })
      .execute();

  describe(`the retention of the watcher's history and alerts (${name})`, () => {
    let directory: Directory;
    let person: Person;
    let added: Connection[] = [];
    /** A stored connection, removed after the test (its history and alerts with it, on delete cascade). */
    const connect = async (credentials?: Parameters<typeof addConnection>[1]) => {
      const connection = await addConnection(directory, credentials);
      added.push(connection);
      return connection;
    };
    /** What the watcher does after a refresh that started at `at`: the alerts of its changes and dates. */
    const raise = (connection: Connection, at: Date) =>
      raiseAlerts(store().db, directory, connection, at, at.getTime());

    beforeAll(async () => {
      directory = createSqlDirectory(store().db, createSecretBox(randomBytes(32)));
      person = await directory.ensurePerson({ email: 'oscar@example.org', invitedBy: null, at: now });
    });

    afterEach(async () => {
      for (const connection of added) await directory.removeConnection(connection.id); // oxlint-disable-line no-await-in-loop
      added = [];
    });

    test('history past the age goes, but each kind’s newest row per centre stays: “suspended since” still answers', async () => {
      const connection = await connect();
      const other = await connect(demoLogins.parent);
      await directory.grant(person.id, { connectionId: connection.id, role: 'support' }, null, now);
      // An e-mail for reinstatements too, so that every alert below has a delivery.
      await createAlertInbox(store().db).setPreferences(
        person.id,
        [{ rule: 'reinstated', inbox: true, email: true }],
        'en',
      );
      await snapshot(connection, 203, state({ suspended: true }));
      await snapshot(connection, 201, state());
      const appeared = await change(connection, 203, 'appeared', daysAgo(600), state());
      const firstOf201 = await change(connection, 201, 'appeared', daysAgo(600), state());
      // Suspended, reinstated, suspended again: each raises its alert, as after a refresh.
      await change(connection, 203, 'suspension', daysAgo(500), true);
      const [sent] = await raise(connection, daysAgo(500));
      await change(connection, 203, 'suspension', daysAgo(450), false);
      const [retrying] = await raise(connection, daysAgo(450));
      const since = await change(connection, 203, 'suspension', daysAgo(420), true);
      const [givenUp] = await raise(connection, daysAgo(420));
      if (!sent || !retrying || !givenUp) throw new Error('three alerts raised');
      expect([sent.rule, retrying.rule, givenUp.rule]).toEqual(['suspended', 'reinstated', 'suspended']);
      expect([sent.inbox, sent.emails, retrying.emails, givenUp.emails]).toEqual([1, 1, 1, 1]);
      await setDelivery(sent.id, person.id, 'sent', 1);
      await setDelivery(retrying.id, person.id, 'pending', 2);
      await setDelivery(givenUp.id, person.id, 'failed', 5);
      await change(connection, 203, 'seats', daysAgo(405), []);
      const young = await change(connection, 203, 'seats', daysAgo(399), []);
      const latest = await change(connection, 203, 'seats', daysAgo(1), []);
      // Another connection's newer row of the same centre and kind supersedes nothing here.
      await change(other, 203, 'suspension', daysAgo(300), true);

      const removed = await purge(400);

      // Gone: the two suspension rows and the seats row a newer one of their kind superseded.
      expect(removed).toEqual({ changes: 3, alerts: 2 });
      const reads = createWatchReads(store().db);
      const timeline = await reads.timeline(connection.id, 203, { limit: 10 });
      expect(timeline.entries.map((entry) => entry.id)).toEqual([latest, young, since, appeared]);
      expect((await reads.timeline(connection.id, 201, { limit: 10 })).entries.map((e) => e.id)).toEqual([
        firstOf201,
      ]);
      expect((await reads.timeline(other.id, 203, { limit: 10 })).entries).toHaveLength(1);
      // The last suspension, 420 days old, is kept: the centre page still says since when.
      expect((await reads.centre(connection.id, 203))?.suspendedSince).toBe(daysAgo(420).getTime());

      // The alert still owed a retry stays, inbox row and delivery too; the change it came from is
      // gone, so it names none. The sent one and the given-up one go with their inbox rows.
      const kept = await alertsOf(connection);
      expect(kept.map((alert) => [alert.id, alert.change_id])).toEqual([[retrying.id, null]]);
      expect(await inboxOf(retrying.id)).toEqual([{ person_id: person.id }]);
      expect(await deliveriesOf(retrying.id)).toEqual([{ status: 'pending' }]);
      for (const gone of [sent.id, givenUp.id]) {
        // oxlint-disable-next-line no-await-in-loop -- two alerts
        expect([await inboxOf(gone), await deliveriesOf(gone)]).toEqual([[], []]);
      }

      // A second purge finds nothing more; the kept alert goes once its delivery is done.
      expect(await purge(400)).toEqual({ changes: 0, alerts: 0 });
      await store()
        .db.updateTable('alert_delivery')
        .set({ status: 'sent', attempts: 3 })
        .where('alert_id', '=', retrying.id)
        .execute();
      await purge(400);
      expect(await alertsOf(connection)).toEqual([]);
      expect(
        await store()
          .db.selectFrom('alert_inbox')
          .select('alert_id')
          .where('person_id', '=', person.id)
          .execute(),
      ).toEqual([]);
    });

    test('an alert about a date, purged once the date has passed, is never raised again', async () => {
      const connection = await connect();
      await directory.grant(person.id, { connectionId: connection.id, role: 'support' }, null, now);
      // A TRIAL licence that ended 3 days ago and one that ends in 2 days (D12's centre 201).
      const ended = { doctorId: 'doc-ended', name: 'Dra. Puig', expiresAt: daysAgo(3).toISOString() };
      const coming = { doctorId: 'doc-coming', name: 'Dr. Soler', expiresAt: daysAgo(-2).toISOString() };
      await snapshot(connection, 201, state({ trials: [ended, coming] }));
      // Nine days ago the first was 6 days from its end: its alert was raised then.
      const [then] = await raise(connection, daysAgo(9));
      expect(then).toMatchObject({ rule: 'trial_ending', inbox: 1 });
      // The fewest days WATCH_HISTORY_DAYS allows (config-watch.ts): that alert is past them.
      await purge(8);
      expect(await alertsOf(connection)).toEqual([]);
      // Today's refresh raises the licence still to end, and not the one whose alert was purged.
      const today = await raise(connection, new Date(now));
      expect(today.map((alert) => alert.rule)).toEqual(['trial_ending']);
      expect((await alertsOf(connection)).map((alert) => alert.dedupe_key)).toEqual([
        `trial_ending:201:doc-coming:${coming.expiresAt}`,
      ]);
    });

    test('a history larger than a batch is purged whole, the rows it keeps read past, not lost', async () => {
      const connection = await connect();
      // 6,000 centres, each with two superseded `seats` rows past the age, its first sight between
      // them (kept: the newest `appeared`) and a seats row from yesterday: 12,000 rows to remove,
      // more than two batches of 5,000, with kept rows among them in the order the purge walks.
      await sql`insert into centre_change (connection_id, centre_id, at, kind, after)
        select ${connection.id}, centre, ${daysAgo(500)}::timestamptz + centre * interval '1 second'
            + step * interval '10 days', kind, '[]'::jsonb
        from generate_series(1, 6000) as centre,
          (values (0, 'seats'), (1, 'appeared'), (2, 'seats'), (49, 'seats')) as steps (step, kind)`.execute(
        store().db,
      );
      expect(await purge(400)).toEqual({ changes: 12_000, alerts: 0 });
      const left = await store()
        .db.selectFrom('centre_change')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('rows')])
        .where('connection_id', '=', connection.id)
        .groupBy('kind')
        .orderBy('kind')
        .execute();
      expect(left.map((row) => [row.kind, Number(row.rows)])).toEqual([
        ['appeared', 6000],
        ['seats', 6000],
      ]);
    }, 60_000);
  });
}
