// What a session may do right now (docs/decisions/0023). A client-credential session keeps its
// rights; a person's come from their role on the session's connection, read from the directory on
// every request through a small per-process cache. Any change to a person or a connection is
// announced to every instance sharing the session store (Redis pub/sub), which drops its cached
// copy: the next request is judged by the new role, and a removed person's session ends, on every
// instance, at once. A cached copy is also never older than `maxAgeMs`, should an announcement be
// lost while Redis reconnects.
import {
  CLIENT_SESSION_PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
  type Permission,
  type Role,
} from '../../../proxy-api/permissions.ts';
import type { SessionStore } from '../../core/sessions/store.ts';
import type { Session } from '../../core/sessions/sessions.ts';
import type { Connection, Directory, Person } from './directory.ts';

export type GrantSource = 'console' | 'claim' | 'admin_emails';

export interface PersonGrant {
  connection: Connection;
  role: Role;
  source: GrantSource;
}

export interface PersonRecord {
  person: Person;
  /** Every connection the person has a role on, by label. */
  grants: PersonGrant[];
}

export type Access =
  | { kind: 'client'; permissions: readonly Permission[] }
  | {
      kind: 'person';
      person: Person;
      connection: Connection;
      role: Role;
      permissions: readonly Permission[];
      grants: PersonGrant[];
    }
  /** The session's person or their role on its connection is gone: the session ends. */
  | { kind: 'ended'; detail: string };

export interface AccessControlOptions {
  directory: Directory | undefined;
  store: SessionStore;
  /** ADMIN_EMAILS, lower-cased: admins of every connection. */
  adminEmails: ReadonlySet<string>;
  now: () => number;
  maxAgeMs?: number;
}

const rank = (role: Role) => ROLES.length - ROLES.indexOf(role);
const stronger = (a: Role, b: Role) => (rank(a) >= rank(b) ? a : b);

/** A person's record: their roles on the connections that exist, ADMIN_EMAILS applied. */
async function loadRecord(
  directory: Directory,
  adminEmails: ReadonlySet<string>,
  personId: string,
  allConnections: () => Promise<Connection[]>,
): Promise<PersonRecord | undefined> {
  const person = await directory.person(personId);
  if (!person) return undefined;
  const [memberships, every] = await Promise.all([directory.memberships(personId), allConnections()]);
  const byId = new Map(every.map((connection) => [connection.id, connection]));
  const grants = new Map<string, PersonGrant>();
  for (const membership of memberships) {
    const connection = byId.get(membership.connectionId);
    if (connection)
      grants.set(connection.id, { connection, role: membership.role, source: membership.source });
  }
  // ADMIN_EMAILS: the first admins, admins of every connection (docs/decisions/0023).
  if (adminEmails.has(person.email))
    for (const connection of every) {
      const held = grants.get(connection.id);
      if (!held || held.role !== 'admin')
        grants.set(connection.id, { connection, role: 'admin', source: 'admin_emails' });
    }
  const ordered = every.flatMap((connection) => {
    const grant = grants.get(connection.id);
    return grant ? [grant] : [];
  });
  return { person, grants: ordered };
}

export class AccessControl {
  readonly #options: AccessControlOptions;
  readonly #maxAgeMs: number;
  readonly #people = new Map<string, { record: PersonRecord | undefined; at: number }>();
  #connections: { list: Connection[]; at: number } | undefined;
  // Bumped by every announcement: a read that started before one is not cached (it may be stale).
  #generation = 0;

  constructor(options: AccessControlOptions) {
    this.#options = options;
    this.#maxAgeMs = options.maxAgeMs ?? 30_000;
    options.store.onAccessChanged((message) => this.#forget(message));
  }

  #forget(message: string): void {
    this.#generation += 1;
    if (message === 'connections') {
      this.#connections = undefined;
      this.#people.clear();
    } else if (message.startsWith('person:')) this.#people.delete(message.slice('person:'.length));
    else this.#people.clear();
  }

  /** Every connection (cached). */
  async connections(): Promise<Connection[]> {
    const { directory, now } = this.#options;
    if (!directory) return [];
    if (this.#connections && now() - this.#connections.at < this.#maxAgeMs) return this.#connections.list;
    const started = this.#generation;
    const list = await directory.connections();
    if (started === this.#generation) this.#connections = { list, at: now() };
    return list;
  }

  /** A person's record and roles (cached), undefined when the person is gone. */
  async record(personId: string): Promise<PersonRecord | undefined> {
    const { directory, adminEmails, now } = this.#options;
    const cached = this.#people.get(personId);
    if (cached && now() - cached.at < this.#maxAgeMs) return cached.record;
    const started = this.#generation;
    const record = directory
      ? await loadRecord(directory, adminEmails, personId, () => this.connections())
      : undefined;
    if (started === this.#generation) this.#people.set(personId, { record, at: now() });
    return record;
  }

  async of(session: Session): Promise<Access> {
    if (!session.person || session.connectionId === undefined)
      return { kind: 'client', permissions: CLIENT_SESSION_PERMISSIONS };
    const record = await this.record(session.person.id);
    if (!record) return { kind: 'ended', detail: 'An administrator removed your access to the console.' };
    const grant = record.grants.find((candidate) => candidate.connection.id === session.connectionId);
    if (!grant)
      return {
        kind: 'ended',
        detail: 'An administrator removed your role on this connection. Sign in again to continue.',
      };
    return {
      kind: 'person',
      person: record.person,
      connection: grant.connection,
      role: grant.role,
      permissions: ROLE_PERMISSIONS[grant.role],
      grants: record.grants,
    };
  }

  /** Drops what every instance holds about a person (`{ person }`) or every connection. */
  async changed(what: { person: string } | 'connections'): Promise<void> {
    const message = what === 'connections' ? 'connections' : `person:${what.person}`;
    this.#forget(message);
    try {
      await this.#options.store.announceAccessChanged(message);
    } catch {
      // The store cannot be reached: then no instance can look up any session either, so none
      // serves the old role meanwhile; caches expire within maxAgeMs once it is back.
    }
  }
}

export const createAccessControl = (options: AccessControlOptions): AccessControl =>
  new AccessControl(options);

/** The strongest of several roles (two claim values naming one connection). */
export const strongestRole = (roles: readonly Role[]): Role | undefined =>
  roles.reduce<Role | undefined>((best, role) => (best ? stronger(best, role) : role), undefined);
