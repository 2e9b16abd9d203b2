// 0002: people, their roles, and the connections they work through (docs/decisions/0023).
// - `connection`: a parent provider registered once by an admin; its client secret is sealed with
//   the deployment's DATA_ENCRYPTION_KEY before it reaches this table (never stored in clear).
// - `person`: someone who may sign in as themselves: invited by e-mail, bound to the organisation
//   provider's (issuer, subject) at their first sign-in.
// - `membership`: a person's role on a connection, set in the console or from an ID-token claim.
// - the audit log gains an index for the Activity screen's person filter.
// Frozen: a later change is a new migration.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const peopleAndConnections: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('connection')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('label', 'text', (column) => column.notNull())
      .addColumn('environment', 'text', (column) => column.notNull())
      .addColumn('provider_id', 'bigint', (column) => column.notNull())
      .addColumn('client_id', 'text', (column) => column.notNull())
      .addColumn('sealed_secret', 'text', (column) => column.notNull())
      .addColumn('provider_verified', 'boolean', (column) => column.notNull())
      // When the service last refused the secret; null while it works (the admin sees it flagged).
      .addColumn('refused_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('created_by', 'text')
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .addUniqueConstraint('connection_environment_provider', ['environment', 'provider_id'])
      .execute();
    await db.schema
      .createTable('person')
      .addColumn('id', 'text', (column) => column.primaryKey())
      // Lower-cased on the way in: one person per address.
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('issuer', 'text')
      .addColumn('subject', 'text')
      .addColumn('invited_by', 'text')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('last_sign_in_at', 'timestamptz')
      .addColumn('last_connection_id', 'text')
      .addUniqueConstraint('person_issuer_subject', ['issuer', 'subject'])
      .execute();
    await db.schema
      .createTable('membership')
      .addColumn('person_id', 'text', (column) =>
        column.notNull().references('person.id').onDelete('cascade'),
      )
      .addColumn('connection_id', 'text', (column) =>
        column.notNull().references('connection.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (column) =>
        column.notNull().check(sql`role in ('admin', 'operator', 'support')`),
      )
      .addColumn('source', 'text', (column) => column.notNull().check(sql`source in ('console', 'claim')`))
      .addColumn('granted_at', 'timestamptz', (column) => column.notNull())
      .addColumn('granted_by', 'text')
      .addPrimaryKeyConstraint('membership_pk', ['person_id', 'connection_id'])
      .execute();
    await db.schema.createIndex('membership_connection').on('membership').column('connection_id').execute();
    await db.schema
      .createIndex('audit_entry_person')
      .on('audit_entry')
      .columns(['environment', 'owner_provider_id', 'actor_subject', 'at desc', 'id desc'])
      .where(sql.ref('actor_subject'), 'is not', null)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('audit_entry_person').execute();
    await db.schema.dropTable('membership').execute();
    await db.schema.dropTable('person').execute();
    await db.schema.dropTable('connection').execute();
  },
};
