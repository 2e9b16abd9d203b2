// 0001: the audit log (docs/decisions/0018). One append-only table: a trigger refuses UPDATE,
// TRUNCATE, and DELETE of any row younger than the purge's cutoff, which only the retention purge
// sets (`audit.purge_before`, for its own transaction). Indexes serve the reads: every read is
// scoped to one environment and one credentials owner, newest first, keyset-paged on (at, id),
// filtered by centre, action, outcome or actor. Frozen: a later change is a new migration.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const auditLog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_entry')
      .addColumn('id', 'bigint', (column) => column.generatedAlwaysAsIdentity().primaryKey())
      .addColumn('at', 'timestamptz', (column) => column.notNull())
      .addColumn('environment', 'text', (column) => column.notNull())
      .addColumn('actor_kind', 'text', (column) => column.notNull())
      .addColumn('actor_provider_id', 'bigint')
      .addColumn('actor_client_id', 'text')
      .addColumn('actor_subject', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('connection_id', 'text')
      .addColumn('owner_provider_id', 'bigint')
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('centre_id', 'bigint')
      .addColumn('subject', 'text')
      .addColumn('status', 'integer')
      .addColumn('code', 'text')
      .addColumn('accepted', 'boolean', (column) => column.notNull())
      .addColumn('request_id', 'text')
      .addColumn('client_address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('detail', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    const scoped = (name: string, columns: string[]) =>
      db.schema
        .createIndex(`audit_entry_${name}`)
        .on('audit_entry')
        .columns(['environment', 'owner_provider_id', ...columns, 'at desc', 'id desc'])
        .execute();
    await scoped('owner', []);
    await scoped('centre', ['centre_id']);
    await scoped('action', ['action']);
    await scoped('outcome', ['accepted']);
    // The actor filter, and the sessions whose owner is unknown (unverified, D3 development).
    await db.schema
      .createIndex('audit_entry_client')
      .on('audit_entry')
      .columns(['environment', 'actor_client_id', 'at desc', 'id desc'])
      .execute();
    await db.schema
      .createIndex('audit_entry_subject')
      .on('audit_entry')
      .columns(['environment', 'owner_provider_id', 'subject'])
      .where(sql.ref('subject'), 'is not', null)
      .execute();
    // The retention purge walks the oldest first.
    await db.schema.createIndex('audit_entry_at').on('audit_entry').column('at').execute();

    await sql`
      create function audit_entry_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and old.at < coalesce(
          nullif(current_setting('audit.purge_before', true), ''), '-infinity')::timestamptz then
          return old;
        end if;
        raise exception 'audit_entry is append-only: % refused', tg_op
          using errcode = 'insufficient_privilege';
      end $$`.execute(db);
    await sql`
      create trigger audit_entry_append_only before update or delete on audit_entry
      for each row execute function audit_entry_append_only()`.execute(db);
    await sql`
      create trigger audit_entry_no_truncate before truncate on audit_entry
      for each statement execute function audit_entry_append_only()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_entry').execute();
    await sql`drop function audit_entry_append_only()`.execute(db);
  },
};
