// The People routes' rules (docs/decisions/0023): who is listed, who may be changed, and the audit
// entry each change leaves.
import type { Person as WirePerson } from '../../../proxy-api/people.ts';
import type { Role } from '../../../proxy-api/permissions.ts';
import type { Ctx } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { actorOf, ownerOf, recordEntries, requestFields, type AuditRecording } from '../audit/index.ts';
import type { GrantSource } from './access.ts';
import { connectionPeople } from './connection-people.ts';
import type { Connection, Directory, Person } from './directory.ts';

export const wirePerson = (person: Person, role: Role, source: GrantSource): WirePerson => ({
  id: person.id,
  email: person.email,
  name: person.name,
  role,
  source,
  invited: person.lastSignInAt === null,
  lastSignInAt: person.lastSignInAt === null ? null : new Date(person.lastSignInAt).toISOString(),
  subject: person.subject,
});

/** Everyone with a role here: the directory's, and ADMIN_EMAILS' admins who have signed in. */
export const everyone = async (
  directory: Directory,
  connectionId: string,
  adminEmails: ReadonlySet<string>,
) =>
  (await connectionPeople(directory, connectionId, adminEmails)).map(
    ({ person, membership, byConfiguration }) =>
      byConfiguration || !membership
        ? wirePerson(person, 'admin', 'admin_emails')
        : wirePerson(person, membership.role, membership.source),
  );

/** A person with a role on the connection that this console may change (not ADMIN_EMAILS'). */
export async function member(
  directory: Directory,
  id: string,
  connection: Pick<Connection, 'id' | 'label'>,
  adminEmails: ReadonlySet<string>,
) {
  const person = await directory.person(id);
  const held = person
    ? (await directory.memberships(person.id)).find((m) => m.connectionId === connection.id)
    : undefined;
  if (!person || !held) return refuse(404, 'not_found', `That person has no role on ${connection.label}.`);
  if (adminEmails.has(person.email))
    refuse(
      409,
      'last_admin',
      `${person.email} is an admin through ADMIN_EMAILS: change it in the deployment's configuration.`,
    );
  return { person, role: held.role };
}

/** Refused when the change would leave the connection without an admin (ADMIN_EMAILS aside). */
export async function lastAdminRefusal(
  directory: Directory,
  connection: Pick<Connection, 'id' | 'label'>,
  personId: string,
  adminEmails: ReadonlySet<string>,
): Promise<void> {
  if (adminEmails.size > 0) return;
  const admins = (await directory.members(connection.id)).filter(
    ({ membership }) => membership.role === 'admin',
  );
  if (admins.length === 1 && admins[0]?.person.id === personId)
    refuse(
      409,
      'last_admin',
      `This is the only admin of ${connection.label}: make someone else an admin first.`,
    );
}

/** The audit entry of a change to a person's role, with the admin's name. */
export async function recordPersonChange(
  deps: AuditRecording,
  c: Ctx,
  action: string,
  target: Person,
  detail: object,
  status: number,
): Promise<void> {
  const { session, person } = c.var;
  const { connection } = person;
  await recordEntries(deps, c, [
    {
      ...requestFields(c, deps.now),
      environment: session.environment,
      actor: actorOf(session),
      ownerProviderId: ownerOf(session),
      action,
      centreId: connection.providerId,
      subject: target.email,
      outcome: { status, code: null },
      detail: { connection: connection.label, ...detail },
    },
  ]);
}
