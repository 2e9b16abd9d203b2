// A connection's chat webhook end to end on the embedded engine (docs/decisions/0026, 0027): the
// watcher's refresh raises the alerts, `raiseAlerts` owes one post per run and kind when the
// connection has a webhook, and its pg-boss job posts it through the real poster to a real HTTP
// server on loopback; pg-boss retries a refused post and dead-letters it for admins. Also:
// ADMIN_EMAILS' admins receive.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { freshDataDir } from '../../../../scripts/data-dir.ts';
import { openStore, type Store } from '../../core/store/engine.ts';
import { createWebhookStore, type WebhookStore } from '../connections/webhook-repository.ts';
import type { SlackPayload } from '../mail/webhook.ts';
import { postToWebhook } from '../mail/webhook.ts';
import type { Connection } from '../people/directory.ts';
import { createSecretBox } from '../../core/store/secret-box.ts';
import {
  addConnection,
  countedSimulator,
  startWatchWorld,
  type WatchWorld,
} from '../../testing/watch-world.ts';
import type { EmailMessage, WebhookMessage } from './channels.ts';
import { failedDeliveries } from './delivery.ts';
import { createAlertInbox } from './inbox.ts';

let store: Store;
let remove: () => void;
let world: WatchWorld;
let connection: Connection;
let webhooks: WebhookStore;
const upstream = countedSimulator();
let clock = Date.now();
const emails: EmailMessage[] = [];

/** The chat: a real HTTP server that keeps each post and answers `peer.status`. */
const posts: { path: string; body: SlackPayload }[] = [];
const peer = { status: 200 };
const chat = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    posts.push({
      path: request.url ?? '',
      body: JSON.parse(Buffer.concat(chunks).toString()) as SlackPayload,
    });
    response.writeHead(peer.status).end(peer.status === 200 ? 'ok' : 'no');
  });
});
/** The part of the URL that is the secret: it must appear nowhere but in the post's request line. */
const secret = `T0001/B0002/${randomBytes(12).toString('hex')}`;
let hookUrl = '';
let hookHost = '';

const channels = {
  async email(message: EmailMessage) {
    emails.push(message);
  },
  // What the app wires (features/mail/channels.ts): the real poster.
  webhook: (message: WebhookMessage) =>
    postToWebhook(message.url, message.alerts, message.language, {
      consoleOrigin: 'https://console.example',
      ...(message.key && { scope: { key: message.key } }),
    }),
};
const people = { ana: '', sofia: '', root: '' };

beforeAll(async () => {
  await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
  const { port } = chat.address() as AddressInfo;
  hookHost = `127.0.0.1:${port}`;
  hookUrl = `http://${hookHost}/services/${secret}`;
  const data = await freshDataDir();
  remove = data.remove;
  store = await openStore({ dataDir: data.dir });
  webhooks = createWebhookStore(store.db, createSecretBox(randomBytes(32)));
  world = await startWatchWorld(store, upstream, {
    channels,
    now: () => clock,
    webhooks,
    adminEmails: new Set(['root@example.org']),
  });
  connection = await addConnection(world.directory);
  const ana = await world.directory.ensurePerson({ email: 'ana@example.org', invitedBy: null, at: clock });
  await world.directory.grant(ana.id, { connectionId: connection.id, role: 'admin' }, null, clock);
  const sofia = await world.directory.ensurePerson({
    email: 'sofia@example.org',
    invitedBy: null,
    at: clock,
  });
  await world.directory.grant(sofia.id, { connectionId: connection.id, role: 'support' }, null, clock);
  // An admin of every connection by ADMIN_EMAILS: a person (signed in once), with no role stored.
  const root = await world.directory.ensurePerson({ email: 'root@example.org', invitedBy: null, at: clock });
  people.ana = ana.id;
  people.sofia = sofia.id;
  people.root = root.id;
  // The watcher's queue retries four times from a minute apart (docs/decisions/0026); here twice, a
  // second apart, so that a refused post is given up within the test.
  await world.watcher.boss.updateQueue('alert-message', {
    retryLimit: 2,
    retryDelay: 1,
    retryBackoff: false,
  });
  // The connection's only admin with a membership writes Spanish: the chat's language.
  await store.db.updateTable('person').set({ alert_language: 'es' }).where('id', '=', ana.id).execute();
}, 120_000);

afterAll(async () => {
  await world?.watcher.stop();
  await store?.close();
  remove?.();
  await new Promise<void>((resolve) => chat.close(() => resolve()));
}, 60_000);

const refresh = async () => {
  clock += 60_000;
  const done = world.refreshed(connection.id);
  expect(await world.watcher.refresh(connection.id)).toBe(true);
  await done;
  return world.runs.at(-1)?.alerts ?? [];
};
const suspend = (centre: number, suspended: boolean) =>
  upstream.control(`/providers/${centre}/suspension`, { suspended });
