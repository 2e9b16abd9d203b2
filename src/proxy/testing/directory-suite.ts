// One suite for the directory of people and connections (docs/decisions/0023), run on PostgreSQL
// and PGlite: the same migration and queries must behave alike on both engines.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, test } from 'vitest';
import { createSqlDirectory } from '../features/people/repository.ts';
import type { Database } from '../core/store/schema.ts';
import type { Directory, NewConnection } from '../features/people/directory.ts';
import { createSecretBox } from '../core/store/secret-box.ts';

export const canarySecret = 'CANARY-CONNECTION-SECRET-3c9e1f';

let providers = 1000;
const at = Date.parse('2026-11-20T10:00:00Z');

/** A new connection to a provider no other test uses. */
const connection = (overrides: Partial<NewConnection> = {}): NewConnection => ({
  label: `Parent ${++providers}`,
  environment: 'qa',
  providerId: providers,
  clientId: `client-${providers}`,
  clientSecret: canarySecret,
  providerVerified: true,
  createdBy: null,
  at,
  ...overrides,
});

export function directorySuite(name: string, open: () => { db: Kysely<Database>; key: Uint8Array }): void {
  const directory = (): Directory => {
    const { db, key } = open();
    return createSqlDirectory(db, createSecretBox(key));
  };

  describe(`the directory (${name})`, () => {
    test('keeps a connection’s secret sealed: the row holds no trace of it, and only the deployment key opens it', async () => {
      const people = directory();
      const added = await people.addConnection(connection());
      if (added === 'exists') throw new Error('a new connection');
      const row = await open()
        .db.selectFrom('connection')
        .selectAll()
        .where('id', '=', added.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(canarySecret);
      expect(row.sealed_secret).toMatch(/^v2\.[\w=-]+\.[\w=-]+$/);
      expect(await people.connectionSecret(added.id)).toBe(canarySecret);
      const otherKey = createSqlDirectory(open().db, createSecretBox(randomBytes(32)));
      expect(await otherKey.connectionSecret(added.id)).toBeUndefined();
      // A sealed secret copied onto another connection's row does not open there.
      const other = await people.addConnection(connection({ clientSecret: 'another-secret' }));
      if (other === 'exists') throw new Error('a new connection');
      await open()
        .db.updateTable('connection')
        .set({ sealed_secret: row.sealed_secret })
        .where('id', '=', other.id)
        .execute();
      expect(await people.connectionSecret(other.id)).toBeUndefined();
    });

    test('one connection per environment and provider; a new secret replaces the old and clears a refusal; removal takes the roles with it', async () => {
      const people = directory();
      const first = await people.addConnection(connection());
      if (first === 'exists') throw new Error('a new connection');
      expect(await people.addConnection(connection({ providerId: first.providerId }))).toBe('exists');
      await people.markRefused(first.id, at + 1_000);
      expect((await people.connections()).find((c) => c.id === first.id)?.refusedAt).toBe(at + 1_000);
      const replaced = await people.replaceConnectionSecret(first.id, {
        clientId: 'client-new',
        clientSecret: 'new-secret',
        providerVerified: true,
        at: at + 2_000,
      });
      expect(replaced).toMatchObject({ clientId: 'client-new', refusedAt: null });
      expect(await people.connectionSecret(first.id)).toBe('new-secret');
      const person = await people.ensurePerson({ email: `p${providers}@example.test`, invitedBy: null, at });
      await people.grant(person.id, { connectionId: first.id, role: 'operator' }, null, at);
      expect(await people.removeConnection(first.id)).toBe(true);
      expect(await people.memberships(person.id)).toEqual([]);
      expect(await people.connectionSecret(first.id)).toBeUndefined();
    });

    test('a person is one row per address (any case), bound to the provider’s account at the first sign-in', async () => {
      const people = directory();
      const email = `Mixed.Case${providers++}@Example.test`;
      const invited = await people.ensurePerson({ email, invitedBy: null, at });
      expect(invited.email).toBe(email.toLowerCase());
      expect((await people.ensurePerson({ email: email.toUpperCase(), invitedBy: null, at })).id).toBe(
        invited.id,
      );
      expect(await people.personBySubject('https://id.example', 'sub-1')).toBeUndefined();
      await people.recordSignIn(invited.id, {
        issuer: 'https://id.example',
        subject: `sub-${providers}`,
        name: 'Ana',
        at: at + 5,
      });
      expect(await people.personBySubject('https://id.example', `sub-${providers}`)).toMatchObject({
        id: invited.id,
        name: 'Ana',
        lastSignInAt: at + 5,
      });
      await people.recordSignIn(invited.id, {
        issuer: 'https://id.example',
        subject: `sub-${providers}`,
        name: 'Ana',
        at: null,
      });
      expect((await people.person(invited.id))?.lastSignInAt).toBe(at + 5);
    });

    test('roles: an admin’s choice replaces a claim’s and survives the next sign-in’s claims; revoking and removing', async () => {
      const people = directory();
      const [one, two] = await Promise.all([
        people.addConnection(connection()),
        people.addConnection(connection()),
      ]);
      if (one === 'exists' || two === 'exists' || !one || !two) throw new Error('two new connections');
      const person = await people.ensurePerson({
        email: `roles${providers}@example.test`,
        invitedBy: null,
        at,
      });
      await people.replaceClaimGrants(
        person.id,
        [
          { connectionId: one.id, role: 'support' },
          { connectionId: two.id, role: 'support' },
        ],
        at,
      );
      await people.grant(person.id, { connectionId: one.id, role: 'admin' }, 'someone', at);
      await people.replaceClaimGrants(person.id, [{ connectionId: one.id, role: 'operator' }], at + 1);
      const held = await people.memberships(person.id);
      expect(held.map(({ connectionId, role, source }) => ({ connectionId, role, source }))).toEqual([
        { connectionId: one.id, role: 'admin', source: 'console' },
      ]);
      expect((await people.members(one.id)).map(({ person: member }) => member.id)).toEqual([person.id]);
      expect(await people.revoke(person.id, one.id)).toBe(true);
      expect(await people.revoke(person.id, one.id)).toBe(false);
      await people.grant(person.id, { connectionId: two.id, role: 'support' }, null, at);
      await people.removePerson(person.id);
      expect(await people.person(person.id)).toBeUndefined();
      expect(await people.members(two.id)).toEqual([]);
    });
  });
}
