// 0003: the watcher's tables (docs/decisions/0025, issue 26). The service never tells integrators
// that something changed (spec 6), so the proxy reads every centre of every stored connection on a
// schedule and keeps:
// - `watch_connection`: per connection, when a refresh was last asked for, started and finished,
//   and how it ended. The request and start times make a refresh run once across instances: a job
//   runs only when no refresh has started since it was asked for (watch-repository.ts `claim`).
// - `centre_snapshot`: the latest state of each centre (4.7, and 4.6 where BASIC limits and TRIAL
//   expiry need it), when it was fetched and when it last changed. A centre that 4.5 no longer lists
//   is kept with `listed` false and the time it went, never dropped.
// - `centre_change`: one row per change of a centre's state, written only when it changed: the
//   timeline ("suspended since …") and what alerts are raised from.
// The job queue itself (pg-boss) keeps its own tables in its own schema, `pgboss`.
// Frozen: a later change is a new migration.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const watch: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('watch_connection')
      .addColumn('connection_id', 'text', (column) =>
        column.primaryKey().references('connection.id').onDelete('cascade'),
      )
      .addColumn('requested_at', 'timestamptz')
      .addColumn('started_at', 'timestamptz')
      .addColumn('finished_at', 'timestamptz')
      // ok | refused | unavailable | failed (features/watch/refresh.ts)
      .addColumn('outcome', 'text')
      .addColumn('centres', 'integer')
      .addColumn('failed_centres', 'integer')
      .execute();
    await db.schema
      .createTable('centre_snapshot')
      .addColumn('connection_id', 'text', (column) =>
        column.notNull().references('connection.id').onDelete('cascade'),
      )
      .addColumn('centre_id', 'bigint', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('listed', 'boolean', (column) => column.notNull())
      // What the overview filters and sorts on (issue 26, item 3), beside the whole state.
      .addColumn('billing', 'text')
      .addColumn('contract', 'text', (column) => column.notNull())
      .addColumn('contract_status', 'text')
      .addColumn('suspended', 'boolean', (column) => column.notNull())
      .addColumn('state', 'jsonb', (column) => column.notNull())
      .addColumn('fetched_at', 'timestamptz', (column) => column.notNull())
      .addColumn('changed_at', 'timestamptz', (column) => column.notNull())
      .addColumn('unlisted_at', 'timestamptz')
      .addPrimaryKeyConstraint('centre_snapshot_pk', ['connection_id', 'centre_id'])
      .execute();
    await db.schema
      .createTable('centre_change')
      .addColumn('id', 'bigint', (column) => column.generatedAlwaysAsIdentity().primaryKey())
      .addColumn('connection_id', 'text', (column) =>
        column.notNull().references('connection.id').onDelete('cascade'),
      )
      .addColumn('centre_id', 'bigint', (column) => column.notNull())
      .addColumn('at', 'timestamptz', (column) => column.notNull())
      // appeared | billing | contract | suspension | seats | pending | basic_limit | trials | listed
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('centre_change_timeline')
      .on('centre_change')
      .columns(['connection_id', 'centre_id', 'at desc', 'id desc'])
      .execute();
    // The alerts (issue 26, item 4) read what changed since they last looked, for every centre.
    await db.schema.createIndex('centre_change_recent').on('centre_change').columns(['at', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('centre_change').execute();
    await db.schema.dropTable('centre_snapshot').execute();
    await db.schema.dropTable('watch_connection').execute();
  },
};
