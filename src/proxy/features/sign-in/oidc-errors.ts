// What a failed call to the organisation's provider means (docs/decisions/0023, issue 45 item 5):
// the provider down (try again), the person's own sign-in refused, or the console's own client
// refused: a misconfiguration that only IT can fix, logged as an error naming the setting to check.
// Codes only (docs/decisions/0020: a log line never quotes a message, which may carry what a peer
// sent): never a token, a secret or the provider's text.
import * as oidc from 'openid-client';
import { errorFacts } from '../../core/log/error-codes.ts';

/** The setting IT should check, when the provider refused the console's own client or redirect. */
export type OidcSetting =
  'OIDC_CLIENT_SECRET' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_AUTH_METHOD' | 'redirect_uri';

const identifier = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** A code the provider or the library gave, when it is a plain identifier (never free text). */
const codeOf = (value: unknown) => (typeof value === 'string' && identifier.test(value) ? value : 'other');

/** The error code of a WWW-Authenticate challenge (RFC 6750 §3), if any. */
function challengeError(error: oidc.WWWAuthenticateChallengeError): string | undefined {
  const found = error.cause.find((challenge) => typeof challenge.parameters.error === 'string');
  return found?.parameters.error;
}

/** Why a call to the provider failed, as codes only. */
export function reasonOf(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError)
    return `provider_answered_${error.status}:${codeOf(error.error)}`;
  if (error instanceof oidc.WWWAuthenticateChallengeError)
    return `provider_challenged_${error.status}:${codeOf(challengeError(error) ?? 'none')}`;
  if (error instanceof oidc.AuthorizationResponseError) return `provider_refused:${codeOf(error.error)}`;
  if (error instanceof oidc.ClientError) return `invalid_answer:${codeOf(error.code)}`;
  return errorFacts(error).code ?? errorFacts(error).errorClass;
}

/** The provider could not be reached, or broke down (a 5xx, a timeout, an answer not understood). */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  // RFC 6749 §5.2: a token endpoint's 401 with a challenge refuses the client, it is not an outage.
  if (error instanceof oidc.WWWAuthenticateChallengeError) return error.status >= 500;
  if (error instanceof oidc.ClientError)
    return error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON';
  return !(error instanceof oidc.AuthorizationResponseError);
}

/**
 * RFC 6749 §5.2: `invalid_client` is the client's authentication refused (its secret, most often);
 * `unauthorized_client` a client the provider does not let use the authorization code flow.
 */
function tokenEndpointSetting(code: string | undefined): OidcSetting | undefined {
  if (code === 'invalid_client') return 'OIDC_CLIENT_SECRET';
  if (code === 'unauthorized_client') return 'OIDC_CLIENT_ID';
  return undefined;
}

/**
 * The setting to check when the provider refused the console itself rather than the person: at
 * the token endpoint `invalid_client` / `unauthorized_client` in a 400 or 401, or any 401 with a
 * challenge (RFC 6749 §5.2); in the authorization answer, the client or its redirect URI refused.
 */
export function misconfigurationOf(error: unknown): OidcSetting | undefined {
  if (error instanceof oidc.ResponseBodyError && (error.status === 400 || error.status === 401))
    return tokenEndpointSetting(error.error);
  if (error instanceof oidc.WWWAuthenticateChallengeError && error.status === 401)
    return tokenEndpointSetting(challengeError(error)) ?? 'OIDC_CLIENT_SECRET';
  if (error instanceof oidc.AuthorizationResponseError) {
    if (error.error === 'unauthorized_client' || error.error === 'invalid_client') return 'OIDC_CLIENT_ID';
    // The description is the provider's free text: read for the one word, never logged.
    const description = error.error_description ?? '';
    if (error.error === 'invalid_request' && /redirect[_ ]?ur[il]/i.test(description)) return 'redirect_uri';
  }
  return undefined;
}
