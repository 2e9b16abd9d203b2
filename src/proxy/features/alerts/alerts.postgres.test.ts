// Two proxies on one PostgreSQL (docs/decisions/0026): both raising the same refresh's alerts at
// once write each alert once and fan it out once (the cursor's lock and the unique key, not a
// read-then-write), and both dispatching and working the queue at once deliver each e-mail once and
// post to the connection's chat webhook once (an outbox row becomes one job; a job runs on one
// worker). Migration 0006's constraints, and the way back down from 0008.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { silentLogger } from '../../core/http/context.ts';
import { openStore, type Store } from '../../core/store/engine.ts';
import { migrations } from '../../core/store/migrations/index.ts';
import { createWebhookStore } from '../connections/webhook-repository.ts';
import { postToWebhook } from '../mail/webhook.ts';
import { createSqlDirectory } from '../people/repository.ts';
import { createWatchRepository } from '../watch/repository.ts';
import type { Connection, Directory } from '../people/directory.ts';
import { createSecretBox } from '../../core/store/secret-box.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { addConnection, countedSimulator, demoEnvironment } from '../../testing/watch-world.ts';
import { refreshConnection } from '../watch/refresh.ts';
import type { EmailMessage, WebhookMessage } from './channels.ts';
import { startAlertQueues } from './queue.ts';
import { raiseAlerts } from './raise.ts';

let server: PostgresServer;
const stores: Store[] = [];
const directories: Directory[] = [];
const upstream = countedSimulator();
const key = randomBytes(32);
let connection: Connection;
const now = Date.now();
/** The connection's chat: a real HTTP server on loopback, as slow as a chat service, counting posts. */
const posts: string[] = [];
const chat = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    posts.push(Buffer.concat(chunks).toString());
    setTimeout(() => response.end('ok'), 50);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
  server = await startPostgresServer();
  const url = await server.createDatabase('alerts');
  for (const _ of [1, 2]) {
    // oxlint-disable-next-line no-await-in-loop -- the second instance starts on a migrated database
    const store = await openStore({ databaseUrl: url, dataDir: '' });
    stores.push(store);
    directories.push(createSqlDirectory(store.db, createSecretBox(key)));
  }
  const [directory] = directories;
  if (!directory) throw new Error('two instances');
  connection = await addConnection(directory);
  for (const name of ['sofia', 'oscar']) {
    // oxlint-disable-next-line no-await-in-loop -- two rows
    const person = await directory.ensurePerson({ email: `${name}@example.org`, invitedBy: null, at: now });
    // oxlint-disable-next-line no-await-in-loop -- as above
    await directory.grant(person.id, { connectionId: connection.id, role: 'support' }, null, now);
  }
  const { port } = chat.address() as AddressInfo;
  await webhookStore(0).set(connection.id, `http://127.0.0.1:${port}/hooks/one`, now);
}, 120_000);

afterAll(async () => {
  for (const store of stores) await store.close(); // oxlint-disable-line no-await-in-loop
  await server?.destroy();
  await new Promise<void>((resolve) => chat.close(() => resolve()));
}, 60_000);

/** Each instance's view of the sealed webhooks (one deployment key, as DATA_ENCRYPTION_KEY is). */
const webhookStore = (instance: number) => {
  const db = stores[instance]?.db;
  if (!db) throw new Error('an instance');
  return createWebhookStore(db, createSecretBox(key));
};

/** A refresh without the watcher's own raising: the two instances below raise its alerts. */
const refresh = async (at: number) => {
  const [store, directory] = [stores[0], directories[0]];
  if (!store || !directory) throw new Error('two instances');
  return refreshConnection(
    {
      directory,
      repository: createWatchRepository(store.db),
      transport: upstream.transport,
      concurrency: 3,
      tokenTimeoutMs: 5_000,
      apiTimeoutMs: 5_000,
      maxAnswerBytes: 16 * 1024 * 1024,
      backoff: { baseMs: 200, maxMs: 5_000, attempts: 3 },
      now: () => at,
      log: silentLogger,
    },
    connection,
    demoEnvironment,
  );
};
const both = <T>(run: (store: Store, directory: Directory) => Promise<T>) =>
  Promise.all(stores.map((store, i) => run(store, directories[i] as Directory)));

test('two instances raise a suspension’s alert at once: one alert, one inbox row and one e-mail per person, one webhook post, one audit entry', async () => {
  await refresh(now);
  await upstream.control('/providers/201/suspension', { suspended: true });
  const at = now + 60_000;
  expect((await refresh(at)).outcome).toBe('ok');
  const raised = await both((store, directory) =>
    raiseAlerts(store.db, directory, connection, new Date(at), at + 1_000),
  );
  const suspended = raised.flat().filter((a) => a.rule === 'suspended');
  expect(suspended.map((a) => a.centreId)).toEqual([201]);
  const db = stores[0]?.db;
  if (!db) throw new Error('a store');
  const alerts = await db.selectFrom('alert').selectAll().where('rule', '=', 'suspended').execute();
  expect(alerts).toHaveLength(1);
  const id = alerts[0]?.id ?? -1;
  expect(await db.selectFrom('alert_inbox').selectAll().where('alert_id', '=', id).execute()).toHaveLength(2);
  // One message owed per person and one chat post, whichever instance raised.
  const owed = await db.selectFrom('alert_outbox').selectAll().where('kind', '=', 'immediate').execute();
  expect(owed.map((d) => d.channel).sort()).toEqual(['email', 'email', 'webhook']);
  expect(suspended[0]).toMatchObject({ inbox: 2, emails: 2, webhooks: 1 });
  const audit = await db
    .selectFrom('audit_entry')
    .select('id')
    .where('action', '=', 'alert.raised')
    .where('subject', '=', 'suspended')
    .execute();
  expect(audit).toHaveLength(1);
  // Every alert of this refresh, whichever instance wrote it, was written by one only.
  const all = raised.flat();
  expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
}, 90_000);

