import type { Session } from '@/proxy-api/console';
import type { Permission } from '@/proxy-api/roles';

// Whether the session may do something (docs/decisions/0023): what the navigation and the screens'
// rule read in the entry. Why it may not, in words, is permissions.ts's, with the screens' code.

/** What a session may do, as the console reads it (a session without roles may do everything). */
export type Rights = Pick<Session, 'permissions' | 'role' | 'connection'>;

/** Whether the session may do it. A proxy that predates roles sends no permissions: everything. */
export const may = (session: Rights, permission: Permission): boolean =>
  session.permissions === undefined || session.permissions.includes(permission);
