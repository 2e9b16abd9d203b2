// A real PostgreSQL for the store tests: Debian's server binaries (installed by .ci/run), started
// in a temporary directory on a free loopback port, as the `postgres` user when the tests run as
// root (PostgreSQL refuses to run as root), with durability off (a throwaway cluster).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './redis-server.ts';

export interface PostgresServer {
  /** A URL for a database of its own: `url('app')` → postgres://postgres@127.0.0.1:port/app. */
  url(database?: string): string;
  /** Creates a database (a test's own, so that tests never see each other's rows). */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (`fast`: open connections are cut), keeping its files, so `start` resumes it. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

export function findPostgresBin(): string {
  const candidates = [process.env.POSTGRES_BIN];
  const root = '/usr/lib/postgresql';
  if (existsSync(root))
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(root, version, 'bin'));
  const found = candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')));
  if (!found)
    throw new Error(
      'PostgreSQL server binaries not found: apt-get install postgresql (or set POSTGRES_BIN); .ci/run installs them',
    );
  return found;
}

/** Who runs the server: the postgres user under root, else whoever runs the tests. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    .trim()
    .concat(' ', execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    .split(' ')
    .map(Number);
  if (uid === undefined || gid === undefined) throw new Error('no postgres user to run PostgreSQL as');
  return { uid, gid };
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const user = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), 'proxy-postgres-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(path.join(bin, tool), args, { ...user, cwd: dir, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${tool} failed: ${result.stderr || result.stdout || String(result.error)}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
  ].join(' ');
  const start = async () => {
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  };
  const stop = async () => {
    await new Promise<void>((resolve) => {
      const child = spawn(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], {
        ...user,
        cwd: dir,
        stdio: 'ignore',
      });
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
  };
  await start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name) {
      const client = new Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database "${name.replaceAll('"', '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