/** Dispatches what is owed now (the raise's nudge may have) and waits until `count` posts arrived. */
const settle = async (count: number) => {
  await world.watcher.deliver('immediate');
  await vi.waitFor(() => expect(posts.length).toBe(count), { timeout: 10_000, interval: 100 });
};
const failed = async (alertId: number) =>
  (await failedDeliveries(store.db, connection.id)).filter((d) => d.alert_id === alertId);

test('without a webhook no webhook delivery is written; an ADMIN_EMAILS admin gets the inbox row and the e-mail', async () => {
  await refresh();
  await suspend(201, true);
  const raised = (await refresh()).filter((a) => a.rule === 'suspended');
  expect(raised.map((a) => [a.centreId, a.webhooks])).toEqual([[201, 0]]);
  const alertId = raised[0]?.id ?? -1;
  const inbox = await store.db
    .selectFrom('alert_inbox')
    .selectAll()
    .where('alert_id', '=', alertId)
    .execute();
  expect(inbox.map((r) => r.person_id).sort()).toEqual([people.ana, people.root, people.sofia].sort());
  // Root's inbox on the connection (what GET /alerts answers him) lists it.
  const rootInbox = await createAlertInbox(store.db).list(people.root, connection.id, 10);
  const rootSuspensions = rootInbox.items.filter((item) => item.rule === 'suspended');
  expect(rootSuspensions.map((item) => [item.id, item.rule, item.centreId])).toEqual([
    [alertId, 'suspended', 201],
  ]);
  await world.watcher.deliver('immediate');
  await vi.waitFor(() => expect(emails).toHaveLength(3), { timeout: 10_000, interval: 100 });
  expect(emails.map((m) => [m.to, m.alerts.map((a) => a.id)]).sort()).toEqual([
    ['ana@example.org', [alertId]],
    ['root@example.org', [alertId]],
    ['sofia@example.org', [alertId]],
  ]);
  expect(posts).toHaveLength(0);
}, 60_000);

test('with a webhook an immediate alert is one post, in the admins’ language, counted in the audit entry; the URL is in no row', async () => {
  expect(await webhooks.set(connection.id, hookUrl, clock)).toBe(true);
  posts.length = 0;
  await suspend(203, true);
  const raised = (await refresh()).filter((a) => a.rule === 'suspended');
  expect(raised.map((a) => [a.centreId, a.webhooks])).toEqual([[203, 1]]);
  const alertId = raised[0]?.id ?? -1;
  await settle(1);
  expect(posts[0]?.path).toBe(`/services/${secret}`);
  expect(posts[0]?.body.text).toBe('Consultorio Chamberí ha sido suspendido');
  expect(posts[0]?.body.blocks).toHaveLength(1);
  const audit = await store.db
    .selectFrom('audit_entry')
    .select('detail')
    .where('action', '=', 'alert.raised')
    .where('centre_id', '=', 203)
    .execute();
  expect(audit.map((e) => e.detail)).toEqual([expect.objectContaining({ alertId, webhooks: 1, emails: 3 })]);
  // Nothing kept says where it went: not the job, not a row.
  const jobs = await sql`select data from pgboss.job where name like 'alert-%'`.execute(store.db);
  expect(jobs.rows.length).toBeGreaterThan(0);
  const kept = JSON.stringify([
    jobs.rows,
    await store.db.selectFrom('alert_delivery').selectAll().execute(),
    await store.db.selectFrom('audit_entry').selectAll().execute(),
    await store.db.selectFrom('connection').selectAll().execute(),
  ]);
  expect(kept).not.toContain(secret.split('/')[2]);
  // A later run finds nothing to post.
  await world.watcher.deliver('immediate');
  expect(posts).toHaveLength(1);
}, 60_000);

test('three alerts of one run are one post naming them all (the daily digest)', async () => {
  posts.length = 0;
  for (const centre of [201, 202, 203]) await suspend(centre, false); // oxlint-disable-line no-await-in-loop
  const raised = (await refresh()).filter((a) => a.rule === 'reinstated');
  expect(raised.map((a) => [a.centreId, a.webhooks]).sort()).toEqual([
    [201, 1],
    [202, 1],
    [203, 1],
  ]);
  // Digest alerts wait for the day's run: the immediate one posts nothing.
  await world.watcher.deliver('immediate');
  expect(posts).toHaveLength(0);
  expect(await world.watcher.deliver('digest')).toEqual({ dispatched: 1 });
  await vi.waitFor(() => expect(posts).toHaveLength(1), { timeout: 10_000, interval: 100 });
  const text = posts[0]?.body.text ?? '';
  for (const name of ['Hospital Castellana', 'Clínica Retiro', 'Consultorio Chamberí'])
    expect(text).toContain(`${name} ha sido rehabilitado`);
  // A later digest owes nothing more.
  expect(await world.watcher.deliver('digest')).toEqual({ dispatched: 0 });
}, 60_000);

