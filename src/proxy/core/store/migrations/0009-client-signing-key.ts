// 0009: the key the console signs its client assertions with, for OIDC_CLIENT_AUTH_METHOD=
// private_key_jwt (issue 45 item 3, RFC 7523): made once, by the first instance that needs it,
// and shared by every instance through the database. The private key is sealed with the
// deployment key as connection secrets are (migrations/0002); its public half is kept in clear,
// for the JWKS the provider fetches (/auth/jwks.json). Frozen: a later change is a new migration.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const clientSigningKey: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('client_signing_key')
      .addColumn('kid', 'text', (column) => column.primaryKey())
      .addColumn('private_sealed', 'text', (column) => column.notNull())
      .addColumn('public_jwk', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('client_signing_key').execute();
  },
};
