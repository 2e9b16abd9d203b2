// The proxy as an OpenID Connect relying party (docs/decisions/0023), with openid-client: a
// confidential client (its token endpoint auth method chosen in client-auth-method.ts), the
// authorization code flow with PKCE (S256), state and nonce checked, the ID token validated (issuer,
// audience, expiry, nonce, and its signature against the provider's keys:
// `enableNonRepudiationChecks`), RP-initiated logout. The provider is found by discovery, lazily and
// again every hour, so that a provider down at start stops nothing: a sign-in meanwhile gets a clear
// page with Retry. The tokens it receives are read and dropped.
import * as oidc from 'openid-client';
import type {
  Identity,
  OrganisationSignIn,
  SignInChecks,
  SignInResult,
  StartupCheck,
} from './organisation.ts';
import { isLoopbackHost } from '../../core/http/loopback.ts';
import { logoutTokenVerifier, type LogoutVerdict } from './logout-token.ts';
import { chooseAuthMethod, clientAuthOf, type ClientAuthMethod } from './client-auth-method.ts';
import { isUnavailable, misconfigurationOf, reasonOf } from './oidc-errors.ts';

export interface OidcClientOptions {
  issuerUrl: string;
  clientId: string;
  /** OIDC_CLIENT_SECRET (absent only with private_key_jwt). */
  clientSecret?: string | undefined;
  /** OIDC_CLIENT_AUTH_METHOD; unset, chosen from discovery (client-auth-method.ts). */
  authMethod?: ClientAuthMethod | undefined;
  /** The proxy's own key for private_key_jwt (signing-key.ts). */
  signingKey?: (() => Promise<oidc.PrivateKey>) | undefined;
  /** Scopes asked for (default `openid profile email`). */
  scopes?: string | undefined;
  /** Seconds each call to the provider may take (default 5). */
  timeoutSeconds?: number;
  /** How long a discovery is trusted (default an hour). */
  rediscoverMs?: number;
  now?: () => number;
}

