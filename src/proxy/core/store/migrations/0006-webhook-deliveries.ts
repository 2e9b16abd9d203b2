// 0006: chat webhook deliveries (issue 26, item 4; docs/decisions/0026 and 0027). A connection's
// webhook is one recipient for the whole connection, not a person: its `alert_delivery` rows have
// no `person_id`. The CHECK keeps the two kinds of row apart (an e-mail always names its person, a
// webhook post never does), and since NULLs never collide in 0004's UNIQUE (alert, person, channel),
// a partial unique index says what it no longer can: one webhook delivery per alert, whichever
// instance raised it. Frozen: a later change is a new migration.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const webhookDeliveries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('alert_delivery')
      .alterColumn('person_id', (column) => column.dropNotNull())
      .execute();
    await db.schema
      .alterTable('alert_delivery')
      .addCheckConstraint(
        'alert_delivery_recipient',
        sql`(channel = 'email' and person_id is not null) or (channel = 'webhook' and person_id is null)`,
      )
      .execute();
    await db.schema
      .createIndex('alert_delivery_one_webhook')
      .unique()
      .on('alert_delivery')
      .column('alert_id')
      .where(sql.ref('channel'), '=', 'webhook')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    // A webhook row has no person to give back the NOT NULL: the posts still owed are dropped.
    await sql`delete from alert_delivery where channel = 'webhook'`.execute(db);
    await db.schema.dropIndex('alert_delivery_one_webhook').execute();
    await db.schema.alterTable('alert_delivery').dropConstraint('alert_delivery_recipient').execute();
    await db.schema
      .alterTable('alert_delivery')
      .alterColumn('person_id', (column) => column.setNotNull())
      .execute();
  },
};
