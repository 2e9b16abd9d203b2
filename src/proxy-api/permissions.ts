// Who may do what (issue 25, docs/decisions/0023): the roles a person holds on a connection, the
// permissions each role grants, and ONE table giving every operation the proxy forwards or serves
// the permission it needs. The proxy enforces this table on every request; the console reads the
// same table to show only what a person can do, and to say which role could. Data only (no zod),
// so that both sides import it.
import type { OperationId } from '../contract/operations.ts';
import { ROLES, type Permission, type Role } from './roles.ts';

export { PERMISSIONS, ROLES, type Permission, type Role } from './roles.ts';

const SUPPORT: readonly Permission[] = ['centres.view', 'activity.view', 'people.view', 'alerts.view'];
const OPERATOR: readonly Permission[] = [
  ...SUPPORT,
  'centres.create',
  'credentials.reveal',
  'doctors.register',
  'contract.act',
];

/** Admin: everything, plus people and connections; operator: the service's changes; support: reading. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: [...OPERATOR, 'people.manage', 'connections.manage'],
  operator: OPERATOR,
  support: SUPPORT,
};

/**
 * A client-credential session keeps the rights it always had: every operation of the service. People
 * and connections are managed by people signed in as themselves, so that each change has a person.
 */
export const CLIENT_SESSION_PERMISSIONS: readonly Permission[] = /* @__PURE__ */ OPERATOR.filter(
  // Alerts are a person's (docs/decisions/0026): a client-credential session has no inbox.
  (permission) => permission !== 'people.view' && permission !== 'alerts.view',
);

/** The proxy's own operations (beside the service's, which it forwards under /api). */
export const PROXY_OPERATION_IDS = [
  'listEnvironments',
  'getSignInOptions',
  'signInWithCredentials',
  'signInAsDemo',
  'startOrganisationSignIn',
  'finishOrganisationSignIn',
  'finishOrganisationSignOut',
  'endOrganisationSessions',
  'getClientKeys',
  'getSession',
  'switchConnection',
  'signOut',
  'listCentres',
  'getCentre',
  'getOwnCentre',
  'refreshCentres',
  'listWatchedCentres',
  'getCentreTimeline',
  'findCentreConnections',
  'listContractEvents',
  'listActivity',
  'exportActivity',
  'listPeople',
  'invitePerson',
  'changeRole',
  'removePerson',
  'listConnections',
  'addConnection',
  'addFirstConnection',
  'replaceConnectionSecret',
  'removeConnection',
  'setConnectionWebhook',
  'listDemoMail',
  'listAlerts',
  'countUnreadAlerts',
  'markAlertsRead',
  'getAlertPreferences',
  'setAlertPreferences',
  'setAlertTimeZone',
  'listFailedDeliveries',
  'retryFailedDelivery',
] as const;
export type ProxyOperationId = (typeof PROXY_OPERATION_IDS)[number];

/** What an operation needs: a permission, any session, nothing, or it is never served. */
export type Requirement = Permission | 'signed-in' | 'public' | 'never';

/**
 * THE table. A key for every operation (the type refuses a missing one, and a test walks the
 * proxy's routes and the spec's operations against it), so that a new operation cannot be served
 * without saying who may call it.
 */
