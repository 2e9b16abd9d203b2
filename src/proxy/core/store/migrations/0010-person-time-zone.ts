// 0010: the time zone a person's alert e-mails give times in (issue 47 item 14): the IANA name the
// console's browser reports when the person signs in; null until then (the e-mails say "UTC").
// Frozen: a later change is a new migration.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const personTimeZone: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('person').addColumn('time_zone', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('person').dropColumn('time_zone').execute();
  },
};
