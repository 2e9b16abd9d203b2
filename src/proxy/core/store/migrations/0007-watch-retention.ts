// 0007: what the retention of the watcher's history and alerts needs (WATCH_HISTORY_DAYS,
// docs/decisions/0025 "Retention"), measured on PostgreSQL 15 with 60,000 history rows and 20,000
// alerts, 28,000 and 10,000 of them past the age:
// - `alert_change` on `alert.change_id`: deleting a `centre_change` row sets the alerts that name it
//   to null (0004's ON DELETE SET NULL), and without an index PostgreSQL looks for them with a
//   sequential scan of `alert` per row deleted: the purge took 47.6 s; with it, 0.58 s.
// - `alert_raised` on `alert (raised_at, id)`: the alert purge walks the alerts from the oldest,
//   keyset on (raised_at, id), on an index rather than a scan and sort of the table (0.58 s → 0.49 s
//   here; the gap grows with the table).
// Frozen: a later change is a new migration.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const watchRetention: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('alert_change').on('alert').column('change_id').execute();
    await db.schema.createIndex('alert_raised').on('alert').columns(['raised_at', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('alert_raised').execute();
    await db.schema.dropIndex('alert_change').execute();
  },
};
