import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSqlAuditStore } from '../../features/audit/repository.ts';
import { openStore } from './engine.ts';
import { DatabaseStartError } from './errors.ts';
import { migrations } from './migrations/index.ts';
import { entry } from '../../testing/audit-store-suite.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { spawnProxy } from '../../testing/process.ts';
import { freePort } from '../../testing/ports.ts';

/** Required beside DATABASE_URL (docs/decisions/0023); its value does not matter here. */
const dataKey = Buffer.alloc(32, 7).toString('base64');

// The store of record on a real PostgreSQL that the test starts (docs/decisions/0018): migrations
// under a lock, a refusal to run on a newer schema or without a database, append-only rows.

let server: PostgresServer;
let databases = 0;
const database = () => server.createDatabase(`engine_${++databases}`);

beforeAll(async () => {
  server = await startPostgresServer({ own: true });
}, 120_000);
afterAll(() => server?.destroy());

describe('migrations', () => {
  test('four proxies starting together on a new database apply each migration once', async () => {
    const url = await database();
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => openStore({ databaseUrl: url, dataDir: '' })),
    );
    const [first] = stores;
    if (!first) throw new Error('no store opened');
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(first.db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
    await Promise.all(stores.map((store) => store.close()));
  });

  test('a database at a newer schema stops the start with exit 2, naming DATABASE_URL', async () => {
    const url = await database();
    const store = await openStore({ databaseUrl: url, dataDir: '' });
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', now())`.execute(
      store.db,
    );
    await store.close();
    await expect(openStore({ databaseUrl: url, dataDir: '' })).rejects.toThrow(DatabaseStartError);
    const proxy = spawnProxy({ DATABASE_URL: url, DATA_ENCRYPTION_KEY: dataKey });
    expect(await proxy.exited).toBe(2);
    expect(proxy.stderr()).toContain('DATABASE_URL: the database is at a newer schema');
    expect(proxy.stderr()).toContain('9999-from-the-future');
  });

  test('an unreachable database stops the start with exit 2, naming DATABASE_URL and never its password', async () => {
    const port = await freePort();
    const proxy = spawnProxy({
      DATABASE_URL: `postgres://app:S3CRET-pw-41@127.0.0.1:${port}/app`,
      DATA_ENCRYPTION_KEY: dataKey,
    });
    expect(await proxy.exited).toBe(2);
    expect(proxy.stderr()).toMatch(/DATABASE_URL: cannot reach the database: .*ECONNREFUSED/);
    expect(proxy.stderr() + proxy.stdout()).not.toContain('S3CRET-pw-41');
    const bad = spawnProxy({ DATABASE_URL: 'mysql://somewhere/app' });
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toContain('DATABASE_URL: must be postgres://');
  });
});

describe('the audit table', () => {
  test('refuses UPDATE, DELETE and TRUNCATE; the purge deletes only rows older than its cutoff', async () => {
    const store = await openStore({ databaseUrl: await database(), dataDir: '' });
    const audit = createSqlAuditStore(store.db, store.ping);
    const old = Date.parse('2020-01-01T00:00:00Z');
    await audit.append([
      entry('demo', { at: old }),
      entry('demo', { at: Date.parse('2026-11-20T00:00:00Z') }),
    ]);
    for (const statement of [
      sql`update audit_entry set action = 'auth.sign_out'`,
      sql`delete from audit_entry`,
      sql`truncate audit_entry`,
    ])
      // oxlint-disable-next-line no-await-in-loop -- one refusal after the other
      await expect(statement.execute(store.db)).rejects.toThrow(/append-only/);
    // Even inside a purge's transaction, a younger row stays.
    await expect(
      store.db.transaction().execute(async (tx) => {
        await sql`select set_config('audit.purge_before', '2021-01-01T00:00:00Z', true)`.execute(tx);
        await sql`delete from audit_entry`.execute(tx);
      }),
    ).rejects.toThrow(/append-only/);
    expect(await audit.purge(Date.parse('2021-01-01T00:00:00Z'))).toBe(1);
    const left = await sql<{ n: number }>`select count(*)::int as n from audit_entry`.execute(store.db);
    expect(left.rows[0]?.n).toBe(1);
    await store.close();
  });

  test('a database that goes away makes /readyz 503 until it is back; nothing else restarts', async () => {
    const { startProxy } = await import('../../testing/harness.ts');
    const store = await openStore({ databaseUrl: await database(), dataDir: '' });
    const proxy = await startProxy('http://127.0.0.1:9', {
      audit: createSqlAuditStore(store.db, store.ping),
    });
    expect((await proxy.request('/readyz')).status).toBe(200);
    await server.stop();
    const down = await proxy.request('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ code: 'not_ready', detail: 'The database cannot be reached.' });
    await server.start();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      // oxlint-disable-next-line no-await-in-loop -- polling until the pool reconnects
      status = (await proxy.request('/readyz')).status;
      // oxlint-disable-next-line no-await-in-loop -- as above
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    await proxy.close();
    await store.close();
  });
});
