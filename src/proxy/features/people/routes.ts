// /people: who has a role on the session's connection (docs/decisions/0023). An admin invites by
// e-mail with a role (the person is known from then on and signs in with the organisation), changes
// a role, or removes a person. Each change is an audit entry with the admin's name, and is
// announced to every instance sharing the session store: the person's next request, wherever it
// lands, is judged by the new role, and a removed person's session ends.
import { Hono } from 'hono';
import { changeRoleRequestSchema, inviteRequestSchema } from '../../../proxy-api/people.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { json } from '../../core/http/validation.ts';
import type { AccessControl } from './access.ts';
import type { Authorization } from './authorize.ts';
import { normaliseEmail } from './directory.ts';
import { everyone, lastAdminRefusal, member, recordPersonChange, wirePerson } from './people-rules.ts';
import type { AuditRecording } from '../audit/index.ts';
import type { Directory } from './directory.ts';
import { noSuchEndpoint, personOnly } from './person-only.ts';

export interface PeopleRouteDeps extends AuditRecording {
  auth: Authorization;
  directory: Directory | undefined;
  access: AccessControl;
  /** ADMIN_EMAILS, lower-cased: admins of every connection by configuration. */
  adminEmails: ReadonlySet<string>;
}

const roleWords = 'Send a role: admin, operator or support.';

export function peopleRoutes(deps: PeopleRouteDeps) {
  const { auth, adminEmails, now } = deps;
  const person = personOnly(deps.directory);
  return new Hono<ProxyEnv>()
    .get('/', auth.permit('listPeople'), person, async (c) =>
      c.json({ people: await everyone(c.var.directory, c.var.person.connection.id, adminEmails) }),
    )
    .post(
      '/',
      auth.permit('invitePerson'),
      person,
      json(inviteRequestSchema, 'Send an e-mail address and a role: admin, operator or support.'),
      async (c) => {
        const { directory } = c.var;
        const { connection, person: admin } = c.var.person;
        const { role } = c.req.valid('json');
        const email = normaliseEmail(c.req.valid('json').email);
        const already = () =>
          refuse(
            409,
            'already_member',
            `${email} already has a role on ${connection.label}: change it instead.`,
          );
        if (adminEmails.has(email)) already();
        const invited = await directory.ensurePerson({ email, invitedBy: admin.id, at: now() });
        if ((await directory.memberships(invited.id)).some((m) => m.connectionId === connection.id))
          already();
        await directory.grant(invited.id, { connectionId: connection.id, role }, admin.id, now());
        await deps.access.changed({ person: invited.id });
        await recordPersonChange(deps, c, 'person.invite', invited, { role }, 201);
        return c.json(wirePerson(invited, role, 'console'), 201);
      },
    )
    .put(
      '/:id/role',
      auth.permit('changeRole'),
      person,
      json(changeRoleRequestSchema, roleWords),
      async (c) => {
        const { directory } = c.var;
        const { connection, person: admin } = c.var.person;
        const { role } = c.req.valid('json');
        const target = await member(directory, c.req.param('id'), connection, adminEmails);
        if (role !== 'admin') await lastAdminRefusal(directory, connection, target.person.id, adminEmails);
        await directory.grant(target.person.id, { connectionId: connection.id, role }, admin.id, now());
        await deps.access.changed({ person: target.person.id });
        await recordPersonChange(
          deps,
          c,
          'person.role_change',
          target.person,
          { from: target.role, to: role },
          200,
        );
        return c.json(wirePerson(target.person, role, 'console'));
      },
    )
    .delete('/:id', auth.permit('removePerson'), person, async (c) => {
      const { directory } = c.var;
      const { connection } = c.var.person;
      const target = await member(directory, c.req.param('id'), connection, adminEmails);
      await lastAdminRefusal(directory, connection, target.person.id, adminEmails);
      await directory.revoke(target.person.id, connection.id);
      // Known no more once no role is left: their next sign-in is refused unless invited again.
      if ((await directory.memberships(target.person.id)).length === 0)
        await directory.removePerson(target.person.id);
      await deps.access.changed({ person: target.person.id });
      await recordPersonChange(deps, c, 'person.remove', target.person, { role: target.role }, 204);
      return c.body(null, 204);
    })
    .all('*', noSuchEndpoint);
}
