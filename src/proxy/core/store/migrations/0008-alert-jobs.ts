// 0008: the job queue owns alert delivery (issue 43 item 5, issue 46 items 1 and 11;
// docs/decisions/0026 and 0027).
// - `alert_cursor`: per connection, the last `centre_change` id whose alerts were raised. It moves
//   in the transaction that raises them, so a raise that fails leaves its changes to the next run,
//   and its row lock serialises two raises of one connection.
// - `alert_outbox`: one row per message a raise owes (an e-mail per person, a chat post per
//   connection, for a range of the connection's alert ids), written with the alerts; the dispatcher
//   turns rows into pg-boss jobs and deletes them in one transaction (features/alerts/queue.ts).
// - `alert_delivery` becomes what admins read: a message whose job was dead-lettered, kept with the
//   job's data (`job`) so that "Send again" sends the same message (same idempotency key), and the
//   id of the job sent again (`job_id`). Rows still owed from before are moved to the outbox.
// Frozen: a later change is a new migration.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const alertJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert_cursor')
      .addColumn('connection_id', 'text', (column) =>
        column.primaryKey().references('connection.id').onDelete('cascade'),
      )
      .addColumn('raised_change', 'bigint', (column) => column.notNull().defaultTo(0))
      .execute();
    // Existing connections start after what they already raised: upgrading raises nothing twice.
    await sql`insert into alert_cursor (connection_id, raised_change)
      select c.id, coalesce((select max(ch.id) from centre_change ch where ch.connection_id = c.id), 0)
      from connection c`.execute(db);
    await db.schema
      .createTable('alert_outbox')
      .addColumn('id', 'bigint', (column) => column.generatedAlwaysAsIdentity().primaryKey())
      .addColumn('connection_id', 'text', (column) =>
        column.notNull().references('connection.id').onDelete('cascade'),
      )
      .addColumn('person_id', 'text', (column) => column.references('person.id').onDelete('cascade'))
      // email | webhook
      .addColumn('channel', 'text', (column) => column.notNull())
      // immediate | digest
      .addColumn('kind', 'text', (column) => column.notNull())
      // The message's alerts: the connection's alerts of its kind with after < id <= up_to.
      .addColumn('after_alert', 'bigint', (column) => column.notNull())
      .addColumn('up_to_alert', 'bigint', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('alert_outbox_kind').on('alert_outbox').columns(['kind', 'id']).execute();
    await db.schema.alterTable('alert_delivery').addColumn('job', 'jsonb').execute();
    await db.schema.alterTable('alert_delivery').addColumn('job_id', 'text').execute();
    // What was still owed becomes one message per row, so that upgrading loses none.
    await sql`insert into alert_outbox (connection_id, person_id, channel, kind, after_alert, up_to_alert)
      select a.connection_id, d.person_id, d.channel, d.kind, d.alert_id - 1, d.alert_id
      from alert_delivery d join alert a on a.id = d.alert_id
      where d.status in ('pending', 'sending')`.execute(db);
    await sql`delete from alert_delivery where status in ('pending', 'sending', 'sent')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('alert_delivery').dropColumn('job_id').execute();
    await db.schema.alterTable('alert_delivery').dropColumn('job').execute();
    await db.schema.dropTable('alert_outbox').execute();
    await db.schema.dropTable('alert_cursor').execute();
  },
};