export const OPERATION_REQUIREMENTS = {
  // The service's operations (spec §4), forwarded under /api.
  /** 4.1 is never forwarded: it would hand a token to the browser (/auth/login is its only door). */
  requestToken: 'never',
  registerDoctors: 'doctors.register',
  createChildCenter: 'centres.create',
  getChildCenterCredentials: 'credentials.reveal',
  listChildCenters: 'centres.view',
  listDoctorsWithLicenses: 'centres.view',
  getLicenses: 'centres.view',
  sendPartnerWebhook: 'contract.act',
  listReportTemplates: 'centres.view',
  // The proxy's own.
  listEnvironments: 'public',
  getSignInOptions: 'public',
  signInWithCredentials: 'public',
  signInAsDemo: 'public',
  startOrganisationSignIn: 'public',
  finishOrganisationSignIn: 'public',
  /** The provider's return after RP-initiated logout: a redirect to "You are signed out". */
  finishOrganisationSignOut: 'public',
  /** Back-channel logout: the provider's call, proven by its signed logout token, not a session. */
  endOrganisationSessions: 'public',
  /** The console's public signing keys (private_key_jwt), for the provider to fetch. */
  getClientKeys: 'public',
  getSession: 'signed-in',
  switchConnection: 'signed-in',
  /** Signing out works with any session, or none (the cookie is cleared either way). */
  signOut: 'public',
  // The proxy's index of 4.5 (docs/decisions/0024): what 4.5 itself needs.
  listCentres: 'centres.view',
  getCentre: 'centres.view',
  /** A centre's own login asks its own name (D3): who is signed in, like the session. */
  getOwnCentre: 'signed-in',
  /** The watcher reads the connection's centres again now (docs/decisions/0025): a read, not a change. */
  refreshCentres: 'centres.view',
  /** What the watcher keeps of the connection's centres, and a centre's timeline (docs/decisions/0025). */
  listWatchedCentres: 'centres.view',
  getCentreTimeline: 'centres.view',
  /** Which of one's other connections list a centre (a link to another parent's centre, issue 47 item 4). */
  findCentreConnections: 'centres.view',
  listContractEvents: 'activity.view',
  listActivity: 'activity.view',
  exportActivity: 'activity.view',
  listPeople: 'people.view',
  invitePerson: 'people.manage',
  changeRole: 'people.manage',
  removePerson: 'people.manage',
  listConnections: 'connections.manage',
  addConnection: 'connections.manage',
  /** The first admin (ADMIN_EMAILS) while no connection exists: proven by the sign-in's cookie. */
  addFirstConnection: 'public',
  replaceConnectionSecret: 'connections.manage',
  removeConnection: 'connections.manage',
  /** A connection's chat webhook for alerts (docs/decisions/0027): its URL is a secret, as the client secret is. */
  setConnectionWebhook: 'connections.manage',
  /** The demo's caught e-mail (docs/decisions/0027): demo data, to anyone signed in to it. */
  listDemoMail: 'signed-in',
  // One's own alerts (docs/decisions/0026); the failed e-mails of the connection are the admins'.
  listAlerts: 'alerts.view',
  countUnreadAlerts: 'alerts.view',
  markAlertsRead: 'alerts.view',
  getAlertPreferences: 'alerts.view',
  setAlertPreferences: 'alerts.view',
  /** The zone one's alert e-mails give times in, sent by the console as a person signs in. */
  setAlertTimeZone: 'alerts.view',
  listFailedDeliveries: 'connections.manage',
  retryFailedDelivery: 'connections.manage',
} as const satisfies Record<OperationId | ProxyOperationId, Requirement>;

export type AnyOperationId = keyof typeof OPERATION_REQUIREMENTS;

export const requirementOf = (operation: AnyOperationId): Requirement => OPERATION_REQUIREMENTS[operation];

/** The roles that grant a permission, least powerful first (for "ask for the operator role"). */
export const rolesGranting = (permission: Permission): Role[] =>
  [...ROLES].reverse().filter((role) => ROLE_PERMISSIONS[role].includes(permission));

/** Words for a permission, as the proxy's refusals and the console's hints say it (English). */
export const PERMISSION_WORDS: Readonly<Record<Permission, string>> = {
  'centres.view': 'see centres, licences, doctors and templates',
  'activity.view': 'see the activity',
  'people.view': 'see the people of this connection',
  'alerts.view': 'see your alerts',
  'centres.create': 'create centres',
  'credentials.reveal': "reveal a centre's credentials",
  'doctors.register': 'register doctors',
  'contract.act': 'send contract actions',
  'people.manage': 'manage people',
  'connections.manage': 'manage connections',
};