const stringClaim = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export class OidcClient implements OrganisationSignIn {
  readonly #options: OidcClientOptions;
  readonly #now: () => number;
  readonly #rediscoverMs: number;
  readonly #scope: string;
  #discovered: { config: Promise<oidc.Configuration>; at: number } | undefined;
  readonly #verifyLogout: ReturnType<typeof logoutTokenVerifier>;

  constructor(options: OidcClientOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#verifyLogout = logoutTokenVerifier(options.clientId, this.#now);
    this.#rediscoverMs = options.rediscoverMs ?? 3_600_000;
    this.#scope = options.scopes ?? 'openid profile email';
  }

  #configuration(): Promise<oidc.Configuration> {
    const discovered = this.#discovered;
    if (discovered && this.#now() - discovered.at < this.#rediscoverMs) return discovered.config;
    const { issuerUrl, clientId, clientSecret, authMethod, signingKey, timeoutSeconds } = this.#options;
    // Plain http only for a provider on this machine (the embedded demo provider, tests).
    const insecure = new URL(issuerUrl).protocol === 'http:' && isLoopbackHost(new URL(issuerUrl).hostname);
    const config = oidc.discovery(
      new URL(issuerUrl),
      clientId,
      undefined,
      clientAuthOf({ authMethod, clientSecret, signingKey }),
      {
        timeout: timeoutSeconds ?? 5,
        execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
      },
    );
    const entry = { config, at: this.#now() };
    this.#discovered = entry;
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => {
      if (this.#discovered === entry) this.#discovered = undefined;
    });
    return config;
  }

  async begin(redirectUri: string): ReturnType<OrganisationSignIn['begin']> {
    let config: oidc.Configuration;
    try {
      config = await this.#configuration();
    } catch (error) {
      return { kind: 'unavailable', reason: reasonOf(error) };
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const checks: SignInChecks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier,
      redirectUri,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.#scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url: url.href, checks };
  }

  async finish(callbackUrl: URL, checks: SignInChecks): Promise<SignInResult> {
    try {
      const config = await this.#configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) return { kind: 'refused', problem: 'signin_failed', reason: 'no_id_token' };
      let claims: Record<string, unknown> = { ...idToken };
      // Some providers put e-mail and groups only in userinfo (the ID token then carries `sub`).
      if (
        stringClaim(claims.email) === undefined &&
        config.serverMetadata().userinfo_endpoint !== undefined
      ) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...info, ...claims };
      }
      const identity = identityOf(idToken.iss, idToken.sub, claims);
      // Kept server-side for RP-initiated logout's `id_token_hint`; `sid` for back-channel logout.
      return {
        kind: 'ok',
        identity: { ...identity, idToken: tokens.id_token, sid: stringClaim(idToken.sid) },
      };
    } catch (error) {
      const setting = misconfigurationOf(error);
      if (setting) return { kind: 'misconfigured', setting, reason: reasonOf(error) };
      if (isUnavailable(error)) return { kind: 'unavailable', reason: reasonOf(error) };
      return {
        kind: 'refused',
        problem: error instanceof oidc.AuthorizationResponseError ? 'signin_refused' : 'signin_failed',
        reason: reasonOf(error),
      };
    }
  }

  /**
   * Start-up's check (issue 45 item 5): discovery, the auth method against what the provider
   * advertises, and the client itself where the provider allows it: a token request with a code
   * that cannot exist answers `invalid_grant` to a client it accepts, and `invalid_client` (or a
   * 401) to one it does not. Nothing is signed in and no code is spent.
   */
  async check(redirectUri: string): Promise<StartupCheck> {
    let config: oidc.Configuration;
    try {
      config = await this.#configuration();
    } catch (error) {
      return { kind: 'unavailable', reason: reasonOf(error) };
    }
    const { authMethod, signingKey } = this.#options;
    const advertised = config.serverMetadata().token_endpoint_auth_methods_supported;
    const method = chooseAuthMethod(authMethod, advertised, signingKey !== undefined);
    if (advertised && !advertised.includes(method))
      return {
        kind: 'misconfigured',
        setting: 'OIDC_CLIENT_AUTH_METHOD',
        reason: 'method_not_advertised',
        authMethod: method,
      };
    try {
      await oidc.genericGrantRequest(config, 'authorization_code', {
        code: oidc.randomState(),
        redirect_uri: redirectUri,
        code_verifier: oidc.randomPKCECodeVerifier(),
      });
    } catch (error) {
      const setting = misconfigurationOf(error);
      if (setting) return { kind: 'misconfigured', setting, reason: reasonOf(error), authMethod: method };
      const accepted = error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant';
      return { kind: 'ok', authMethod: method, clientChecked: accepted };
    }
    return { kind: 'ok', authMethod: method, clientChecked: false };
  }

  async signOutUrl(postLogoutRedirectUri: string, idTokenHint: string | undefined) {
    try {
      const config = await this.#configuration();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      // RP-Initiated Logout 1.0 §2: with a valid `id_token_hint` providers sign out without asking
      // "Do you want to log out?"; `client_id` lets them check the post-logout URI without it.
      return oidc.buildEndSessionUrl(config, {
        client_id: this.#options.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
        ...(idTokenHint === undefined ? {} : { id_token_hint: idTokenHint }),
      }).href;
    } catch {
      return undefined;
    }
  }

  async verifyLogoutToken(token: string): Promise<LogoutVerdict> {
    let metadata: oidc.ServerMetadata;
    try {
      metadata = (await this.#configuration()).serverMetadata();
    } catch (error) {
      return { kind: 'unavailable', reason: reasonOf(error) };
    }
    if (!metadata.jwks_uri) return { kind: 'unavailable', reason: 'no_jwks_uri' };
    return this.#verifyLogout(token, {
      issuer: metadata.issuer,
      jwksUri: metadata.jwks_uri,
      algorithms: metadata.id_token_signing_alg_values_supported,
    });
  }
}

export const createOidcClient = (options: OidcClientOptions): OrganisationSignIn => new OidcClient(options);

function identityOf(issuer: string, subject: string, claims: Record<string, unknown>): Identity {
  return {
    issuer,
    subject,
    email: stringClaim(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: stringClaim(claims.name) ?? stringClaim(claims.preferred_username),
    claims,
  };
}
