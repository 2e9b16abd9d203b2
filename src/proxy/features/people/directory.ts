// People, their roles and the connections they work through (docs/decisions/0023): one interface,
// implemented over PostgreSQL or PGlite (features/people/repository.ts) and tested by one suite
// (testing/directory-suite.ts). Web-standard types only: the app depends on this interface, never
// on the database.
import type { Role } from '../../../proxy-api/permissions.ts';
import type { EnvironmentId } from '../../core/upstream/environments.ts';

export interface Connection {
  id: string;
  /** The parent's name as the admin wrote it ("Red Salud Demo"): how people know it. */
  label: string;
  environment: EnvironmentId;
  providerId: number;
  clientId: string;
  providerVerified: boolean;
  /** Epoch ms when the service last refused its secret; null while it works. */
  refusedAt: number | null;
  createdAt: number;
  /** The person who registered it; null for the demo's own. */
  createdBy: string | null;
  /** Its chat webhook's host, when one is set (the URL itself is sealed: features/connections/webhook-repository.ts). */
  webhookHost: string | null;
}

export interface NewConnection {
  label: string;
  environment: EnvironmentId;
  providerId: number;
  clientId: string;
  clientSecret: string;
  providerVerified: boolean;
  createdBy: string | null;
  at: number;
}

export interface Person {
  id: string;
  /** Lower-cased. */
  email: string;
  name: string | null;
  issuer: string | null;
  subject: string | null;
  createdAt: number;
  lastSignInAt: number | null;
  lastConnectionId: string | null;
}

export type MembershipSource = 'console' | 'claim';

export interface Membership {
  personId: string;
  connectionId: string;
  role: Role;
  source: MembershipSource;
  grantedAt: number;
  grantedBy: string | null;
}

export interface Grant {
  connectionId: string;
  role: Role;
}

export interface Directory {
  /** Every connection, by label. */
  connections(): Promise<Connection[]>;
  /** The connection's client secret, opened with the deployment key; undefined when it does not open. */
  connectionSecret(id: string): Promise<string | undefined>;
  /** 'exists' when a connection for that environment and provider is already registered. */
  addConnection(input: NewConnection): Promise<Connection | 'exists'>;
  replaceConnectionSecret(
    id: string,
    input: { clientId: string; clientSecret: string; providerVerified: boolean; at: number },
  ): Promise<Connection | undefined>;
  /** Removes a connection and every role on it. */
  removeConnection(id: string): Promise<boolean>;
  /** Flags (a time) or clears (null) the service's refusal of a connection's secret. */
  markRefused(id: string, at: number | null): Promise<void>;

  person(id: string): Promise<Person | undefined>;
  personBySubject(issuer: string, subject: string): Promise<Person | undefined>;
  personByEmail(email: string): Promise<Person | undefined>;
  /** The person with that e-mail, added when there is none (an invitation, a first sign-in). */
  ensurePerson(input: {
    email: string;
    name?: string | null;
    invitedBy: string | null;
    at: number;
  }): Promise<Person>;
  /**
   * A sign-in: binds the provider's account to the person (first time) and refreshes their name and
   * the time (`at`; null binds the account only, as the demo's seeding does).
   */
  recordSignIn(
    id: string,
    input: { issuer: string; subject: string; name: string | null; at: number | null },
  ): Promise<void>;
  setLastConnection(personId: string, connectionId: string): Promise<void>;
  /** Removes a person and every role they hold. */
  removePerson(id: string): Promise<void>;

  memberships(personId: string): Promise<Membership[]>;
  /** The people with a role on a connection. */
  members(connectionId: string): Promise<{ person: Person; membership: Membership }[]>;
  /** Sets a role (an admin's choice: it replaces a claim's). */
  grant(personId: string, grant: Grant, by: string | null, at: number): Promise<void>;
  /** Removes a role; answers whether there was one. */
  revoke(personId: string, connectionId: string): Promise<boolean>;
  /**
   * The roles an ID-token claim gives, replacing the previous sign-in's; a role set in the console
   * for the same connection stays (an admin's choice wins).
   */
  replaceClaimGrants(personId: string, grants: readonly Grant[], at: number): Promise<void>;
  close?(): Promise<void>;
}

/** One way to write an e-mail address down, so that one person has one row. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
