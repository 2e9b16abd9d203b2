// /people: who has a role on the session's connection (docs/decisions/0023). An admin invites by
// e-mail with a role (the person is known from then on and signs in with the organisation), changes
// a role, or removes a person. Each change is an audit entry with the admin's name, and is
// announced to every instance sharing the session store: the person's next request, wherever it
// lands, is judged by the new role, and a removed person's session ends.
import { Hono } from 'hono';
import {
  changeRoleRequestSchema,
  inviteRequestSchema,
  type Person as WirePerson,
} from '../../../proxy-api/people.ts';
import type { Role } from '../../../proxy-api/permissions.ts';
import { actorOf, ownerOf, recordEntries, requestFields } from '../audit/recorder.ts';
import { fail, readJsonBody, type Ctx, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import type { GrantSource } from './access.ts';
import { authorize, type Authorized } from './authorize.ts';
import { connectionPeople } from './connection-people.ts';
import { normaliseEmail, type Directory, type Person } from './directory.ts';

const wirePerson = (person: Person, role: Role, source: GrantSource): WirePerson => ({
  id: person.id,
  email: person.email,
  name: person.name,
  role,
  source,
  invited: person.lastSignInAt === null,
  lastSignInAt: person.lastSignInAt === null ? null : new Date(person.lastSignInAt).toISOString(),
  subject: person.subject,
});

type PersonAuthorized = Authorized & { access: { kind: 'person' } };

export function peopleRoutes(deps: AppDeps) {
  const routes = new Hono<ProxyEnv>();

  /** The session (a person's: a client-credential session has no people) and the directory. */
  const entry = async (c: Ctx, operation: 'listPeople' | 'invitePerson' | 'changeRole' | 'removePerson') => {
    const authorized = await authorize(deps, c, operation);
    if (authorized instanceof Response) return authorized;
    if (!deps.directory || authorized.access.kind !== 'person')
      return fail(c, 404, 'people_unavailable', 'People need the database and organisation sign-in.');
    return { authorized: authorized as PersonAuthorized, directory: deps.directory };
  };

  /** Everyone with a role here: the directory's, and ADMIN_EMAILS' admins who have signed in. */
  const everyone = async (directory: Directory, connectionId: string) =>
    (await connectionPeople(directory, connectionId, deps.people.adminEmails)).map(
      ({ person, membership, byConfiguration }) =>
        byConfiguration || !membership
          ? wirePerson(person, 'admin', 'admin_emails')
          : wirePerson(person, membership.role, membership.source),
    );

  const record = async (
    c: Ctx,
    authorized: PersonAuthorized,
    action: string,
    target: Person,
    detail: object,
    status: number,
  ) => {
    const { session, access } = authorized;
    await recordEntries(deps, c, [
      {
        ...requestFields(c, deps.now),
        environment: session.environment,
        actor: actorOf(session),
        ownerProviderId: ownerOf(session),
        action,
        centreId: access.connection.providerId,
        subject: target.email,
        outcome: { status, code: null },
        detail: { connection: access.connection.label, ...detail },
      },
    ]);
  };

  /** Refused when the change would leave the connection without an admin (ADMIN_EMAILS aside). */
  const lastAdmin = async (
    c: Ctx,
    directory: Directory,
    connectionId: string,
    personId: string,
    label: string,
  ) => {
    if (deps.people.adminEmails.size > 0) return undefined;
    const admins = (await directory.members(connectionId)).filter(
      ({ membership }) => membership.role === 'admin',
    );
    if (admins.length === 1 && admins[0]?.person.id === personId)
      return fail(
        c,
        409,
        'last_admin',
        `This is the only admin of ${label}: make someone else an admin first.`,
      );
    return undefined;
  };

  routes.get('/', async (c) => {
    const found = await entry(c, 'listPeople');
    if (found instanceof Response) return found;
    return c.json({ people: await everyone(found.directory, found.authorized.access.connection.id) });
  });

  routes.post('/', async (c) => {
    const found = await entry(c, 'invitePerson');
    if (found instanceof Response) return found;
    const { authorized, directory } = found;
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = inviteRequestSchema.safeParse(body);
    if (!parsed.success)
      return fail(
        c,
        400,
        'invalid_request',
        'Send an e-mail address and a role: admin, operator or support.',
      );
    const { connection, person: admin } = authorized.access;
    const email = normaliseEmail(parsed.data.email);
    const already = () =>
      fail(
        c,
        409,
        'already_member',
        `${email} already has a role on ${connection.label}: change it instead.`,
      );
    if (deps.people.adminEmails.has(email)) return already();
    const person = await directory.ensurePerson({ email, invitedBy: admin.id, at: deps.now() });
    if ((await directory.memberships(person.id)).some((m) => m.connectionId === connection.id))
      return already();
    await directory.grant(
      person.id,
      { connectionId: connection.id, role: parsed.data.role },
      admin.id,
      deps.now(),
    );
    await deps.access.changed({ person: person.id });
    await record(c, authorized, 'person.invite', person, { role: parsed.data.role }, 201);
    return c.json(wirePerson(person, parsed.data.role, 'console'), 201);
  });

  routes.put('/:id/role', async (c) => {
    const found = await entry(c, 'changeRole');
    if (found instanceof Response) return found;
    const { authorized, directory } = found;
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = changeRoleRequestSchema.safeParse(body);
    if (!parsed.success) return fail(c, 400, 'invalid_request', 'Send a role: admin, operator or support.');
    const { connection, person: admin } = authorized.access;
    const target = await member(c, directory, c.req.param('id'), connection.id, connection.label);
    if (target instanceof Response) return target;
    if (parsed.data.role !== 'admin') {
      const refused = await lastAdmin(c, directory, connection.id, target.person.id, connection.label);
      if (refused) return refused;
    }
    await directory.grant(
      target.person.id,
      { connectionId: connection.id, role: parsed.data.role },
      admin.id,
      deps.now(),
    );
    await deps.access.changed({ person: target.person.id });
    await record(
      c,
      authorized,
      'person.role_change',
      target.person,
      { from: target.role, to: parsed.data.role },
      200,
    );
    return c.json(wirePerson(target.person, parsed.data.role, 'console'));
  });

  routes.delete('/:id', async (c) => {
    const found = await entry(c, 'removePerson');
    if (found instanceof Response) return found;
    const { authorized, directory } = found;
    const { connection } = authorized.access;
    const target = await member(c, directory, c.req.param('id'), connection.id, connection.label);
    if (target instanceof Response) return target;
    const refused = await lastAdmin(c, directory, connection.id, target.person.id, connection.label);
    if (refused) return refused;
    await directory.revoke(target.person.id, connection.id);
    // Known no more once no role is left: their next sign-in is refused unless invited again.
    if ((await directory.memberships(target.person.id)).length === 0)
      await directory.removePerson(target.person.id);
    await deps.access.changed({ person: target.person.id });
    await record(c, authorized, 'person.remove', target.person, { role: target.role }, 204);
    return new Response(null, { status: 204 });
  });

  /** A person with a role on the connection that this console may change (not ADMIN_EMAILS'). */
  async function member(c: Ctx, directory: Directory, id: string, connectionId: string, label: string) {
    const person = await directory.person(id);
    const held = person
      ? (await directory.memberships(person.id)).find((m) => m.connectionId === connectionId)
      : undefined;
    if (!person || !held) return fail(c, 404, 'not_found', `That person has no role on ${label}.`);
    if (deps.people.adminEmails.has(person.email))
      return fail(
        c,
        409,
        'last_admin',
        `${person.email} is an admin through ADMIN_EMAILS: change it in the deployment's configuration.`,
      );
    return { person, role: held.role };
  }

  routes.all('*', (c) => fail(c, 404, 'not_found', 'There is no such endpoint.'));
  return routes;
}
