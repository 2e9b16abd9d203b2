// The database's tables as Kysely sees them (docs/decisions/0018): one interface per table, named
// as in SQL. Each migration in migrations/ changes the schema; this file says what it is after the
// last one. Every column of the audit log is `never` on update: the log is append-only here too,
// as in the database (its trigger refuses UPDATE, and DELETE outside the retention purge).
import type { ColumnType, JSONColumnType } from 'kysely';

/** Written once, never updated. */
type Fixed<T> = ColumnType<T, T, never>;
/** Optional on insert (SQL default or null), never updated. */
type FixedOptional<T> = ColumnType<T, T | undefined, never>;

export interface AuditEntryTable {
  /** bigint identity: numbers on both engines (int8 parsed as a JS number, db/engine.ts). */
  id: ColumnType<number, never, never>;
  at: Fixed<Date>;
  environment: Fixed<string>;
  /** 'client' (client credentials), 'person' (issue 25's organisation sign-in), 'system' (jobs). */
  actor_kind: Fixed<string>;
  /** The provider the session is labelled with, and its client id (typed at a failed sign-in). */
  actor_provider_id: FixedOptional<number | null>;
  actor_client_id: FixedOptional<string | null>;
  /** A person signed in as themselves (issue 25): the ID token's subject, name and e-mail. */
  actor_subject: FixedOptional<string | null>;
  actor_name: FixedOptional<string | null>;
  actor_email: FixedOptional<string | null>;
  /** The stored connection a person worked through (issue 25). */
  connection_id: FixedOptional<string | null>;
  /** The provider that owns the credentials used, as the login verified it; null when unknown. */
  owner_provider_id: FixedOptional<number | null>;
  action: Fixed<string>;
  /** The centre acted on. */
  centre_id: FixedOptional<number | null>;
  /** What within the centre: a contract event's id, a doctor's own id. */
  subject: FixedOptional<string | null>;
  /** The HTTP status the console received, and the service's or the proxy's error code. */
  status: FixedOptional<number | null>;
  code: FixedOptional<string | null>;
  /** A 2xx answer: accepted entries and refused attempts are kept and read apart. */
  accepted: Fixed<boolean>;
  request_id: FixedOptional<string | null>;
  client_address: FixedOptional<string | null>;
  user_agent: FixedOptional<string | null>;
  /** What the action needs beyond the columns (audit/entry.ts); never the service's free text. */
  detail: JSONColumnType<Record<string, unknown>, string, never>;
}

export interface Database {
  audit_entry: AuditEntryTable;
}
