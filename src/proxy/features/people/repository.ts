// People, roles and connections in PostgreSQL or PGlite through Kysely (docs/decisions/0023). A
// connection's client secret is sealed with the deployment key (DATA_ENCRYPTION_KEY, AES-256-GCM)
// before it is written, bound to the connection's id, environment, provider and client id: a row
// copied or edited to another provider no longer opens, and the table alone reveals nothing.
import type { Kysely, Selectable } from 'kysely';
import { ROLES, type Role } from '../../../proxy-api/permissions.ts';
import { environmentIds, type EnvironmentId } from '../../core/upstream/environments.ts';
import type { Connection, Directory, Membership, Person } from './directory.ts';
import { normaliseEmail } from './directory.ts';
import type { SecretBox } from '../../core/store/secret-box.ts';
import type { ConnectionTable, Database, MembershipTable, PersonTable } from '../../core/store/schema.ts';

const secretContext = (row: Pick<Connection, 'id' | 'environment' | 'providerId' | 'clientId'>) =>
  JSON.stringify(['connection-secret', row.id, row.environment, row.providerId, row.clientId]);

/** Postgres' unique_violation. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

const time = (value: Date | null) => (value === null ? null : value.getTime());

function connectionOf(row: Selectable<ConnectionTable>): Connection {
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

function personOf(row: Selectable<PersonTable>): Person {
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

const roleOf = (value: string): Role => ROLES.find((role) => role === value) ?? 'support';

function membershipOf(row: Selectable<MembershipTable>): Membership {
  return {
    personId: row.person_id,
    connectionId: row.connection_id,
    role: roleOf(row.role),
    source: row.source === 'claim' ? 'claim' : 'console',
    grantedAt: row.granted_at.getTime(),
    grantedBy: row.granted_by,
  };
}

export function createSqlDirectory(db: Kysely<Database>, dataBox: SecretBox): Directory {
  const personWhere = (column: 'id' | 'email', value: string) =>
    db.selectFrom('person').selectAll().where(column, '=', value).executeTakeFirst();

  return {
    async connections() {
      const rows = await db.selectFrom('connection').selectAll().orderBy('label').orderBy('id').execute();
      return rows.map(connectionOf);
    },

    async connectionSecret(id) {
      const row = await db.selectFrom('connection').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return dataBox.open(row.sealed_secret, secretContext(connectionOf(row)));
    },

    async addConnection(input) {
      const id = crypto.randomUUID();
      const at = new Date(input.at);
      const environment: EnvironmentId = input.environment;
      const sealed = await dataBox.seal(input.clientSecret, secretContext({ id, ...input, environment }));
      try {
        const row = await db
          .insertInto('connection')
          .values({
            id,
            label: input.label,
            environment,
            provider_id: input.providerId,
            client_id: input.clientId,
            sealed_secret: sealed,
            provider_verified: input.providerVerified,
            refused_at: null,
            created_at: at,
            created_by: input.createdBy,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return connectionOf(row);
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    async replaceConnectionSecret(id, input) {
      const current = await db.selectFrom('connection').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) return undefined;
      const connection = connectionOf(current);
      const sealed = await dataBox.seal(
        input.clientSecret,
        secretContext({ ...connection, clientId: input.clientId }),
      );
      const row = await db
        .updateTable('connection')
        .set({
          client_id: input.clientId,
          sealed_secret: sealed,
          provider_verified: input.providerVerified,
          refused_at: null,
          updated_at: new Date(input.at),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? connectionOf(row) : undefined;
    },

    async removeConnection(id) {
      const result = await db.deleteFrom('connection').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async markRefused(id, at) {
      await db
        .updateTable('connection')
        .set({ refused_at: at === null ? null : new Date(at) })
        .where('id', '=', id)
        .execute();
    },

    async person(id) {
      const row = await personWhere('id', id);
      return row ? personOf(row) : undefined;
    },

    async personBySubject(issuer, subject) {
      const row = await db
        .selectFrom('person')
        .selectAll()
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row ? personOf(row) : undefined;
    },

    async personByEmail(email) {
      const row = await personWhere('email', normaliseEmail(email));
      return row ? personOf(row) : undefined;
    },

    async ensurePerson(input) {
      const email = normaliseEmail(input.email);
      await db
        .insertInto('person')
        .values({
          id: crypto.randomUUID(),
          email,
          name: input.name ?? null,
          invited_by: input.invitedBy,
          created_at: new Date(input.at),
        })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute();
      const row = await personWhere('email', email);
      if (!row) throw new Error('the person was added and then not found');
      return personOf(row);
    },

    async recordSignIn(id, input) {
      await db
        .updateTable('person')
        .set({
          issuer: input.issuer,
          subject: input.subject,
          name: input.name,
          ...(input.at === null ? {} : { last_sign_in_at: new Date(input.at) }),
        })
        .where('id', '=', id)
        .execute();
    },

    async setLastConnection(personId, connectionId) {
      await db
        .updateTable('person')
        .set({ last_connection_id: connectionId })
        .where('id', '=', personId)
        .execute();
    },

    async removePerson(id) {
      await db.deleteFrom('person').where('id', '=', id).execute();
    },

    async memberships(personId) {
      const rows = await db.selectFrom('membership').selectAll().where('person_id', '=', personId).execute();
      return rows.map(membershipOf);
    },

    async members(connectionId) {
      const rows = await db
        .selectFrom('membership')
        .innerJoin('person', 'person.id', 'membership.person_id')
        .selectAll('person')
        .select([
          'membership.person_id',
          'membership.connection_id',
          'membership.role',
          'membership.source',
          'membership.granted_at',
          'membership.granted_by',
        ])
        .where('membership.connection_id', '=', connectionId)
        .orderBy('person.email')
        .execute();
      return rows.map((row) => ({ person: personOf(row), membership: membershipOf(row) }));
    },

    async grant(personId, grant, by, at) {
      await db
        .insertInto('membership')
        .values({
          person_id: personId,
          connection_id: grant.connectionId,
          role: grant.role,
          source: 'console',
          granted_at: new Date(at),
          granted_by: by,
        })
        .onConflict((conflict) =>
          conflict.columns(['person_id', 'connection_id']).doUpdateSet({
            role: grant.role,
            source: 'console',
            granted_at: new Date(at),
            granted_by: by,
          }),
        )
        .execute();
    },

    async revoke(personId, connectionId) {
      const result = await db
        .deleteFrom('membership')
        .where('person_id', '=', personId)
        .where('connection_id', '=', connectionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async replaceClaimGrants(personId, grants, at) {
      await db.transaction().execute(async (tx) => {
        await tx
          .deleteFrom('membership')
          .where('person_id', '=', personId)
          .where('source', '=', 'claim')
          .execute();
        if (grants.length === 0) return;
        await tx
          .insertInto('membership')
          .values(
            grants.map((grant) => ({
              person_id: personId,
              connection_id: grant.connectionId,
              role: grant.role,
              source: 'claim',
              granted_at: new Date(at),
              granted_by: null,
            })),
          )
          // A role an admin set for the same connection stays.
          .onConflict((conflict) => conflict.columns(['person_id', 'connection_id']).doNothing())
          .execute();
      });
    },
  };
}
