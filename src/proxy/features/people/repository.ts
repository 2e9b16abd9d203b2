// People, roles and connections in PostgreSQL or PGlite through Kysely (docs/decisions/0023). A
// connection's client secret is sealed with the deployment key (DATA_ENCRYPTION_KEY, AES-256-GCM)
// before it is written, bound to the connection's id, environment, provider and client id: a row
// copied or edited to another provider no longer opens, and the table alone reveals nothing.
import type { Kysely } from 'kysely';
import type { EnvironmentId } from '../../core/upstream/environments.ts';
import type { Connection, Directory, Grant, Membership, NewConnection, Person } from './directory.ts';
import { normaliseEmail } from './directory.ts';
import { connectionOf, membershipOf, personOf } from './rows.ts';
import type { SecretBox } from '../../core/store/secret-box.ts';
import type { Database } from '../../core/store/schema.ts';

const secretContext = (row: Pick<Connection, 'id' | 'environment' | 'providerId' | 'clientId'>) =>
  JSON.stringify(['connection-secret', row.id, row.environment, row.providerId, row.clientId]);

/** Postgres' unique_violation. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

export class SqlDirectory implements Directory {
  readonly #db: Kysely<Database>;
  readonly #dataBox: SecretBox;

  constructor(db: Kysely<Database>, dataBox: SecretBox) {
    this.#db = db;
    this.#dataBox = dataBox;
  }

  #personWhere(column: 'id' | 'email', value: string) {
    return this.#db.selectFrom('person').selectAll().where(column, '=', value).executeTakeFirst();
  }

  async connections(): Promise<Connection[]> {
    const rows = await this.#db.selectFrom('connection').selectAll().orderBy('label').orderBy('id').execute();
    return rows.map(connectionOf);
  }

  async connectionSecret(id: string): Promise<string | undefined> {
    const row = await this.#db.selectFrom('connection').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return this.#dataBox.open(row.sealed_secret, secretContext(connectionOf(row)));
  }

  async addConnection(input: NewConnection): Promise<Connection | 'exists'> {
    const id = crypto.randomUUID();
    const at = new Date(input.at);
    const environment: EnvironmentId = input.environment;
    const sealed = await this.#dataBox.seal(input.clientSecret, secretContext({ id, ...input, environment }));
    try {
      const row = await this.#db
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
  }

  async replaceConnectionSecret(
    id: string,
    input: Parameters<Directory['replaceConnectionSecret']>[1],
  ): Promise<Connection | undefined> {
    const current = await this.#db
      .selectFrom('connection')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return undefined;
    const connection = connectionOf(current);
    const sealed = await this.#dataBox.seal(
      input.clientSecret,
      secretContext({ ...connection, clientId: input.clientId }),
    );
    const row = await this.#db
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
  }

  async removeConnection(id: string): Promise<boolean> {
    const result = await this.#db.deleteFrom('connection').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async markRefused(id: string, at: number | null): Promise<void> {
    await this.#db
      .updateTable('connection')
      .set({ refused_at: at === null ? null : new Date(at) })
      .where('id', '=', id)
      .execute();
  }

  async person(id: string): Promise<Person | undefined> {
    const row = await this.#personWhere('id', id);
    return row ? personOf(row) : undefined;
  }

  async personBySubject(issuer: string, subject: string): Promise<Person | undefined> {
    const row = await this.#db
      .selectFrom('person')
      .selectAll()
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row ? personOf(row) : undefined;
  }

  async personByEmail(email: string): Promise<Person | undefined> {
    const row = await this.#personWhere('email', normaliseEmail(email));
    return row ? personOf(row) : undefined;
  }

  async ensurePerson(input: Parameters<Directory['ensurePerson']>[0]): Promise<Person> {
    const email = normaliseEmail(input.email);
    await this.#db
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
    const row = await this.#personWhere('email', email);
    if (!row) throw new Error('the person was added and then not found');
    return personOf(row);
  }

  async recordSignIn(id: string, input: Parameters<Directory['recordSignIn']>[1]): Promise<void> {
    await this.#db
      .updateTable('person')
      .set({
        issuer: input.issuer,
        subject: input.subject,
        name: input.name,
        ...(input.at === null ? {} : { last_sign_in_at: new Date(input.at) }),
      })
      .where('id', '=', id)
      .execute();
  }

  async setLastConnection(personId: string, connectionId: string): Promise<void> {
    await this.#db
      .updateTable('person')
      .set({ last_connection_id: connectionId })
      .where('id', '=', personId)
      .execute();
  }

  async removePerson(id: string): Promise<void> {
    await this.#db.deleteFrom('person').where('id', '=', id).execute();
  }

  async memberships(personId: string): Promise<Membership[]> {
    const rows = await this.#db
      .selectFrom('membership')
      .selectAll()
      .where('person_id', '=', personId)
      .execute();
    return rows.map(membershipOf);
  }

  async members(connectionId: string): ReturnType<Directory['members']> {
    const rows = await this.#db
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
  }

  async grant(personId: string, grant: Grant, by: string | null, at: number): Promise<void> {
    await this.#db
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
  }

  async revoke(personId: string, connectionId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('membership')
      .where('person_id', '=', personId)
      .where('connection_id', '=', connectionId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async replaceClaimGrants(personId: string, grants: readonly Grant[], at: number): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
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
  }
}

export const createSqlDirectory = (db: Kysely<Database>, dataBox: SecretBox): Directory =>
  new SqlDirectory(db, dataBox);
