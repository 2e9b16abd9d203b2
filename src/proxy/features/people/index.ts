// What the people feature offers the others: every other feature imports it from here (docs/architecture.md).
export { strongestRole } from './access.ts';
export type { AccessControl, PersonGrant, PersonRecord } from './access.ts';
export { unauthenticated } from './authorize.ts';
export type { Authorization, Granted, PersonGranted } from './authorize.ts';
export { connectionPeople } from './connection-people.ts';
export { normaliseEmail } from './directory.ts';
export type { Connection, Directory, Grant } from './directory.ts';
export { noSuchEndpoint } from './person-only.ts';
export { noPeoplePolicy, parseRoleMapping } from './policy.ts';
export type { PeoplePolicy, RoleRule } from './policy.ts';
