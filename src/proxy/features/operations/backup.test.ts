// Issue 49, item 5: a backup taken while the console writes restores into a fresh database or
// folder with every entry written before it began, the console's store opens on it, and a restore
// into a database or folder that holds anything is refused. The embedded database is backed up
// online too: the running console dumps it on its operations listener.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { copyDataDir, freshDataDir } from '../../../../scripts/data-dir.ts';
import { dataKeyFile } from '../../core/store/data-key.ts';
import { openStore } from '../../core/store/engine.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { processHeaders, spawnProxy } from '../../testing/process.ts';
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

/** Demo sign-ins, one after the other, each an audit entry. */
function demoSignIns(url: string) {
  const state = { sent: 0, writing: true };
  const enough = Promise.withResolvers<void>();
  const done = (async () => {
    while (state.writing) {
      // oxlint-disable-next-line no-await-in-loop -- one attempt after the other, as people make them
      const answer = await fetch(`${url}/auth/demo-login`, {
        method: 'POST',
        headers: processHeaders,
        body: '{"as":"parent"}',
      });
      if (answer.status !== 200) throw new Error(`a demo sign-in answered ${answer.status}`);
      state.sent += 1;
      if (state.sent === 20) enough.resolve();
    }
  })();
  done.catch(enough.reject);
  return { state, enough: enough.promise, done };
}

test('the embedded database online: backed up from the running console while it writes, restored, and the console starts on it', async () => {
  const source = copyDataDir();
  const fresh = path.join(work, 'online-restored');
  const file = path.join(work, 'online.tar.gz');
  const operationsUrl = 'http://127.0.0.1:9712';
  const running = spawnProxy({
    DATA_DIR: source.dir,
    METRICS_PORT: '9712',
    DEMO_SIGNINS_PER_MINUTE: '100000',
    SHUTDOWN_GRACE_SECONDS: '2',
  });
  let restarted: ReturnType<typeof spawnProxy> | undefined;
  try {
    const url = await running.listening;
    // Without the console's listener the running folder is refused, not read under its feet.
    await expect(backup({ databaseUrl: undefined, dataDir: source.dir }, file)).rejects.toThrow(
      /METRICS_PORT/,
    );
    const writer = demoSignIns(url);
    await writer.enough;
    const before = writer.state.sent;
    expect(await backup({ databaseUrl: undefined, dataDir: source.dir, operationsUrl }, file)).toBe('pglite');
    const after = writer.state.sent;
    writer.state.writing = false;
    await writer.done;
    // The console served on while it dumped, and keeps its folder.
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(await restore({ databaseUrl: undefined, dataDir: fresh }, file)).toBe('pglite');
    // The key is kept apart from the dump (docs/operations.md) and put back by hand.
    copyFileSync(dataKeyFile(source.dir), dataKeyFile(fresh));
    restarted = spawnProxy({ DATA_DIR: fresh });
    const again = await restarted.listening;
    expect((await fetch(`${again}/readyz`)).status).toBe(200);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    const restored = await openStore({ dataDir: fresh });
    try {
      const rows = await restored.db
        .selectFrom('audit_entry')
        .select(({ fn }) => fn.countAll().as('n'))
        .where('action', '=', 'auth.sign_in')
        .where('actor_client_id', '=', 'demo-parent')
        .executeTakeFirst();
      expect(Number(rows?.n)).toBeGreaterThanOrEqual(before);
      expect(Number(rows?.n)).toBeLessThanOrEqual(after + 1);
      // The demo's people and connections came with it.
      const people = await restored.db
        .selectFrom('person')
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(people?.n)).toBeGreaterThan(0);
    } finally {
      await restored.close();
    }
  } finally {
    running.child.kill('SIGTERM');
    await running.exited;
    if (restarted && restarted.child.exitCode === null) restarted.child.kill('SIGTERM');
    source.remove();
  }
}, 240_000);
