// Backup and restore of the store of record (issue 49, item 5; docs/decisions/0018). A server
// (DATABASE_URL): PostgreSQL's own `pg_dump` in its custom format, one consistent snapshot taken
// while the console keeps serving, and `pg_restore`. The embedded default (PGlite in DATA_DIR):
// PGlite's own `dumpDataDir`, a tarball of its cluster. PGlite has no postmaster, so only the
// process that holds the folder (core/store/pglite.ts `claimDataDir`) can read it: while the
// console runs, it is asked for the dump on its operations listener (`POST /backup`,
// metrics-server.ts); stopped, the folder is opened here.
// Neither dump holds the data-encryption key (core/store/data-key.ts): it lives beside DATA_DIR's
// cluster, or in DATA_ENCRYPTION_KEY, and is kept apart from the backups it would open.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { claimDataDir, clusterDirOf, dataDirHolder } from '../../core/store/pglite.ts';

const run = promisify(execFile);

export interface BackupTarget {
  databaseUrl: string | undefined;
  dataDir: string;
  /** The running console's operations listener (`http://127.0.0.1:9464`: METRICS_PORT), if any. */
  operationsUrl?: string | undefined;
}

export class BackupError extends Error {}

export type DumpKind = 'pg_dump' | 'pglite';

/** Writes a consistent dump of the store to `file`; says which kind it wrote. */
export async function backup(target: BackupTarget, file: string): Promise<DumpKind> {
  if (target.databaseUrl) {
    // One transaction's snapshot (pg_dump's own): consistent while the console writes.
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      file,
      target.databaseUrl,
    ]);
    return 'pg_dump';
  }
  const cluster = clusterDirOf(target.dataDir);
  if (!existsSync(cluster)) throw new BackupError(`${target.dataDir} holds no embedded database`);
  const holder = dataDirHolder(target.dataDir);
  if (holder !== undefined) {
    writeFileSync(file, await askRunning(target, holder), { mode: 0o600 });
    return 'pglite';
  }
  const release = claimFolder(target.dataDir, 'back up');
  try {
    const db = await PGlite.create(cluster);
    try {
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(file, new Uint8Array(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
  return 'pglite';
}

/** Restores `file` into an empty database or DATA_DIR; refuses one that holds anything. */
export async function restore(target: BackupTarget, file: string): Promise<DumpKind> {
  const bytes = readFileSync(file);
  const kind: DumpKind | undefined =
    bytes.subarray(0, 5).toString('latin1') === 'PGDMP'
      ? 'pg_dump'
      : bytes[0] === 0x1f && bytes[1] === 0x8b
        ? 'pglite'
        : undefined;
  if (!kind) throw new BackupError(`${file} is neither a pg_dump nor a PGlite dump`);
  if (target.databaseUrl) {
    if (kind !== 'pg_dump') throw new BackupError('a PGlite dump restores into DATA_DIR: unset DATABASE_URL');
    await refuseNonEmptyDatabase(target.databaseUrl);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--dbname',
      target.databaseUrl,
      file,
    ]);
    return kind;
  }
  if (kind !== 'pglite') throw new BackupError('a pg_dump restores into a server: set DATABASE_URL');
  const cluster = clusterDirOf(target.dataDir);
  if (existsSync(cluster) && readdirSync(cluster).length > 0)
    throw new BackupError(`${cluster} is not empty: restore into an empty DATA_DIR`);
  mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const release = claimFolder(target.dataDir, 'restore into');
  try {
    const db = await PGlite.create(cluster, { loadDataDir: new Blob([new Uint8Array(bytes)]) });
    await db.close();
  } finally {
    release();
  }
  return kind;
}

/** The dump of the console that holds DATA_DIR (process `holder`), from its operations listener. */
async function askRunning(target: BackupTarget, holder: number): Promise<Uint8Array> {
  const url = target.operationsUrl;
  if (!url)
    throw new BackupError(
      `the console is running on ${target.dataDir} (process ${holder}): give this command its METRICS_PORT (and METRICS_HOST), so that it asks the console for an online backup, or stop the console`,
    );
  const answer = await fetch(`${url}/backup`, { method: 'POST' }).catch((error: unknown) => {
    throw new BackupError(`the console's operations listener at ${url} cannot be reached: ${String(error)}`);
  });
  if (!answer.ok) throw new BackupError(`the console refused the backup: ${(await answer.text()).trim()}`);
  if (answer.headers.get('x-proxy-pid') !== String(holder))
    throw new BackupError(
      `the console at ${url} is not the one running on ${target.dataDir} (process ${holder})`,
    );
  return new Uint8Array(await answer.arrayBuffer());
}

async function refuseNonEmptyDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]?.n) > 0)
      throw new BackupError('the database is not empty: restore into a new, empty database');
  } finally {
    await client.end();
  }
}

function claimFolder(dataDir: string, what: string): () => void {
  try {
    return claimDataDir(dataDir);
  } catch {
    throw new BackupError(
      `the console is running on ${dataDir}: stop it to ${what} its embedded database (or run on DATABASE_URL for backups while it serves)`,
    );
  }
}
