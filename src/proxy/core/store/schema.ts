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
  /** bigint identity: numbers on both engines (int8 parsed as a JS number, core/store/engine.ts). */
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

/** A parent provider registered once (migrations/0002): its secret sealed with DATA_ENCRYPTION_KEY. */
export interface ConnectionTable {
  id: ColumnType<string, string, never>;
  label: string;
  environment: ColumnType<string, string, never>;
  provider_id: ColumnType<number, number, never>;
  client_id: string;
  /** `v2.<iv>.<ciphertext>` (secret-box.ts), bound to the connection's id, environment and provider. */
  sealed_secret: string;
  provider_verified: boolean;
  refused_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date, never>;
  created_by: ColumnType<string | null, string | null | undefined, never>;
  updated_at: Date;
  /** The chat webhook's URL, sealed like the secret (migrations/0005, docs/decisions/0027). */
  webhook_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its host, the only part shown back. */
  webhook_host: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Someone who may sign in as themselves (migrations/0002). */
export interface PersonTable {
  id: ColumnType<string, string, never>;
  email: string;
  name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The organisation provider's issuer and subject, bound at the first sign-in. */
  issuer: ColumnType<string | null, string | null | undefined, string | null>;
  subject: ColumnType<string | null, string | null | undefined, string | null>;
  invited_by: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date, never>;
  last_sign_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_connection_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language of the person's alert e-mails (migrations/0004); null: English. */
  alert_language: ColumnType<string | null, string | null | undefined, string | null>;
  /** The IANA time zone of the person's alert e-mails (migrations/0010); null: UTC. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A person's role on a connection (migrations/0002). */
export interface MembershipTable {
  person_id: ColumnType<string, string, never>;
  connection_id: ColumnType<string, string, never>;
  role: string;
  /** 'console' (set by an admin) or 'claim' (from the ID token, replaced at each sign-in). */
  source: string;
  granted_at: Date;
  granted_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A connection's refreshes (migrations/0003, docs/decisions/0025). */
export interface WatchConnectionTable {
  connection_id: ColumnType<string, string, never>;
  requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  started_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  outcome: ColumnType<string | null, string | null | undefined, string | null>;
  centres: ColumnType<number | null, number | null | undefined, number | null>;
  failed_centres: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The latest state of a centre (migrations/0003): `state` is src/proxy-api/centre-state.ts's CentreState. */
export interface CentreSnapshotTable {
  connection_id: ColumnType<string, string, never>;
  centre_id: ColumnType<number, number, never>;
  name: string;
  listed: boolean;
  billing: string | null;
  contract: string;
  contract_status: string | null;
  suspended: boolean;
  state: ColumnType<unknown, string, string>;
  fetched_at: Date;
  changed_at: Date;
  unlisted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** One change of a centre's state (migrations/0003), never updated. */
export interface CentreChangeTable {
  id: ColumnType<number, never, never>;
  connection_id: Fixed<string>;
  centre_id: Fixed<number>;
  at: Fixed<Date>;
  kind: Fixed<string>;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string, never>;
}

/** An alert (migrations/0004, docs/decisions/0026), never updated. */
export interface AlertTable {
  id: ColumnType<number, never, never>;
  connection_id: Fixed<string>;
  centre_id: Fixed<number>;
  rule: Fixed<string>;
  dedupe_key: Fixed<string>;
  change_id: FixedOptional<number | null>;
  raised_at: Fixed<Date>;
  payload: ColumnType<unknown, string, never>;
}

/** A person's choice for one rule (migrations/0004). */
export interface AlertPreferenceTable {
  person_id: ColumnType<string, string, never>;
  rule: ColumnType<string, string, never>;
  inbox: boolean;
  email: boolean;
}

/** An alert in a person's inbox (migrations/0004). */
export interface AlertInboxTable {
  alert_id: ColumnType<number, number, never>;
  /** The person an e-mail goes to; null for a connection's chat webhook (migration 0006). */
  person_id: ColumnType<string | null, string | null, never>;
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A message to send for an alert (migrations/0004): a durable, retried job. */
export interface AlertDeliveryTable {
  id: ColumnType<number, never, never>;
  alert_id: ColumnType<number, number, never>;
  /** The person an e-mail goes to; null for a connection's chat webhook (migration 0006). */
  person_id: ColumnType<string | null, string | null, never>;
  channel: ColumnType<string, string, never>;
  kind: ColumnType<string, string, never>;
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error_code: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  next_at: ColumnType<Date, Date | undefined, Date>;
  /** The dead-lettered job's data, sent again as it was (migration 0008); null on older rows. */
  job: ColumnType<unknown, string | null | undefined, string | null>;
  /** The job that sends it again, once "Send again" was dispatched (migration 0008). */
  job_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Per connection, the last change whose alerts were raised (migration 0008). */
export interface AlertCursorTable {
  connection_id: ColumnType<string, string, never>;
  raised_change: ColumnType<number, number | undefined, number>;
}

/** A message a raise owes, until the dispatcher makes it a job (migration 0008). */
export interface AlertOutboxTable {
  id: ColumnType<number, never, never>;
  connection_id: ColumnType<string, string, never>;
  person_id: ColumnType<string | null, string | null, never>;
  channel: ColumnType<string, string, never>;
  kind: ColumnType<string, string, never>;
  after_alert: ColumnType<number, number, never>;
  up_to_alert: ColumnType<number, number, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The console's key for private_key_jwt client assertions (migration 0009). */
export interface ClientSigningKeyTable {
  kid: ColumnType<string, string, never>;
  private_sealed: ColumnType<string, string, never>;
  public_jwk: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date, never>;
}

export interface Database {
  audit_entry: AuditEntryTable;
  connection: ConnectionTable;
  person: PersonTable;
  membership: MembershipTable;
  watch_connection: WatchConnectionTable;
  centre_snapshot: CentreSnapshotTable;
  centre_change: CentreChangeTable;
  alert: AlertTable;
  alert_preference: AlertPreferenceTable;
  alert_inbox: AlertInboxTable;
  alert_delivery: AlertDeliveryTable;
  alert_cursor: AlertCursorTable;
  alert_outbox: AlertOutboxTable;
  client_signing_key: ClientSigningKeyTable;
}
