// Alerts end to end on the embedded engine (docs/decisions/0026): the watcher's refresh raises them
// once, fans them out per person and preference, logs them, and the delivery queue sends the
// e-mails through the Channels it was given, retrying a refusal with backoff.
import { afterAll, beforeAll, expect, test } from 'vitest';
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
const rows = (table: 'alert' | 'alert_inbox' | 'alert_delivery') =>
  store.db.selectFrom(table).selectAll().execute();

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
  const deliveries = (await rows('alert_delivery')).filter((r) => r.alert_id === alert.id);
  expect(deliveries.map((d) => [d.kind, d.status])).toEqual([
    ['immediate', 'pending'],
    ['immediate', 'pending'],
  ]);
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
}, 60_000);

test('an e-mail refused by the mail server is retried after its backoff, then sent once', async () => {
  // The immediate job the raise sent may have run already: start from what is still pending.
  sent.length = 0;
  await store.db
    .updateTable('alert_delivery')
    .set({ status: 'pending', attempts: 0, next_at: new Date(clock) })
    .execute();
  mail.refusing = 2;
  expect(await world.watcher.deliver('immediate')).toEqual({ sent: 0, failed: 2 });
  let pending = await rows('alert_delivery');
  expect(pending.map((d) => [d.status, d.attempts, d.last_error_code])).toEqual([
    ['pending', 1, 'ECONNECTION'],
    ['pending', 1, 'ECONNECTION'],
  ]);
  // Not due before its backoff (one minute after the first attempt).
  expect(await world.watcher.deliver('immediate')).toEqual({ sent: 0, failed: 0 });
  clock += 61_000;
  expect(await world.watcher.deliver('immediate')).toEqual({ sent: 2, failed: 0 });
  expect(
    sent.map((m) => [m.to, m.kind, m.language, m.alerts.map((a) => [a.rule, a.centreId])]).sort(),
  ).toEqual([
    ['oscar@example.org', 'immediate', 'en', [['suspended', 201]]],
    ['sofia@example.org', 'immediate', 'en', [['suspended', 201]]],
  ]);
  expect(sent[0]?.alerts[0]?.centreName).toBeTruthy();
  pending = await rows('alert_delivery');
  expect(pending.every((d) => d.status === 'sent' && d.attempts === 2 && d.sent_at !== null)).toBe(true);
  clock += 10 * 60_000;
  expect(await world.watcher.deliver('immediate')).toEqual({ sent: 0, failed: 0 });
}, 60_000);

test('past its last attempt a delivery stays failed', async () => {
  await store.db
    .updateTable('alert_delivery')
    .set({ status: 'pending', attempts: 4, next_at: new Date(clock) })
    .execute();
  mail.refusing = 10;
  expect(await world.watcher.deliver('immediate')).toEqual({ sent: 0, failed: 2 });
  expect((await rows('alert_delivery')).map((d) => [d.status, d.attempts])).toEqual([
    ['failed', 5],
    ['failed', 5],
  ]);
  mail.refusing = 0;
}, 60_000);

test('the daily digest gathers each person’s pending digest rows into one message, in their language', async () => {
  sent.length = 0;
  // Two alerts for her digest (what a trial ending and a pending change would raise).
  const picked = await store.db
    .insertInto('alert')
    .values(
      ['trial_ending', 'pending_change'].map((rule, n) => ({
        connection_id: connection.id,
        centre_id: 201,
        rule,
        dedupe_key: `digest-test:${n}`,
        raised_at: new Date(clock),
        payload: JSON.stringify({ centreName: 'Centre 201' }),
      })),
    )
    .returning('id')
    .execute();
  await store.db.updateTable('person').set({ alert_language: 'es' }).where('id', '=', people.sofia).execute();
  await store.db
    .insertInto('alert_delivery')
    .values(
      picked.map((a) => ({
        alert_id: a.id,
        person_id: people.sofia,
        channel: 'email',
        kind: 'digest',
        next_at: new Date(clock),
      })),
    )
    .execute();
  expect(await world.watcher.deliver('digest')).toEqual({ sent: 1, failed: 0 });
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ to: 'sofia@example.org', kind: 'digest', language: 'es' });
  expect(sent[0]?.alerts.map((a) => a.id).sort()).toEqual(picked.map((a) => a.id).sort());
  // Sent: the next digest has nothing of hers.
  expect(await world.watcher.deliver('digest')).toEqual({ sent: 0, failed: 0 });
}, 60_000);

test('a digest with more rows than one batch (200) is sent in the same run', async () => {
  sent.length = 0;
  const picked = await store.db
    .insertInto('alert')
    .values(
      Array.from({ length: 250 }, (_, n) => ({
        connection_id: connection.id,
        centre_id: 201,
        rule: 'trial_ending',
        dedupe_key: `batch-test:${n}`,
        raised_at: new Date(clock),
        payload: JSON.stringify({ centreName: 'Centre 201' }),
      })),
    )
    .returning('id')
    .execute();
  await store.db
    .insertInto('alert_delivery')
    .values(
      picked.map((a) => ({
        alert_id: a.id,
        person_id: people.oscar,
        channel: 'email',
        kind: 'digest',
        next_at: new Date(clock),
      })),
    )
    .execute();
  expect(await world.watcher.deliver('digest')).toEqual({ sent: 2, failed: 0 });
  expect(sent.map((m) => [m.to, m.alerts.length])).toEqual([
    ['oscar@example.org', 200],
    ['oscar@example.org', 50],
  ]);
}, 60_000);
