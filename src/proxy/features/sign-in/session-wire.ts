// A session as the console receives it (`GET /auth/session`, sign-in answers): who, through which
// connection, with what role, and the permissions the proxy will enforce (docs/decisions/0023).
// Never a secret or a token.
import type { Session as WireSession } from '../../../proxy-api/console.ts';
import type { Session } from '../../core/sessions/sessions.ts';
import type { PersonGrant, Granted, Connection } from '../people/index.ts';

const connectionStateOf = (connection: Connection): 'ok' | 'refused' =>
  connection.refusedAt === null ? 'ok' : 'refused';

export const choiceOf = (grant: PersonGrant) => ({
  id: grant.connection.id,
  label: grant.connection.label,
  environment: grant.connection.environment,
  providerId: grant.connection.providerId,
  role: grant.role,
  state: connectionStateOf(grant.connection),
});

export function wireSession(session: Session, access: Granted): WireSession {
  const { environment, providerId, clientId, providerVerified } = session;
  const base = { environment, providerId, clientId, providerVerified, permissions: [...access.permissions] };
  if (access.kind !== 'person') return base;
  return {
    ...base,
    person: { name: access.person.name, email: access.person.email, subject: session.person?.subject ?? '' },
    connection: {
      id: access.connection.id,
      label: access.connection.label,
      state: connectionStateOf(access.connection),
    },
    role: access.role,
    connections: access.grants.map(choiceOf),
  };
}