test('two instances send at once: each e-mail goes once, and the chat gets one post', async () => {
  const sent: EmailMessage[] = [];
  const channels = {
    async email(message: EmailMessage) {
      // As long as an SMTP round trip: both claims overlap in time.
      await new Promise((resolve) => setTimeout(resolve, 50));
      sent.push(message);
    },
    webhook: (message: WebhookMessage) =>
      postToWebhook(message.url, message.alerts, message.language, {
        consoleOrigin: 'https://console.example',
      }),
  };
  const bosses = await both(async (store) => {
    const boss = new PgBoss({ connectionString: store.engine.connectionString, max: 2 });
    boss.on('error', () => undefined);
    await boss.start();
    const queues = await startAlertQueues(boss, {
      db: store.db,
      channels,
      webhookUrl: webhookStore(stores.indexOf(store)).url,
      now: () => now + 120_000,
      log: silentLogger,
      schedule: false,
      pollingIntervalSeconds: 0.5,
    });
    return { boss, queues };
  });
  try {
    // Both dispatch at once: each outbox row becomes one job, on one of them.
    const dispatched = await Promise.all(bosses.map(({ queues }) => queues.run('immediate')));
    expect(dispatched.reduce((sum, r) => sum + r.dispatched, 0)).toBe(3);
    await vi.waitFor(() => expect(sent.length + posts.length).toBe(3), { timeout: 20_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  } finally {
    await Promise.all(bosses.map(({ boss }) => boss.stop({ graceful: true, timeout: 5_000 })));
  }
  // Two e-mails and one post, whichever instance sent each.
  expect(sent.map((m) => m.to).sort()).toEqual(['oscar@example.org', 'sofia@example.org']);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toContain('Hospital Castellana');
}, 60_000);

test('migration 0006: an e-mail row names a person, a webhook row none, and an alert has one webhook delivery', async () => {
  const db = stores[0]?.db;
  if (!db) throw new Error('a store');
  const [alert] = await db.selectFrom('alert').select('id').where('rule', '=', 'suspended').execute();
  const [person] = await db.selectFrom('person').select('id').execute();
  if (!alert || !person) throw new Error('an alert and a person');
  const insert = (personId: string | null, channel: string) =>
    db
      .insertInto('alert_delivery')
      .values({ alert_id: alert.id, person_id: personId, channel, kind: 'immediate' })
      .execute();
  // A dead-lettered post of the alert (what admins read), then a second one for the same alert.
  await insert(null, 'webhook');
  await expect(insert(null, 'webhook')).rejects.toThrow(/alert_delivery_one_webhook/);
  await expect(insert(null, 'email')).rejects.toThrow(/alert_delivery_recipient/);
  await expect(insert(person.id, 'webhook')).rejects.toThrow(/alert_delivery_recipient/);
}, 60_000);

test('migration 0006 goes down, 0008 and 0007 first (webhook rows dropped, person required again), and up again', async () => {
  const store = await openStore({ databaseUrl: await server.createDatabase('down'), dataDir: '' });
  try {
    const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations } });
    const required = async () =>
      (
        await sql<{ is_nullable: string }>`select is_nullable from information_schema.columns
          where table_name = 'alert_delivery' and column_name = 'person_id'`.execute(store.db)
      ).rows[0]?.is_nullable;
    expect(await required()).toBe('YES');
    const owner = await addConnection(createSqlDirectory(store.db, createSecretBox(key)));
    const [alert] = await store.db
      .insertInto('alert')
      .values({
        connection_id: owner.id,
        centre_id: 201,
        rule: 'suspended',
        dedupe_key: 'down-test',
        raised_at: new Date(now),
        payload: JSON.stringify({}),
      })
      .returning('id')
      .execute();
    if (!alert) throw new Error('an alert');
    await store.db
      .insertInto('alert_delivery')
      .values({ alert_id: alert.id, person_id: null, channel: 'webhook', kind: 'immediate' })
      .execute();
    const down = await migrator.migrateTo('0005-connection-webhook');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ['0010-person-time-zone', 'Success'],
      ['0009-client-signing-key', 'Success'],
      ['0008-alert-jobs', 'Success'],
      ['0007-watch-retention', 'Success'],
      ['0006-webhook-deliveries', 'Success'],
    ]);
    expect(await required()).toBe('NO');
    expect(await store.db.selectFrom('alert_delivery').select('id').execute()).toEqual([]);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await required()).toBe('YES');
  } finally {
    await store.close();
  }
}, 60_000);
