// A logout token's validation (OpenID Connect Back-Channel Logout 1.0 §2.6), with jose: signed by
// one of the provider's keys (its JWKS, fetched and cached by jose, fetched again when a token names
// a key it does not know), with an asymmetric algorithm the provider announces, from the provider
// (`iss`) to this client (`aud`), issued lately (`iat`), with the back-channel logout event, a
// `sub` or a `sid`, a `jti`, and no `nonce` (so that an ID token cannot pass for one, §2.4). The
// `jti` is taken once by the route (backchannel-logout.ts), in the shared store.
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** The event a logout token carries (§2.4). */
export const backchannelLogoutEvent = 'http://schemas.openid.net/event/backchannel-logout';

/** What a valid logout token says. */
export interface LogoutClaims {
  issuer: string;
  subject: string | undefined;
  sid: string | undefined;
  jti: string;
  /** When the token stops being valid (epoch ms): its `jti` is remembered at least until then. */
  validUntil: number;
}

export type LogoutVerdict =
  | { kind: 'ok'; claims: LogoutClaims }
  /** Not a valid logout token for this client: answered 400 (§2.8). */
  | { kind: 'invalid'; reason: string }
  /** The provider's keys could not be read: the provider may send it again. */
  | { kind: 'unavailable'; reason: string };

/** How old a logout token may be (its `iat`), and the clock skew allowed either way. */
const maxAgeSeconds = 300;
const skewSeconds = 30;

const asymmetric = /^(RS|PS|ES)(256|384|512)$|^(EdDSA|Ed25519|ES256K)$/;

export interface ProviderKeys {
  issuer: string;
  jwksUri: string;
  /** `id_token_signing_alg_values_supported`, when the provider announces it. */
  algorithms: readonly string[] | undefined;
}

/** A verifier per provider key set (its JWKS cached, as jose does, across tokens). */
export function logoutTokenVerifier(clientId: string, now: () => number) {
  let keys: { uri: string; set: JWTVerifyGetKey } | undefined;
  const keySet = (uri: string) => {
    if (keys?.uri !== uri) keys = { uri, set: createRemoteJWKSet(new URL(uri), { timeoutDuration: 5_000 }) };
    return keys.set;
  };
  return async function verify(token: string, provider: ProviderKeys): Promise<LogoutVerdict> {
    const algorithms = (provider.algorithms ?? ['RS256', 'ES256', 'PS256', 'EdDSA']).filter((alg) =>
      asymmetric.test(alg),
    );
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keySet(provider.jwksUri), {
        issuer: provider.issuer,
        audience: clientId,
        algorithms,
        requiredClaims: ['iat', 'jti', 'events'],
        maxTokenAge: maxAgeSeconds,
        clockTolerance: skewSeconds,
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || error instanceof TypeError)
        return { kind: 'unavailable', reason: 'jwks_unreachable' };
      return { kind: 'invalid', reason: error instanceof errors.JOSEError ? error.code : 'not_a_jwt' };
    }
    return claimsOf(payload, provider.issuer, now());
  };
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** §2.6 steps 4–6: the event, `sub` or `sid`, and no `nonce`. */
function claimsOf(payload: Record<string, unknown>, issuer: string, at: number): LogoutVerdict {
  const events = payload.events;
  const event =
    typeof events === 'object' && events !== null
      ? (events as Record<string, unknown>)[backchannelLogoutEvent]
      : undefined;
  if (typeof event !== 'object' || event === null) return { kind: 'invalid', reason: 'no_logout_event' };
  if (payload.nonce !== undefined) return { kind: 'invalid', reason: 'nonce_present' };
  const subject = text(payload.sub);
  const sid = text(payload.sid);
  if (subject === undefined && sid === undefined) return { kind: 'invalid', reason: 'no_sub_or_sid' };
  const jti = text(payload.jti);
  if (jti === undefined) return { kind: 'invalid', reason: 'no_jti' };
  const iat = typeof payload.iat === 'number' ? payload.iat * 1000 : at;
  const exp = typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  const validUntil = Math.max(exp, iat + maxAgeSeconds * 1000) + skewSeconds * 1000;
  return { kind: 'ok', claims: { issuer, subject, sid, jti, validUntil } };
}
