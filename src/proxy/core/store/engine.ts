// The store of record (docs/decisions/0018): PostgreSQL through Kysely, on one of two engines with
// the same migrations and queries. `DATABASE_URL=postgres://…` → a real server through `pg` (a
// pool; several proxies may share it). Unset → PGlite persisted in DATA_DIR, in a worker thread of
// this process that speaks the wire protocol on a private unix socket (core/store/pglite-thread.ts): the
// proxy reaches both through the same `pg` pool and dialect. The engine is exposed for what needs
// it beside Kysely (issue 26's job queue: a connection string).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool, types as pgTypes } from 'pg';
import type { Logger } from '../http/context.ts';
import { errorFacts } from '../log/error-codes.ts';
import { DatabaseStartError } from './errors.ts';
import { StorableStringsPlugin } from './storable.ts';
import { migrate } from './migrate.ts';
import { claimDataDir } from './pglite.ts';
import type { DumpReply, ThreadData, ThreadReply, ThreadRequest } from './pglite-thread.ts';
import type { Database } from './schema.ts';

export type Engine =
  | { kind: 'postgres'; pool: Pool; connectionString: string }
  | { kind: 'pglite'; pool: Pool; connectionString: string; dataDir: string };

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  /** Throws when the database does not answer within a few seconds (for /readyz). */
  ping(): Promise<void>;
  /**
   * The embedded engine only: PGlite's gzipped tarball of its cluster, taken while it serves (an
   * online backup, features/operations/backup.ts); a server is backed up with pg_dump instead.
   */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  logger?: Logger;
  /** Run the migrations (default true). */
  migrate?: boolean;
}

// int8 (bigint ids and provider ids) as JS numbers on both engines: ids stay below 2^53.
const int8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === int8 && format !== 'binary'
      ? (value: string) => Number(value)
      : pgTypes.getTypeParser(oid, format as 'text')) as typeof pgTypes.getTypeParser,
};

/** Opens the database, migrates it (under the Migrator's lock) and answers when it is ready. */
export async function openStore(options: OpenOptions): Promise<Store> {
  const store = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.logger)
    : await openEmbedded(options.dataDir, options.logger);
  if (options.migrate !== false) {
    try {
      await migrate(store.db, options.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR');
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  return store;
}

async function openPostgres(connectionString: string, logger: Logger | undefined): Promise<Store> {
  const pool = new Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types,
  });
  // A connection that breaks while idle (the server restarted) is dropped and replaced on demand.
  // A reason code and the error's class, never its message (docs/decisions/0020).
  pool.on('error', (error) =>
    logger?.warn({ event: 'database_error', ...errorFacts(error) }, 'database connection lost'),
  );
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseStartError('DATABASE_URL', `cannot reach the database: ${describe(error)}`);
  }
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new StorableStringsPlugin()],
  });
  return {
    db,
    engine: { kind: 'postgres', pool, connectionString },
    ping: () => withDeadline(pool.query('select 1'), 3_000),
    close: () => db.destroy(),
  };
}

/**
 * The pools that reach the embedded engine: the store's and the job queue's (features/watch/watcher.ts, at
 * most 3). pglite-socket serves one connection per slot and refuses the rest, so it has room for
 * both with one to spare.
 */
const embeddedPoolMax = 6;
const embeddedConnections = embeddedPoolMax + 3 + 1;

async function openEmbedded(dataDir: string, logger: Logger | undefined): Promise<Store> {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new DatabaseStartError('DATA_DIR', `cannot create ${dataDir}: ${describe(error)}`);
  }
  const release = claimDataDir(dataDir);
  // A folder of its own, 0700 (mkdtemp): the socket is this user's only. `pg` finds
  // `.s.PGSQL.5432` in the folder given as its host, as it does a server's.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'provider-console-db-'));
  const cleanUp = () => {
    rmSync(socketDir, { recursive: true, force: true });
    release();
  };
  const workerData: ThreadData = {
    dataDir,
    socketPath: path.join(socketDir, '.s.PGSQL.5432'),
    maxConnections: embeddedConnections,
  };
  const thread = new Worker(new URL('./pglite-thread.ts', import.meta.url), { workerData });
  const exited = new Promise<number>((resolve) => thread.once('exit', resolve));
  try {
    const reply = await new Promise<ThreadReply>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
      void exited.then((code) => reject(new Error(`the database thread stopped (exit ${code})`)));
    });
    if (!reply.ready) throw new DatabaseStartError('DATA_DIR', reply.detail);
  } catch (error) {
    await thread.terminate();
    cleanUp();
    throw error instanceof DatabaseStartError
      ? error
      : new DatabaseStartError('DATA_DIR', `cannot open the embedded database: ${describe(error)}`);
  }
  // The thread dying later (out of memory, an abort in the engine) leaves queries failing; /readyz
  // says so (ping), and the log says why.
  thread.on('error', (error) =>
    logger?.error({ event: 'database_thread_failed', ...errorFacts(error) }, 'the database thread failed'),
  );
  const pool = new Pool({
    host: socketDir,
    user: 'postgres',
    database: 'postgres',
    max: embeddedPoolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types,
  });
  pool.on('error', (error) =>
    logger?.warn({ event: 'database_error', ...errorFacts(error) }, 'database connection lost'),
  );
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new StorableStringsPlugin()],
  });
  let closed: Promise<void> | undefined;
  return {
    db,
    engine: {
      kind: 'pglite',
      pool,
      connectionString: `postgresql://postgres@/postgres?host=${encodeURIComponent(socketDir)}`,
      dataDir,
    },
    ping: () => withDeadline(pool.query('select 1'), 3_000),
    dump: dumpsOf(thread),
    close: () =>
      (closed ??= (async () => {
        await db.destroy();
        // The thread stops its socket and flushes the files; one that does not is stopped anyway.
        // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker thread has no target origin
        thread.postMessage('stop' satisfies ThreadRequest);
        const stopped = await Promise.race([
          exited.then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
        ]);
        if (!stopped) await thread.terminate();
        cleanUp();
      })()),
  };
}

/** Asks the engine's thread for dumps, each answered by its number. */
function dumpsOf(thread: Worker): () => Promise<Uint8Array> {
  let asked = 0;
  const waiting = new Map<number, PromiseWithResolvers<Uint8Array>>();
  thread.on('message', (reply: DumpReply) => {
    const waiter = waiting.get(reply.dump);
    if (!waiter) return;
    waiting.delete(reply.dump);
    if ('bytes' in reply) waiter.resolve(new Uint8Array(reply.bytes));
    else waiter.reject(new Error(`the embedded database could not be dumped: ${reply.error}`));
  });
  thread.once('exit', () => {
    for (const waiter of waiting.values()) waiter.reject(new Error('the database thread stopped'));
    waiting.clear();
  });
  return () => {
    asked += 1;
    const waiter = Promise.withResolvers<Uint8Array>();
    waiting.set(asked, waiter);
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker thread has no target origin
    thread.postMessage({ dump: asked } satisfies ThreadRequest);
    return waiter.promise;
  };
}

async function withDeadline(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** An error's message without the URL's password (pg never prints it; a URL parser might). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}
