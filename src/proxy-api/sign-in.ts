import { z } from 'zod/mini';
import { PERMISSIONS, ROLES, type Permission } from './roles.ts';
import { send, type CallInit, type UpstreamClient } from '../contract/transport.ts';

// Who is signed in as themselves, on the console wire (issue 25, docs/decisions/0023): the
// session's person, role, permissions and connections, and the sign-in page's options. Apart from
// the People and Connections screens' calls (people-wire.ts) because the entry parses every session
// with these: a module's top-level schemas all ship wherever it is imported, and the login page's
// budget (160 kB gzip) has no room for screens it never shows.

export const PEOPLE_PATHS = {
  signInOptions: '/auth/sign-in-options',
  /** A navigation (not a fetch): the proxy answers with a redirect to the organisation's provider. */
  organisationStart: '/auth/organisation/start',
  organisationCallback: '/auth/organisation/callback',
  /**
   * Where the provider sends the person after signing them out (RP-Initiated Logout 1.0
   * `post_logout_redirect_uri`, registered at the provider): it redirects to `/login?signedOut=everywhere`.
   */
  organisationSignedOut: '/auth/organisation/signed-out',
  /** The provider's back-channel logout (Back-Channel Logout 1.0 `backchannel_logout_uri`). */
  organisationBackchannelLogout: '/auth/organisation/backchannel-logout',
  switchConnection: '/auth/connection',
  people: '/people',
  connections: '/connections',
} as const;

/**
 * Where a failed organisation sign-in lands: the console's sign-in page with `signIn=<code>` (one
 * of SIGN_IN_PROBLEMS), which says what happened and offers Retry. Nothing is half signed in.
 */
export const SIGN_IN_PROBLEM_PARAM = 'signIn';
export const SIGN_IN_PROBLEMS = [
  /** The organisation's provider could not be reached, or answered something unusable. */
  'organisation_unavailable',
  /** The sign-in came back without the transaction that started it: expired, replayed or forged. */
  'signin_expired',
  /** The provider refused or the person cancelled (an OAuth error in the answer). */
  'signin_refused',
  /** The provider's answer did not validate (code, state, nonce, ID token). */
  'signin_failed',
  /** The person is not known to the console: not invited, not matched by a claim. */
  'unknown_person',
  /** Known, but with a role on no connection yet. */
  'no_connection',
  /** The e-mail belongs to a person already bound to another account of the provider. */
  'account_mismatch',
  /** The provider did not say the e-mail is verified (and OIDC_TRUST_EMAIL is off): IT can change that. */
  'email_unverified',
  /** The provider refused the console's own client or redirect URI: IT must fix the settings. */
  'signin_misconfigured',
] as const;
export type SignInProblem = (typeof SIGN_IN_PROBLEMS)[number];

/** `GET /auth/sign-in-options`: which ways to sign in this proxy offers. */
export const signInOptionsSchema = z.object({
  /** "Sign in with your organisation" (OpenID Connect). */
  organisation: z.boolean(),
  /** The client-credential form (and the demo buttons, where the demo is on). */
  clientCredentials: z.boolean(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

const role = z.enum(ROLES);
const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);
/** Permissions read tolerantly: one this console does not know is dropped. */
export const permissionsSchema = z.pipe(
  z.array(z.string()),
  z.transform((values: string[]): Permission[] => values.filter(isPermission)),
);

/** A connection's state: `refused` once the service stopped accepting its secret. */
export const CONNECTION_STATES = ['ok', 'refused'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
/** Read tolerantly: a state this console does not know counts as working. */
export const connectionStateSchema = z.pipe(
  z.string(),
  z.transform((value: string): ConnectionState => (value === 'refused' ? 'refused' : 'ok')),
);

/** A connection a person works through, as the session lists them (for the switcher). */
export const connectionChoiceSchema = z.object({
  id: z.string(),
  label: z.string(),
  environment: z.string(),
  providerId: z.int(),
  role,
  state: connectionStateSchema,
});
export type ConnectionChoice = z.infer<typeof connectionChoiceSchema>;

/** The person part of a session signed in as oneself (absent for client credentials). */
export const sessionPersonSchema = z.object({
  name: z.nullable(z.string()),
  email: z.string(),
  /** The ID token's subject: what the activity is filtered by. */
  subject: z.string(),
});

/** `POST /auth/connection`: work through another of one's connections (the proxy parses it). */
export interface SwitchConnectionRequest {
  connectionId: string;
}

/**
 * How the sign-in page says a person's sign-out went (`/login?signedOut=…`): `everywhere`, signed out of the
 * provider too; `console`, of the console only (the provider offers no end-session endpoint, or
 * could not be reached), so the provider's session may still be open.
 */
export const SIGNED_OUT_PARAM = 'signedOut';
export const SIGNED_OUT_KINDS = ['everywhere', 'console'] as const;
export type SignedOutKind = (typeof SIGNED_OUT_KINDS)[number];

/**
 * `POST /auth/logout` for a person: where the browser goes next, the organisation's provider (to
 * sign out there too) or `/login?signedOut=console`. A client-credential sign-out answers 204.
 */
export const logoutAnswerSchema = z.optional(z.object({ signOutUrl: z.string() }));

export function getSignInOptions(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: PEOPLE_PATHS.signInOptions }, signInOptionsSchema, init);
}
