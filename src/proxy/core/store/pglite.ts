// The embedded engine (docs/decisions/0018): PostgreSQL compiled to WebAssembly (PGlite), in this
// process, persisted in DATA_DIR. Three things keep it cheap and safe:
// - a new cluster is made (initdb) in a child process, which returns its ~600 MB when it exits;
//   this process only opens the finished folder;
// - PostgreSQL's memory settings are sized for one user (shared_buffers 16 MB rather than 128);
// - Node runs WebAssembly with its baseline compiler only (`--liftoff-only`, embeddedEngineFlags):
//   otherwise V8 recompiles PGlite's hot functions with its optimizing compiler in the seconds after
//   the first queries, about 500 MB of RSS for ~3 s, and pauses of up to 370 ms on the way;
// - one process at a time: a pid file refuses a second proxy on the same folder, which would
//   corrupt it (PGlite has no postmaster to stop it).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DatabaseStartError } from './errors.ts';

/** PGlite's own start parameters, then ours (its defaults are for a page with room to spare). */
const startParams = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  // Measured in docs/decisions/0018: 128 MB of buffers cost ~130 MB of RSS once touched.
  '-c',
  'shared_buffers=16MB',
  '-c',
  'work_mem=2MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=2MB',
];

export const clusterDirOf = (dataDir: string) => path.join(dataDir, 'postgres');

/**
 * The Node flags for a process that runs the embedded engine (`npm start`, the tests' and the
 * bench's proxies, initdb's child). Measured in docs/decisions/0018: with them a start adds ~110 MB
 * and never spikes; without, +500 MB for ~3 s after the first queries, and a slower p99.
 */
export const embeddedEngineFlags = ['--liftoff-only'] as const;

/** Whether this process runs with them (main.ts warns when it does not). */
export const hasEmbeddedEngineFlags = () =>
  embeddedEngineFlags.every((flag) => process.execArgv.includes(flag));

/** Makes the cluster in a child process when the folder has none yet. */
export async function ensureCluster(dataDir: string): Promise<void> {
  const cluster = clusterDirOf(dataDir);
  if (existsSync(path.join(cluster, 'PG_VERSION'))) return;
  const script = path.join(import.meta.dirname, 'pglite-initdb.ts');
  const child = spawn(process.execPath, [...embeddedEngineFlags, script, cluster], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new DatabaseStartError(
      'DATA_DIR',
      `could not create the embedded database in ${cluster}: ${stderr.trim().split('\n').at(-1) ?? `exit ${code}`}`,
    );
}

/** The live process, other than this one, that holds the folder (its pid file); none: it is free. */
export function dataDirHolder(dataDir: string): number | undefined {
  try {
    const holder = Number(readFileSync(path.join(dataDir, 'proxy.pid'), 'utf8').trim());
    return Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)
      ? holder
      : undefined;
  } catch {
    // No pid file yet, or an unreadable one: the folder is free.
    return undefined;
  }
}

/** Claims the folder for this process; refuses when a live process holds it. */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'proxy.pid');
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined)
    throw new DatabaseStartError(
      'DATA_DIR',
      `${dataDir} is in use by another proxy (process ${holder}): stop it, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server that several proxies can share)`,
    );
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openPglite(dataDir: string): Promise<PGlite> {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new DatabaseStartError('DATA_DIR', `cannot create ${dataDir}: ${(error as Error).message}`);
  }
  await ensureCluster(dataDir);
  try {
    return await PGlite.create(clusterDirOf(dataDir), { startParams });
  } catch (error) {
    throw new DatabaseStartError(
      'DATA_DIR',
      `cannot open the embedded database in ${clusterDirOf(dataDir)}: ${(error as Error).message}`,
    );
  }
}
