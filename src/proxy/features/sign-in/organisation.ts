// Organisation sign-in (docs/decisions/0023): what the routes need from an OpenID Connect client
// (implemented with openid-client in features/sign-in/oidc-client.ts, injected by the Node host), and who
// is known to the console: invited (matched by e-mail once, then by the provider's subject), an
// admin from ADMIN_EMAILS, or someone whose ID-token claim maps to a role (OIDC_ROLES_CLAIM and
// OIDC_ROLE_MAPPING). Anyone else is refused: nobody gets an empty console.
import type { Role } from '../../../proxy-api/permissions.ts';
import type { SignInProblem } from '../../../proxy-api/sign-in.ts';
import type { LogoutVerdict } from './logout-token.ts';
import type { ClientAuthMethod } from './client-auth-method.ts';
import type { OidcSetting } from './oidc-errors.ts';
import {
  normaliseEmail,
  strongestRole,
  type AccessControl,
  type Connection,
  type Directory,
  type Grant,
  type PeoplePolicy,
  type PersonRecord,
} from '../people/index.ts';

/** What the organisation's provider says about who signed in, once the ID token validated. */
export interface Identity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  /** Every claim, for OIDC_ROLES_CLAIM. */
  claims: Record<string, unknown>;
  /** The ID token as received, kept sealed in the session for `id_token_hint` (never sent to a browser). */
  idToken?: string | undefined;
  /** The provider's session id (`sid`), which a back-channel logout token may name. */
  sid?: string | undefined;
}

/** The checks a sign-in's answer must pass (kept server-side between start and callback). */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The provider refused the console itself (issue 45 item 5): `setting` is what IT should check. */
export type Misconfigured = { kind: 'misconfigured'; setting: OidcSetting; reason: string };

export type SignInResult =
  | { kind: 'ok'; identity: Identity }
  | { kind: 'refused'; problem: Extract<SignInProblem, 'signin_refused' | 'signin_failed'>; reason: string }
  | { kind: 'unavailable'; reason: string }
  | Misconfigured;

/** What start-up learnt of the provider and of the console's own client there. */
export type StartupCheck =
  | { kind: 'ok'; authMethod: ClientAuthMethod; clientChecked: boolean }
  | { kind: 'unavailable'; reason: string }
  | (Misconfigured & { authMethod: ClientAuthMethod });

export interface OrganisationSignIn {
  /** The provider's authorization URL for a new sign-in (authorization code with PKCE). */
  begin(
    redirectUri: string,
  ): Promise<{ url: string; checks: SignInChecks } | { kind: 'unavailable'; reason: string }>;
  /** Validates the callback (state, code, PKCE, nonce, the ID token) and reads the identity. */
  finish(callbackUrl: URL, checks: SignInChecks): Promise<SignInResult>;
  /** Start-up's check of discovery and of the console's own client, where the provider allows it. */
  check?(redirectUri: string): Promise<StartupCheck>;
  /**
   * Where the provider signs the person out too (OpenID Connect RP-Initiated Logout 1.0), when it
   * offers that (`end_session_endpoint`); undefined when it does not.
   */
  signOutUrl(postLogoutRedirectUri: string, idTokenHint: string | undefined): Promise<string | undefined>;
  /** Validates a back-channel logout token (OpenID Connect Back-Channel Logout 1.0 §2.6). */
  verifyLogoutToken(token: string): Promise<LogoutVerdict>;
}

/** The roles the identity's claim gives on the existing connections, one per connection. */
export function claimGrants(
  policy: PeoplePolicy,
  identity: Identity,
  connections: readonly Connection[],
): Grant[] {
  if (!policy.rolesClaim) return [];
  const raw = identity.claims[policy.rolesClaim];
  const values = new Set((Array.isArray(raw) ? raw : [raw]).filter((value) => typeof value === 'string'));
  const roles = new Map<string, Role[]>();
  for (const rule of policy.roleMapping) {
    if (!values.has(rule.value)) continue;
    for (const connection of connections) {
      const { connection: target } = rule;
      if (
        target !== '*' &&
        (target.environment !== connection.environment || target.providerId !== connection.providerId)
      )
        continue;
      roles.set(connection.id, [...(roles.get(connection.id) ?? []), rule.role]);
    }
  }
  return [...roles].flatMap(([connectionId, held]) => {
    const role = strongestRole(held);
    return role ? [{ connectionId, role }] : [];
  });
}

