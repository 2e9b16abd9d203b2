// The roles and the permissions (issue 25, docs/decisions/0023), as the session names them: apart
// from permissions.ts (what each role grants, the operation table) because the entry parses every
// session with these, and the login page's budget has no room for the tables it never reads.

export const ROLES = ['admin', 'operator', 'support'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** The overview, the centres, a centre's licences, doctors and templates (4.5, 4.6, 4.7, 4.9). */
  'centres.view',
  /** The activity (audit) log and the contract-event log. */
  'activity.view',
  /** The people of a connection and their roles (to filter the activity by person). */
  'people.view',
  /** One's own alerts on the connection: the inbox and one's choices (docs/decisions/0026). */
  'alerts.view',
  /** A new centre (4.3). */
  'centres.create',
  /** A centre's credentials (4.4: it answers a secret). */
  'credentials.reveal',
  /** Doctors registered (4.2). */
  'doctors.register',
  /** Contract events sent (4.8). */
  'contract.act',
  /** Invite a person, change a role, remove a person. */
  'people.manage',
  /** Add a connection, replace its secret, remove it. */
  'connections.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