test('a chat answering 500: pg-boss retries the post, then dead-letters it, shown to admins by host only', async () => {
  peer.status = 500;
  posts.length = 0;
  await suspend(202, true);
  const alertId = (await refresh()).find((a) => a.rule === 'suspended')?.id ?? -1;
  await world.watcher.deliver('immediate');
  // Listed as failed from its first failure; given up after its third attempt.
  await vi.waitFor(
    async () => expect(await failed(alertId)).toEqual([expect.objectContaining({ attempts: 3 })]),
    { timeout: 20_000, interval: 200 },
  );
  // Three attempts, then given up: no more posts however long one waits.
  expect(posts).toHaveLength(3);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(posts).toHaveLength(3);
  expect(await failed(alertId)).toEqual([
    expect.objectContaining({
      channel: 'webhook',
      email: null,
      webhook_host: hookHost,
      status: 'failed',
      attempts: 3,
      last_error_code: 'unreachable',
    }),
  ]);
  expect(JSON.stringify(await failedDeliveries(store.db, connection.id))).not.toContain(secret.split('/')[2]);
  peer.status = 200;
}, 60_000);

test('"Send again" is one attempt now, answered with what came of it: failed again counts one more attempt; sent leaves the list', async () => {
  const row = (await failedDeliveries(store.db, connection.id)).find((d) => d.channel === 'webhook');
  if (!row) throw new Error('the dead-lettered post of the test above');
  posts.length = 0;
  peer.status = 500;
  const again = await world.watcher.sendAgain(connection.id, row.id);
  expect(again).toMatchObject({ outcome: 'failed', row: { status: 'failed', attempts: row.attempts + 1 } });
  expect(posts).toHaveLength(1);
  // Still listed, with the attempt counted and its error, and no job of the queue's behind it.
  expect((await failed(row.alert_id)).map((d) => [d.status, d.attempts, d.last_error_code])).toEqual([
    // By its class only (issue 46 M1): an answering peer's 500 is `unreachable`, as the queue's were.
    ['failed', row.attempts + 1, 'unreachable'],
  ]);
  peer.status = 200;
  expect(await world.watcher.sendAgain(connection.id, row.id)).toMatchObject({ outcome: 'sent' });
  expect(posts).toHaveLength(2);
  expect(await failed(row.alert_id)).toEqual([]);
  // Sent: nothing to send again, and the queue does not post it once more.
  expect(await world.watcher.sendAgain(connection.id, row.id)).toBeUndefined();
  await world.watcher.deliver('immediate');
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(posts).toHaveLength(2);
}, 60_000);

test('a webhook cleared after the alert was raised: the delivery fails with no_webhook, nothing is posted', async () => {
  posts.length = 0;
  await suspend(202, false);
  const raised = (await refresh()).filter((a) => a.rule === 'reinstated');
  expect(raised.map((a) => a.webhooks)).toEqual([1]);
  expect(await webhooks.set(connection.id, null, clock)).toBe(true);
  await world.watcher.deliver('digest');
  // Final at once: there is nothing to post to until an admin sets a webhook again.
  await vi.waitFor(async () => expect(await failed(raised[0]?.id ?? -1)).toHaveLength(1), {
    timeout: 10_000,
    interval: 200,
  });
  expect(await failed(raised[0]?.id ?? -1)).toEqual([
    expect.objectContaining({ status: 'failed', attempts: 1, last_error_code: 'no_webhook' }),
  ]);
  expect(posts).toHaveLength(0);
  // And an alert raised now writes no webhook row.
  await suspend(201, true);
  expect((await refresh()).filter((a) => a.rule === 'suspended').map((a) => a.webhooks)).toEqual([0]);
}, 60_000);

test('admins split between two languages: the chat is written in English', async () => {
  expect(await webhooks.set(connection.id, hookUrl, clock)).toBe(true);
  const pere = await world.directory.ensurePerson({ email: 'pere@example.org', invitedBy: null, at: clock });
  await world.directory.grant(pere.id, { connectionId: connection.id, role: 'admin' }, null, clock);
  await store.db.updateTable('person').set({ alert_language: 'ca' }).where('id', '=', pere.id).execute();
  posts.length = 0;
  await suspend(203, true);
  expect((await refresh()).filter((a) => a.rule === 'suspended')).toHaveLength(1);
  await settle(1);
  expect(posts.map((p) => p.body.text)).toEqual(['Consultorio Chamberí was suspended']);
}, 60_000);