export type KnownPerson =
  | { kind: 'known'; record: PersonRecord }
  /** An ADMIN_EMAILS admin while no connection exists yet: may register the first one. */
  | { kind: 'first_admin'; personId: string }
  | {
      kind: 'refused';
      problem: Extract<
        SignInProblem,
        'unknown_person' | 'no_connection' | 'account_mismatch' | 'email_unverified'
      >;
      /** For the log: why, where the problem alone does not say it. */
      reason?: string;
    };

/**
 * Issue 45 item 4: an address the provider did not say it verified matches nobody (unless
 * OIDC_TRUST_EMAIL); the person is told that, rather than that nobody invited them.
 */
function unverifiedRefusal(policy: PeoplePolicy, identity: Identity): KnownPerson {
  if (identity.email === undefined || identity.emailVerified || policy.trustEmail)
    return { kind: 'refused', problem: 'unknown_person' };
  const claim = identity.claims.email_verified;
  const reason = claim === undefined ? 'email_verified_absent' : 'email_verified_false';
  return { kind: 'refused', problem: 'email_unverified', reason };
}

/**
 * Who signed in, if the console knows them; their sign-in is recorded, their claim's roles replace
 * the previous sign-in's, and every instance forgets what it cached about them.
 */
export async function knownPerson(
  directory: Directory,
  access: AccessControl,
  policy: PeoplePolicy,
  identity: Identity,
  at: number,
): Promise<KnownPerson> {
  const email =
    identity.email !== undefined && (identity.emailVerified || policy.trustEmail)
      ? normaliseEmail(identity.email)
      : undefined;
  let person = await directory.personBySubject(identity.issuer, identity.subject);
  if (!person && email) {
    const invited = await directory.personByEmail(email);
    // An address already bound to another account of the provider is not taken over by a new one.
    if (invited?.subject) return { kind: 'refused', problem: 'account_mismatch' };
    person = invited;
  }
  const connections = await directory.connections();
  const grants = claimGrants(policy, identity, connections);
  const admin = email !== undefined && policy.adminEmails.has(email);
  if (!person) {
    const unverified = identity.email === undefined ? undefined : normaliseEmail(identity.email);
    if (email !== undefined) {
      if (!admin && grants.length === 0) return { kind: 'refused', problem: 'unknown_person' };
    } else if (grants.length > 0 && unverified !== undefined) {
      // The claim is the provider's word that this person belongs, and an unverified address still
      // names them; it may never take an invitation or an admin's address, though.
      if (policy.adminEmails.has(unverified) || (await directory.personByEmail(unverified)))
        return { kind: 'refused', problem: 'account_mismatch' };
    } else return unverifiedRefusal(policy, identity);
    person = await directory.ensurePerson({
      email: email ?? unverified ?? '',
      name: identity.name ?? null,
      invitedBy: null,
      at,
    });
    // Two first sign-ins racing for one address: the second finds it bound already.
    if (person.subject && person.subject !== identity.subject)
      return { kind: 'refused', problem: 'account_mismatch' };
  }
  await directory.recordSignIn(person.id, {
    issuer: identity.issuer,
    subject: identity.subject,
    name: identity.name ?? person.name,
    at,
  });
  if (policy.rolesClaim) await directory.replaceClaimGrants(person.id, grants, at);
  await access.changed({ person: person.id });
  const record = await access.record(person.id);
  if (!record) return { kind: 'refused', problem: 'unknown_person' };
  if (record.grants.length > 0) return { kind: 'known', record };
  if (admin && connections.length === 0) return { kind: 'first_admin', personId: person.id };
  return { kind: 'refused', problem: 'no_connection' };
}
