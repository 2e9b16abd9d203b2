// Alerts end to end on the embedded engine (docs/decisions/0026): the watcher's refresh raises them
// once, fans them out per person and preference, logs them, and each message is a pg-boss job that
// sends its e-mail through the Channels it was given; pg-boss retries a refusal and dead-letters
// what never went through; a digest gathers a person's day into one e-mail.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { freshDataDir } from '../../../../scripts/data-dir.ts';
import { openStore, type Store } from '../../core/store/engine.ts';
import type { Connection } from '../people/directory.ts';
import {
  addConnection,
  countedSimulator,
  startWatchWorld,
  type WatchWorld,
} from '../../testing/watch-world.ts';
import type { EmailMessage } from './channels.ts';
import { failedDeliveries } from './delivery.ts';

let store: Store;
let remove: () => void;
let world: WatchWorld;
let connection: Connection;
const upstream = countedSimulator();
let clock = Date.now();
const sent: EmailMessage[] = [];
/** A channel that behaves like an SMTP peer that refuses while `refusing` is set. */
const mail = { refusing: 0 };
const channels = {
  async email(message: EmailMessage) {
    if (mail.refusing > 0) {
      mail.refusing -= 1;
      throw Object.assign(new Error('421 try later'), { code: 'ECONNECTION' });
    }
    sent.push(message);
  },
};
const people: Record<'sofia' | 'oscar' | 'quiet', string> = { sofia: '', oscar: '', quiet: '' };

beforeAll(async () => {
  const data = await freshDataDir();
  remove = data.remove;
  store = await openStore({ dataDir: data.dir });
  world = await startWatchWorld(store, upstream, { concurrency: 3, channels, now: () => clock });
  connection = await addConnection(world.directory);
  for (const [name, role] of [
    ['sofia', 'support'],
    ['oscar', 'operator'],
    ['quiet', 'admin'],
  ] as const) {
    // oxlint-disable-next-line no-await-in-loop -- three rows
    const person = await world.directory.ensurePerson({
      email: `${name}@example.org`,
      invitedBy: null,
      at: clock,
    });
    // oxlint-disable-next-line no-await-in-loop -- as above
    await world.directory.grant(person.id, { connectionId: connection.id, role }, null, clock);
    people[name] = person.id;
  }
  // The watcher's queue retries four times from a minute apart; here twice, a second apart.
  await world.watcher.boss.updateQueue('alert-message', {
    retryLimit: 2,
    retryDelay: 1,
    retryBackoff: false,
  });
  // One person turned suspension e-mails and inbox off.
  await store.db
    .insertInto('alert_preference')
    .values({ person_id: people.quiet, rule: 'suspended', inbox: false, email: false })
    .execute();
}, 120_000);

afterAll(async () => {
  await world?.watcher.stop();
  await store?.close();
  remove?.();
}, 60_000);

const refresh = async () => {
  const done = world.refreshed(connection.id);
  expect(await world.watcher.refresh(connection.id)).toBe(true);
  await done;
  return world.runs.at(-1)?.alerts ?? [];
};
const rows = (table: 'alert' | 'alert_inbox') => store.db.selectFrom(table).selectAll().execute();
/** Waits until `count` e-mails were sent (the raise's nudge dispatches them; so does this). */
const mailed = async (count: number) => {
  await world.watcher.deliver('immediate');
  await vi.waitFor(() => expect(sent).toHaveLength(count), { timeout: 15_000, interval: 100 });
};
/** Alerts of a digest rule written as a raise would, and the outbox row it would owe `personId`. */
const digestOwed = async (personId: string, rules: string[], key: string) => {
  const alerts = await store.db
    .insertInto('alert')
    .values(
      rules.map((rule, n) => ({
        connection_id: connection.id,
        centre_id: 201,
        rule,
        dedupe_key: `${key}:${n}`,
        raised_at: new Date(clock),
        payload: JSON.stringify({ centreName: 'Centre 201' }),
      })),
    )
    .returning('id')
    .execute();
  const ids = alerts.map((a) => a.id);
  await store.db
    .insertInto('alert_outbox')
    .values({
      connection_id: connection.id,
      person_id: personId,
      channel: 'email',
      kind: 'digest',
      after_alert: Math.min(...ids) - 1,
      up_to_alert: Math.max(...ids),
    })
    .execute();
  return ids;
};

test('the first refresh raises nothing about the states it finds (202 is already suspended)', async () => {
  const raised = await refresh();
  expect(raised.filter((a) => a.rule !== 'trial_ending' && a.rule !== 'pending_change')).toEqual([]);
}, 60_000);

