// What /auth answers when a session begins or ends (routes.ts): a client-credential sign-in,
// recorded in the audit log once the service was asked (docs/decisions/0018), and a sign-out that
// ends the session whatever the store says (docs/decisions/0020).
import { CLIENT_SESSION_PERMISSIONS } from '../../../proxy-api/permissions.ts';
import { PEOPLE_PATHS, SIGNED_OUT_PARAM } from '../../../proxy-api/sign-in.ts';
import { openIdToken } from '../../core/sessions/records.ts';
import type { SecretBox } from '../../core/store/secret-box.ts';
import type { Ctx } from '../../core/http/context.ts';
import { Refusal, refuse } from '../../core/http/refusal.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import { StoreUnavailableError } from '../../core/sessions/store.ts';
import type { EnvironmentConfig } from '../../core/upstream/environments.ts';
import type { CentreIndex } from '../api/index.ts';
import { centreScope } from '../api/index.ts';
import type { AuditRecording } from '../audit/index.ts';
import { recordSignIn, recordSignOut, type SignInAttempt } from './audit-entries.ts';
import { signIn, type Credentials, type SignInDeps } from './client-credentials.ts';
import type { OrganisationSignIn } from './organisation.ts';
import { wireSession } from './session-wire.ts';

/**
 * A sign-in, recorded once the service was asked (docs/decisions/0018): an attempt a lock refused
 * before asking changes nothing and is only counted (decision 0011).
 */
export async function signedIn(
  deps: SignInDeps & AuditRecording,
  c: Ctx,
  env: EnvironmentConfig,
  input: Credentials,
  method: SignInAttempt['method'],
): Promise<Response> {
  const attempt = { environment: env.id, providerId: input.providerId, clientId: input.clientId, method };
  let session;
  try {
    session = await signIn(deps, c, env, input, method === 'credentials');
  } catch (error) {
    if (error instanceof Refusal && error.status !== 429)
      await recordSignIn(deps, c, attempt, { status: error.status, code: error.code });
    throw error;
  }
  await recordSignIn(deps, c, attempt, { status: 200, providerVerified: session.providerVerified });
  // A client-credential session keeps today's full rights (docs/decisions/0023).
  const response = c.json(wireSession(session, { kind: 'client', permissions: CLIENT_SESSION_PERMISSIONS }));
  deps.carrier.issue(response, session.id);
  return response;
}

export interface SignOutDeps extends AuditRecording {
  sessions: SignInDeps['sessions'];
  carrier: SignInDeps['carrier'];
  /** Opens the person's ID token, sent as `id_token_hint`. */
  box: SecretBox;
  /** What the proxy kept of a parent's centres (docs/decisions/0024). */
  centreIndex: Pick<CentreIndex, 'drop'>;
  organisation: OrganisationSignIn | undefined;
  /** The console's public origin, when it differs from what the proxy sees (PUBLIC_ORIGIN). */
  publicOrigin: string | undefined;
}

/** Ends the browser's session; a person is sent to sign out of the organisation's provider too. */
export async function signOut(deps: SignOutDeps, c: Ctx): Promise<Response> {
  const { carrier } = deps;
  let signOutUrl: string | undefined;
  try {
    signOutUrl = await endSession(deps, c);
  } catch (error) {
    // The browser forgets the session whatever happens, and this instance refuses it until the
    // store has taken the end (docs/decisions/0020).
    deps.log.error(
      {
        event: 'logout_failed',
        requestId: c.get('requestId'),
        reason: error instanceof StoreUnavailableError ? error.reason : 'unexpected',
        ...errorFacts(error),
      },
      'logout failed',
    );
    refuse(503, 'store_unavailable', 'Signed out here, but the session store cannot be reached.', {
      onAnswer: (response) => carrier.clear(response),
    });
  }
  deps.log.info({ event: 'logout', requestId: c.get('requestId') }, 'logout');
  const headers = { 'clear-site-data': '"cache", "cookies"' };
  const response = signOutUrl ? c.json({ signOutUrl }, 200, headers) : c.body(null, 204, headers);
  carrier.clear(response);
  return response;
}

/** The session's end; where the person signs out of their provider, when they are one. */
async function endSession(deps: SignOutDeps, c: Ctx): Promise<string | undefined> {
  const id = deps.carrier.read(c);
  if (!id) return undefined;
  // Looked up to record the sign-out under its session; a store that is out must not keep the
  // session from ending: destroy() then leaves this instance's tombstone (docs/decisions/0020).
  const found = await deps.sessions.lookup(id).catch(() => undefined);
  await deps.sessions.destroy(id);
  if (found?.kind !== 'active') return undefined;
  // docs/decisions/0024: what the proxy kept of the parent's centres goes with the session.
  await deps.centreIndex.drop(centreScope(found.session));
  // docs/decisions/0018: a sign-out is an entry of its session's log.
  await recordSignOut(deps, c, found.session, 204);
  // A person signs out of the organisation's provider too (RP-Initiated Logout 1.0), and comes
  // back to the sign-in page through PEOPLE_PATHS.organisationSignedOut. Only here: a session that
  // ends by idle timeout or an admin's removal ends the console's alone.
  if (!found.session.person || !deps.organisation) return undefined;
  const origin = deps.publicOrigin ?? new URL(c.req.url).origin;
  const providerUrl = await deps.organisation.signOutUrl(
    `${origin}${PEOPLE_PATHS.organisationSignedOut}`,
    await openIdToken(deps.box, found.session),
  );
  // No end-session endpoint: the sign-in page says the provider's session may still be open.
  return providerUrl ?? `/login?${SIGNED_OUT_PARAM}=console`;
}
