// 0004: alerts (issue 26 item 4, docs/decisions/0026). The watcher's changes (0003) and the time
// rules raise alerts; each person receives them per their choices:
// - `alert`: one row per alert. `(connection_id, dedupe_key)` is UNIQUE: an alert is raised by
//   INSERT … ON CONFLICT DO NOTHING, so two instances raising the same refresh's alerts write each
//   once (the database decides, not a read-then-write).
// - `alert_preference`: a person's choice per rule; absent means the defaults (features/alerts/rules.ts).
// - `alert_inbox`: the in-app inbox, one row per alert and person, read or not.
// - `alert_delivery`: an e-mail (or webhook) to send, a durable job: claimed once across instances
//   (UPDATE … WHERE status = 'pending' RETURNING), retried with backoff, failures kept for admins.
// Frozen: a later change is a new migration.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const alerts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert')
      .addColumn('id', 'bigint', (column) => column.generatedAlwaysAsIdentity().primaryKey())
      .addColumn('connection_id', 'text', (column) =>
        column.notNull().references('connection.id').onDelete('cascade'),
      )
      .addColumn('centre_id', 'bigint', (column) => column.notNull())
      // suspended | reinstated | cancelled | reactivated | basic_limit | trial_ending | pending_change
      .addColumn('rule', 'text', (column) => column.notNull())
      .addColumn('dedupe_key', 'text', (column) => column.notNull())
      // The change it came from; null for the time rules (a date coming near is no change).
      .addColumn('change_id', 'bigint', (column) =>
        column.references('centre_change.id').onDelete('set null'),
      )
      .addColumn('raised_at', 'timestamptz', (column) => column.notNull())
      .addColumn('payload', 'jsonb', (column) => column.notNull())
      .addUniqueConstraint('alert_once', ['connection_id', 'dedupe_key'])
      .execute();
    // The language a person's e-mails are written in (en, es, ca; null: English), set with their choices.
    await db.schema.alterTable('person').addColumn('alert_language', 'text').execute();
    await db.schema
      .createTable('alert_preference')
      .addColumn('person_id', 'text', (column) =>
        column.notNull().references('person.id').onDelete('cascade'),
      )
      .addColumn('rule', 'text', (column) => column.notNull())
      .addColumn('inbox', 'boolean', (column) => column.notNull())
      .addColumn('email', 'boolean', (column) => column.notNull())
      .addPrimaryKeyConstraint('alert_preference_pk', ['person_id', 'rule'])
      .execute();
    await db.schema
      .createTable('alert_inbox')
      .addColumn('alert_id', 'bigint', (column) =>
        column.notNull().references('alert.id').onDelete('cascade'),
      )
      .addColumn('person_id', 'text', (column) =>
        column.notNull().references('person.id').onDelete('cascade'),
      )
      .addColumn('read_at', 'timestamptz')
      .addPrimaryKeyConstraint('alert_inbox_pk', ['person_id', 'alert_id'])
      .execute();
    await db.schema
      .createTable('alert_delivery')
      .addColumn('id', 'bigint', (column) => column.generatedAlwaysAsIdentity().primaryKey())
      .addColumn('alert_id', 'bigint', (column) =>
        column.notNull().references('alert.id').onDelete('cascade'),
      )
      .addColumn('person_id', 'text', (column) =>
        column.notNull().references('person.id').onDelete('cascade'),
      )
      // email | webhook
      .addColumn('channel', 'text', (column) => column.notNull())
      // immediate | digest
      .addColumn('kind', 'text', (column) => column.notNull())
      // pending | sending | sent | failed
      .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('last_error_code', 'text')
      .addColumn('claimed_at', 'timestamptz')
      .addColumn('sent_at', 'timestamptz')
      .addColumn('next_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('alert_delivery_once', ['alert_id', 'person_id', 'channel'])
      .execute();
    // What the sender looks for: the due ones.
    await db.schema
      .createIndex('alert_delivery_due')
      .on('alert_delivery')
      .columns(['status', 'next_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('alert_delivery').execute();
    await db.schema.dropTable('alert_inbox').execute();
    await db.schema.dropTable('alert_preference').execute();
    await db.schema.dropTable('alert').execute();
    await db.schema.alterTable('person').dropColumn('alert_language').execute();
  },
};
