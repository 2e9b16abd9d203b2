// A directory row as the rest of the proxy reads it (docs/decisions/0023): times in milliseconds,
// unknown roles and environments narrowed to the safest reading.
import type { Selectable } from 'kysely';
import { ROLES, type Role } from '../../../proxy-api/permissions.ts';
import { environmentIds } from '../../core/upstream/environments.ts';
import type { Connection, Membership, Person } from './directory.ts';
import type { ConnectionTable, MembershipTable, PersonTable } from '../../core/store/schema.ts';

export const time = (value: Date | null) => (value === null ? null : value.getTime());

export function connectionOf(row: Selectable<ConnectionTable>): Connection {
  const environment = environmentIds.find((id) => id === row.environment) ?? 'demo';
  return {
    id: row.id,
    label: row.label,
    environment,
    providerId: row.provider_id,
    clientId: row.client_id,
    providerVerified: row.provider_verified,
    refusedAt: time(row.refused_at),
    createdAt: row.created_at.getTime(),
    createdBy: row.created_by,
    webhookHost: row.webhook_host,
  };
}

export function personOf(row: Selectable<PersonTable>): Person {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    issuer: row.issuer,
    subject: row.subject,
    createdAt: row.created_at.getTime(),
    lastSignInAt: time(row.last_sign_in_at),
    lastConnectionId: row.last_connection_id,
  };
}

export const roleOf = (value: string): Role => ROLES.find((role) => role === value) ?? 'support';

export function membershipOf(row: Selectable<MembershipTable>): Membership {
  return {
    personId: row.person_id,
    connectionId: row.connection_id,
    role: roleOf(row.role),
    source: row.source === 'claim' ? 'claim' : 'console',
    grantedAt: row.granted_at.getTime(),
    grantedBy: row.granted_by,
  };
}
