// A real PostgreSQL for the store tests: Debian's server binaries (installed by .ci/run), as the
// `postgres` user when the tests run as root (PostgreSQL refuses to run as root), with durability
// off (a throwaway cluster), on a free loopback port. In a Vitest run every caller shares the run's
// one cluster (shared-stores.ts), started by the first test file that asks, and each database it
// creates has a name of its own; a test that stops its server asks for one of its own (`own: true`)
// and gets a relay in front of that cluster (relay.ts): stopping it cuts only that test's
// connections. Outside Vitest (a bench script) each caller starts a cluster.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './ports.ts';
import { startRelay } from './relay.ts';
import { sharedStores } from './shared-stores.ts';

export interface PostgresServer {
  /** A URL for a database of its own: `url('app')` → postgres://postgres@127.0.0.1:port/app. */
  url(database?: string): string;
  /** Creates a database (a test's own, so that tests never see each other's rows); its URL. */
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

/** A cluster in `dir` (made by initdb when it has none) that pg_ctl starts and stops. */
function cluster(dir: string, port: number, maxConnections: number) {
  const bin = findPostgresBin();
  const user = runAs();
  const data = path.join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(path.join(bin, tool), args, { ...user, cwd: dir, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${tool} failed: ${result.stderr || result.stdout || String(result.error)}`);
  };
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    `-c max_connections=${maxConnections}`,
  ].join(' ');
  return {
    init() {
      if (user) chownSync(dir, user.uid, user.gid);
      run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    },
    async start() {
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
    },
    async stop() {
      await new Promise<void>((resolve) => {
        const child = spawn(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], {
          ...user,
          cwd: dir,
          stdio: 'ignore',
        });
        child.once('exit', () => resolve());
        child.once('error', () => resolve());
      });
    },
  };
}

const urlOf = (port: number) => (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

async function createDatabase(port: number, name: string): Promise<string> {
  const client = new Client({ connectionString: urlOf(port)('postgres') });
  await client.connect();
  try {
    await client.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
  return urlOf(port)(name);
}

export async function startPostgresServer(options: { own?: boolean } = {}): Promise<PostgresServer> {
  const shared = await sharedStores();
  if (!shared) return startOwnCluster();
  return options.own ? relayedCluster(shared.dir) : onSharedCluster(shared.dir);
}

async function startOwnCluster(): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'proxy-postgres-'));
  const port = await freePort();
  const server = cluster(dir, port, 60);
  server.init();
  await server.start();
  return {
    url: (database = 'postgres') => urlOf(port)(database),
    createDatabase: (name) => createDatabase(port, name),
    stop: server.stop,
    start: server.start,
    async destroy() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The run's cluster lives in `<run dir>/postgres`; postgres.json says its port once it is up. */
const sharedPaths = (runDir: string) => ({
  dir: path.join(runDir, 'postgres'),
  lock: path.join(runDir, 'postgres.lock'),
  ready: path.join(runDir, 'postgres.json'),
  failed: path.join(runDir, 'postgres.failed'),
});

/**
 * The run's cluster, started by the first test file that asks (mkdir is the lock between the
 * workers); the others wait for its port. Files that never ask never pay for initdb.
 */
async function sharedClusterPort(runDir: string): Promise<number> {
  const paths = sharedPaths(runDir);
  let first = true;
  try {
    mkdirSync(paths.lock);
  } catch {
    first = false;
  }
  if (first) {
    try {
      mkdirSync(paths.dir);
      const port = await freePort();
      // Many test files at once, each with a pool (src/proxy/db/engine.ts) and pg-boss.
      const server = cluster(paths.dir, port, 300);
      server.init();
      await server.start();
      writeFileSync(paths.ready, JSON.stringify({ port }));
      return port;
    } catch (error) {
      writeFileSync(paths.failed, String(error));
      throw error;
    }
  }
  // initdb and start take seconds, more on a busy 2-core machine.
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if (existsSync(paths.ready))
      return (JSON.parse(readFileSync(paths.ready, 'utf8')) as { port: number }).port;
    if (existsSync(paths.failed))
      throw new Error(`the run's PostgreSQL did not start: ${readFileSync(paths.failed, 'utf8')}`);
    // oxlint-disable-next-line no-await-in-loop -- polling until the first file has started it
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the run's PostgreSQL did not start within 2 minutes");
}

async function onSharedCluster(runDir: string): Promise<PostgresServer> {
  const port = await sharedClusterPort(runDir);
  // Callers name their databases after what they hold ('alerts', 'shared'): unique per caller.
  const suffix = randomBytes(4).toString('hex');
  return {
    url: (database = 'postgres') => urlOf(port)(database),
    createDatabase: (name) => createDatabase(port, `${name}_${suffix}`),
    stop: ownServer,
    start: ownServer,
    // The run's global set-up removes the cluster, and every database on it, at the end.
    destroy: async () => {},
  };
}

/** The run's cluster behind a relay of this caller's own, which `stop` cuts and `start` restores. */
async function relayedCluster(runDir: string): Promise<PostgresServer> {
  const port = await sharedClusterPort(runDir);
  const suffix = randomBytes(4).toString('hex');
  const relay = await startRelay({ port });
  return {
    url: (database = 'postgres') => urlOf(relay.port)(database),
    async createDatabase(name) {
      const database = `${name}_${suffix}`;
      await createDatabase(port, database);
      return urlOf(relay.port)(database);
    },
    stop: () => relay.cut(),
    start: () => relay.restore(),
    destroy: () => relay.close(),
  };
}

async function ownServer(): Promise<void> {
  throw new Error('only a server of its own can be stopped: startPostgresServer({ own: true })');
}

/** For the global set-up: stops the run's cluster, if a test file started one. */
export async function stopSharedCluster(runDir: string): Promise<void> {
  const paths = sharedPaths(runDir);
  if (!existsSync(paths.ready)) return;
  const { port } = JSON.parse(readFileSync(paths.ready, 'utf8')) as { port: number };
  await cluster(paths.dir, port, 0).stop();
}
