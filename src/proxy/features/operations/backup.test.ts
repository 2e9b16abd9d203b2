// Issue 49, item 5: a backup taken while the console writes restores into a fresh database or
// folder with every entry written before it began, the console's store opens on it, and a restore
// into a database or folder that holds anything is refused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDataDir } from '../../../../scripts/data-dir.ts';
import { openStore } from '../../core/store/engine.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { entry } from '../../testing/audit-store-suite.ts';
import { createSqlAuditStore } from '../audit/repository.ts';
import { backup, BackupError, restore } from './backup.ts';

let postgres: PostgresServer;
const work = mkdtempSync(path.join(tmpdir(), 'backup-test-'));

beforeAll(async () => {
  postgres = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await postgres?.destroy();
  rmSync(work, { recursive: true, force: true });
});

async function countEntries(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from audit_entry');
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

test('pg_dump while the console writes: the restored database holds every entry written before, and opens', async () => {
  const source = await postgres.createDatabase('source');
  const store = await openStore({ databaseUrl: source, dataDir: work });
  const audit = createSqlAuditStore(store.db, store.ping);
  // One entry after the other, as the console's requests write them, until told to stop.
  const state = { written: 0, writing: true };
  const enough = Promise.withResolvers<void>();
  const writer = (async () => {
    while (state.writing) {
      // oxlint-disable-next-line no-await-in-loop -- one write after the other
      await audit.append([entry('prod', { subject: `evt_${state.written}` })]);
      state.written += 1;
      if (state.written === 50) enough.resolve();
    }
  })();
  try {
    await enough.promise;
    const before = state.written;
    const file = path.join(work, 'server.dump');
    expect(await backup({ databaseUrl: source, dataDir: work }, file)).toBe('pg_dump');
    const after = state.written;
    state.writing = false;
    await writer;
    const target = await postgres.createDatabase('target');
    expect(await restore({ databaseUrl: target, dataDir: work }, file)).toBe('pg_dump');
    const restored = await countEntries(target);
    expect(restored).toBeGreaterThanOrEqual(before);
    expect(restored).toBeLessThanOrEqual(after + 1);
    // The console's store opens on it: its migrations are all there.
    const reopened = await openStore({ databaseUrl: target, dataDir: work });
    await reopened.close();
    await expect(restore({ databaseUrl: target, dataDir: work }, file)).rejects.toThrow(/not empty/);
  } finally {
    state.writing = false;
    await writer;
    await store.close();
  }
}, 120_000);

test('the embedded database: dumped with PGlite, restored into an empty folder, refused into a full one or a running one', async () => {
  const source = await freshDataDir();
  const fresh = path.join(work, 'fresh-data');
  try {
    const store = await openStore({ dataDir: source.dir });
    const audit = createSqlAuditStore(store.db, store.ping);
    await audit.append(Array.from({ length: 25 }, (_, n) => entry('prod', { subject: `evt_${n}` })));
    await store.close();
    // A live process holding the folder (here: this test's parent) is the console running on it.
    writeFileSync(path.join(source.dir, 'proxy.pid'), `${process.ppid}\n`);
    const file = path.join(work, 'embedded.tar.gz');
    await expect(backup({ databaseUrl: undefined, dataDir: source.dir }, file)).rejects.toThrow(BackupError);
    rmSync(path.join(source.dir, 'proxy.pid'));
    expect(await backup({ databaseUrl: undefined, dataDir: source.dir }, file)).toBe('pglite');
    expect(await restore({ databaseUrl: undefined, dataDir: fresh }, file)).toBe('pglite');
    await expect(restore({ databaseUrl: undefined, dataDir: fresh }, file)).rejects.toThrow(/not empty/);
    const restored = await openStore({ dataDir: fresh });
    try {
      const rows = await restored.db
        .selectFrom('audit_entry')
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(rows?.n)).toBe(25);
    } finally {
      await restored.close();
    }
  } finally {
    source.remove();
  }
}, 180_000);
