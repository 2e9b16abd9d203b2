// Issue 46's "done when": a proxy killed (SIGKILL) in the middle of raising a storm's alerts loses
// none of them. The raise runs in a process of its own (testing/raise-child.ts) that is killed
// while its transaction holds half the alerts; PostgreSQL rolls the transaction back, the cursor
// has not moved (docs/decisions/0026), and the next raise writes every alert once.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openStore, type Store } from '../../core/store/engine.ts';
import { createSecretBox } from '../../core/store/secret-box.ts';
import { testCentreState } from '../../testing/centre-state.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { addConnection } from '../../testing/watch-world.ts';
import type { Connection, Directory } from '../people/directory.ts';
import { createSqlDirectory } from '../people/repository.ts';
import { raiseAlerts } from './raise.ts';

const centres = 1_000;
const key = randomBytes(32);
let server: PostgresServer;
let url: string;
let store: Store;
let directory: Directory;
let connection: Connection;

beforeAll(async () => {
  server = await startPostgresServer();
  url = await server.createDatabase('kill');
  store = await openStore({ databaseUrl: url, dataDir: '' });
  directory = createSqlDirectory(store.db, createSecretBox(key));
  connection = await addConnection(directory);
  for (const name of ['ana', 'luis', 'sofia', 'oscar']) {
    // oxlint-disable-next-line no-await-in-loop -- four rows
    const person = await directory.ensurePerson({
      email: `${name}@example.org`,
      invitedBy: null,
      at: Date.now(),
    });
    // oxlint-disable-next-line no-await-in-loop -- as above
    await directory.grant(person.id, { connectionId: connection.id, role: 'support' }, null, Date.now());
  }
  const at = new Date();
  const ids = Array.from({ length: centres }, (_, n) => 20_000 + n);
  await store.db
    .insertInto('centre_snapshot')
    .values(
      ids.map((id) => ({
        connection_id: connection.id,
        centre_id: id,
        name: `Centre ${id}`,
        listed: true,
        billing: 'PROCESSOR',
        contract: 'processor',
        contract_status: null,
        suspended: true,
        state: JSON.stringify(testCentreState({ suspended: true })),
        fetched_at: at,
        changed_at: at,
      })),
    )
    .execute();
  await store.db
    .insertInto('centre_change')
    .values(
      ids.map((id) => ({
        connection_id: connection.id,
        centre_id: id,
        at,
        kind: 'suspension',
        before: 'false',
        after: 'true',
      })),
    )
    .execute();
  // Half-way through the alerts, the raise stalls long enough to be killed there.
  await sql`create function stall() returns trigger language plpgsql as $$
    begin
      if (select count(*) from alert) >= ${sql.lit(centres / 2)} then perform pg_sleep(3); end if;
      return null;
    end $$`.execute(store.db);
  await sql`create trigger stall after insert on alert for each statement execute function stall()`.execute(
    store.db,
  );
}, 120_000);

afterAll(async () => {
  await store?.close();
  await server?.destroy();
}, 60_000);

test('a raise killed half-way leaves nothing; the next raise writes every alert once', async () => {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, '../../testing/raise-child.ts'), url, connection.id, key.toString('hex')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_, signal) => resolve(signal)),
  );
  // Killed once its transaction sleeps with half the alerts written.
  let stalled = false;
  for (let tries = 0; tries < 300 && !stalled; tries += 1) {
    // oxlint-disable-next-line no-await-in-loop -- polling the server for the stalled raise
    const active = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where wait_event = 'PgSleep'`.execute(store.db);
    stalled = (active.rows[0]?.n ?? 0) > 0;
    // oxlint-disable-next-line no-await-in-loop -- as above
    if (!stalled) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(stalled).toBe(true);
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  await sql`drop trigger stall on alert`.execute(store.db);
  // The dead process's transaction ends with its backend; this raise waits for its lock, then runs.
  const raised = await raiseAlerts(store.db, directory, connection, new Date(), Date.now());
  expect(raised).toHaveLength(centres);
  const perPerson = await store.db
    .selectFrom('alert_inbox')
    .select(['person_id', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('person_id')
    .execute();
  expect(perPerson.map((row) => Number(row.n))).toEqual([centres, centres, centres, centres]);
  expect(await raiseAlerts(store.db, directory, connection, new Date(), Date.now())).toEqual([]);
}, 120_000);