test('a suspension raises one alert: in the inbox of those who want it, one e-mail each, one audit entry; a second refresh adds none', async () => {
  await upstream.control('/providers/201/suspension', { suspended: true });
  clock += 60_000;
  const raised = await refresh();
  expect(raised.map((a) => [a.rule, a.centreId])).toEqual([['suspended', 201]]);
  const [alert] = raised;
  if (!alert) throw new Error('an alert');
  expect(alert).toMatchObject({ inbox: 2, emails: 2 });
  const inbox = (await rows('alert_inbox')).filter((r) => r.alert_id === alert.id);
  expect(inbox.map((r) => r.person_id).sort()).toEqual([people.oscar, people.sofia].sort());
  await mailed(2);
  expect(
    sent.map((m) => [m.to, m.kind, m.language, m.alerts.map((a) => [a.rule, a.centreId])]).sort(),
  ).toEqual([
    ['oscar@example.org', 'immediate', 'en', [['suspended', 201]]],
    ['sofia@example.org', 'immediate', 'en', [['suspended', 201]]],
  ]);
  expect(sent[0]?.alerts[0]?.centreName).toBeTruthy();
  const audit = await store.db
    .selectFrom('audit_entry')
    .selectAll()
    .where('action', '=', 'alert.raised')
    .execute();
  expect(
    audit.filter((e) => e.subject === 'suspended').map((e) => [e.centre_id, e.actor_kind, e.connection_id]),
  ).toEqual([[201, 'system', connection.id]]);
  const before = (await rows('alert')).length;
  clock += 60_000;
  expect(await refresh()).toEqual([]);
  expect((await rows('alert')).length).toBe(before);
  await world.watcher.deliver('immediate');
  expect(sent).toHaveLength(2);
}, 60_000);

test('an e-mail refused by the mail server is retried by pg-boss, then sent once', async () => {
  sent.length = 0;
  mail.refusing = 2;
  await upstream.control('/providers/203/suspension', { suspended: true });
  clock += 60_000;
  expect((await refresh()).map((a) => a.rule)).toContain('suspended');
  await mailed(2);
  expect(mail.refusing).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(sent.map((m) => m.to).sort()).toEqual(['oscar@example.org', 'sofia@example.org']);
}, 60_000);

test('past its last attempt an e-mail is dead-lettered to the admins’ list', async () => {
  sent.length = 0;
  mail.refusing = 100;
  // A cancellation the next refresh raises (a change it wrote, or one a failed raise left).
  await store.db
    .insertInto('centre_change')
    .values({
      connection_id: connection.id,
      centre_id: 201,
      at: new Date(clock),
      kind: 'contract',
      before: JSON.stringify({ status: 'ACTIVE' }),
      after: JSON.stringify({ status: 'INACTIVE' }),
    })
    .execute();
  clock += 60_000;
  const cancelled = (await refresh()).find((a) => a.rule === 'cancelled');
  // The quiet admin turned off suspensions only: cancellations reach all three.
  expect(cancelled).toMatchObject({ emails: 3 });
  await world.watcher.deliver('immediate');
  await vi.waitFor(async () => expect(await failedDeliveries(store.db, connection.id)).toHaveLength(3), {
    timeout: 20_000,
    interval: 200,
  });
  expect(
    (await failedDeliveries(store.db, connection.id)).map((d) => [
      d.alert_id,
      d.status,
      d.attempts,
      d.last_error_code,
    ]),
  ).toEqual([
    [cancelled?.id, 'failed', 3, 'ECONNECTION'],
    [cancelled?.id, 'failed', 3, 'ECONNECTION'],
    [cancelled?.id, 'failed', 3, 'ECONNECTION'],
  ]);
  expect(sent).toEqual([]);
  mail.refusing = 0;
}, 60_000);

test('the daily digest gathers a person’s runs of the day into one message, in their language', async () => {
  sent.length = 0;
  await store.db.updateTable('person').set({ alert_language: 'es' }).where('id', '=', people.sofia).execute();
  await store.db
    .insertInto('alert_preference')
    .values(
      ['trial_ending', 'pending_change'].map((rule) => ({
        person_id: people.sofia,
        rule,
        inbox: true,
        email: true,
      })),
    )
    .execute();
  // Two raises of the day, each owing her a digest.
  const picked = [
    ...(await digestOwed(people.sofia, ['trial_ending'], 'digest-a')),
    ...(await digestOwed(people.sofia, ['pending_change'], 'digest-b')),
  ];
  expect(await world.watcher.deliver('digest')).toEqual({ dispatched: 2 });
  await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000, interval: 100 });
  // Its links name the connection the alerts came from (issue 47 item 4).
  expect(sent[0]).toMatchObject({
    to: 'sofia@example.org',
    kind: 'digest',
    language: 'es',
    total: 2,
    connectionId: connection.id,
  });
  expect(sent[0]?.alerts.map((a) => a.id).sort()).toEqual(picked.sort());
  // Dispatched: the next digest has nothing of hers.
  expect(await world.watcher.deliver('digest')).toEqual({ dispatched: 0 });
}, 60_000);

test('a digest of 250 alerts is one e-mail naming the worst 20 and counting all of them', async () => {
  sent.length = 0;
  await store.db
    .insertInto('alert_preference')
    .values({ person_id: people.oscar, rule: 'trial_ending', inbox: true, email: true })
    .execute();
  await digestOwed(
    people.oscar,
    Array.from({ length: 250 }, () => 'trial_ending'),
    'batch-test',
  );
  await world.watcher.deliver('digest');
  await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000, interval: 100 });
  expect(sent.map((m) => [m.to, m.alerts.length, m.total, m.centres])).toEqual([
    ['oscar@example.org', 20, 250, 1],
  ]);
}, 60_000);
