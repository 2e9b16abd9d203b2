// Migrations at start (docs/decisions/0018). Kysely's Migrator applies what is missing in one
// transaction under a PostgreSQL advisory lock, so two proxies starting together on one server
// apply each migration once (the second waits, then finds nothing to do). A database that has a
// migration this version does not know was migrated by a newer proxy: refused, never downgraded.
// oxlint-disable typescript/no-explicit-any -- the Migrator works on any schema (Kysely's own type)
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { DatabaseStartError } from './errors.ts';
import { migrations } from './migrations/index.ts';

export const migrationTable = 'kysely_migration';

/** The names of the migrations applied to the database (none when it was never migrated). */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const exists = await sql<{ found: string | null }>`select to_regclass(${migrationTable}) as found`.execute(
    db,
  );
  if (!exists.rows[0]?.found) return [];
  const rows = await sql<{
    name: string;
  }>`select name from ${sql.table(migrationTable)} order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}

export async function migrate(db: Kysely<any>, variable: 'DATABASE_URL' | 'DATA_DIR'): Promise<string[]> {
  const unknown = (await appliedMigrations(db)).filter((name) => !(name in migrations));
  if (unknown.length > 0)
    throw new DatabaseStartError(
      variable,
      `the database is at a newer schema than this version of the proxy knows (it has migration ${unknown.join(', ')}): run the newer version, or point ${variable} at another database`,
    );
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error)
    throw new DatabaseStartError(
      variable,
      `could not migrate the database: ${error instanceof Error ? error.message : String(error)}`,
    );
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
