// Two proxies on one PostgreSQL (docs/decisions/0026): both raising the same refresh's alerts at
// once write each alert once and fan it out once (the unique key, not a read-then-write), and both
// sending at once deliver each e-mail once (the claim).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { silentLogger } from '../context.ts';
import { openStore, type Store } from '../db/engine.ts';
import { createSqlDirectory } from '../db/people-repository.ts';
import { createWatchRepository } from '../db/watch-repository.ts';
import type { Connection, Directory } from '../people/directory.ts';
import { createSecretBox } from '../secret-box.ts';
import { startPostgresServer, type PostgresServer } from '../testing/postgres-server.ts';
import { addConnection, countedSimulator, demoEnvironment } from '../testing/watch-world.ts';
import { refreshConnection } from '../watch/refresh.ts';
import type { EmailMessage } from './channels.ts';
import { deliverDue } from './delivery.ts';
import { raiseAlerts } from './raise.ts';

let server: PostgresServer;
const stores: Store[] = [];
const directories: Directory[] = [];
const upstream = countedSimulator();
const key = randomBytes(32);
let connection: Connection;
const now = Date.now();

beforeAll(async () => {
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
}, 120_000);

afterAll(async () => {
  for (const store of stores) await store.close(); // oxlint-disable-line no-await-in-loop
  await server?.destroy();
}, 60_000);

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

test('two instances raise a suspension’s alert at once: one alert, one inbox row and one e-mail per person, one audit entry', async () => {
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
  expect(await db.selectFrom('alert_delivery').selectAll().where('alert_id', '=', id).execute()).toHaveLength(
    2,
  );
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

test('two instances send at once: each e-mail goes once', async () => {
  const sent: EmailMessage[] = [];
  const channels = {
    async email(message: EmailMessage) {
      // As long as an SMTP round trip: both claims overlap in time.
      await new Promise((resolve) => setTimeout(resolve, 50));
      sent.push(message);
    },
  };
  const results = await both((store) =>
    deliverDue({ db: store.db, channels, now: () => now + 120_000 }, 'immediate'),
  );
  expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
  expect(sent.map((m) => m.to).sort()).toEqual(['oscar@example.org', 'sofia@example.org']);
}, 60_000);
