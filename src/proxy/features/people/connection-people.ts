// Everyone with a role on a connection (docs/decisions/0023): the directory's members, and the
// ADMIN_EMAILS admins (admins of every connection by configuration, not by a stored role) who are
// `person` rows, that is who have signed in or been invited. One list for the People screen
// (features/people/routes.ts) and the alerts' recipients (features/alerts/raise.ts, docs/decisions/0026).
import type { Directory, Membership, Person } from './directory.ts';

export interface ConnectionPerson {
  person: Person;
  /** Their stored role here; undefined for an ADMIN_EMAILS admin without one. */
  membership: Membership | undefined;
  /** An admin through ADMIN_EMAILS (whatever role is stored: the configuration wins). */
  byConfiguration: boolean;
}

export async function connectionPeople(
  directory: Directory,
  connectionId: string,
  adminEmails: ReadonlySet<string>,
): Promise<ConnectionPerson[]> {
  const listed: ConnectionPerson[] = (await directory.members(connectionId)).map(
    ({ person, membership }) => ({ person, membership, byConfiguration: adminEmails.has(person.email) }),
  );
  const known = new Set(listed.map((entry) => entry.person.id));
  for (const email of adminEmails) {
    // oxlint-disable-next-line no-await-in-loop -- a handful of configured addresses
    const person = await directory.personByEmail(email);
    if (person && !known.has(person.id)) {
      known.add(person.id);
      listed.push({ person, membership: undefined, byConfiguration: true });
    }
  }
  return listed;
}
