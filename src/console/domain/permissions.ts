import { rolesGranting, type Permission, type Role } from '@/proxy-api/permissions';
import { may, type Rights } from './rights.ts';

// What the signed-in session may do (docs/decisions/0023), read from the permissions the proxy
// sends with the session: the console shows only what they allow, and says why where an action is
// missing. The proxy checks the same table on every request; hiding a control is never the check.

export { may, type Rights } from './rights.ts';

/** Why an action is missing, for the words beside where it would be. */
export type Missing =
  /** A person whose role on this connection lacks it; `ask` is the least role that has it. */
  | { kind: 'role'; permission: Permission; role: Role; connection: string; ask: Role | undefined }
  /** A client-credential session: people and connections are for people signed in as themselves. */
  | { kind: 'client'; permission: Permission };

/** Undefined when the session may do it. */
export function missing(session: Rights, permission: Permission): Missing | undefined {
  if (may(session, permission)) return undefined;
  if (session.role === undefined || session.connection === undefined) return { kind: 'client', permission };
  return {
    kind: 'role',
    permission,
    role: session.role,
    connection: session.connection.label,
    ask: rolesGranting(permission)[0],
  };
}
