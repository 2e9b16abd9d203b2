// The store of record (docs/decisions/0018): PostgreSQL through Kysely, on one of two engines with
// the same migrations and queries. `DATABASE_URL=postgres://…` → a real server through `pg` (a
// pool; several proxies may share it). Unset → PGlite in this process, persisted in DATA_DIR. The
// engine is exposed for what needs it beside Kysely (issue 26's job queue: pg-boss `fromPglite`,
// or a connection string).
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Pool, types as pgTypes } from 'pg';
import type { Logger } from '../context.ts';
import { errorFacts } from '../error-codes.ts';
import { DatabaseStartError } from './errors.ts';
import { migrate } from './migrate.ts';
import { claimDataDir, openPglite } from './pglite.ts';
import type { Database } from './schema.ts';

export type Engine =
  | { kind: 'postgres'; pool: Pool; connectionString: string }
  | { kind: 'pglite'; pglite: PGlite; dataDir: string };

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  /** Throws when the database does not answer within a few seconds (for /readyz). */
  ping(): Promise<void>;
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
    : await openEmbedded(options.dataDir);
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: { kind: 'postgres', pool, connectionString },
    ping: () => withDeadline(pool.query('select 1'), 3_000),
    close: () => db.destroy(),
  };
}

async function openEmbedded(dataDir: string): Promise<Store> {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new DatabaseStartError('DATA_DIR', `cannot create ${dataDir}: ${describe(error)}`);
  }
  const release = claimDataDir(dataDir);
  let pglite: PGlite;
  try {
    pglite = await openPglite(dataDir);
  } catch (error) {
    release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    engine: { kind: 'pglite', pglite, dataDir },
    ping: async () => {
      if (pglite.closed) throw new Error('the embedded database is closed');
    },
    close: async () => {
      await db.destroy();
      release();
    },
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
