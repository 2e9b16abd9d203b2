// How the console authenticates to the provider's token endpoint (issue 45 item 3, OpenID Connect
// Core §9): OIDC_CLIENT_AUTH_METHOD, or, unset, a method the provider advertises in discovery
// (`token_endpoint_auth_methods_supported`). client_secret_post is preferred to client_secret_basic:
// openid-client form-urlencodes Basic credentials (RFC 6749 §2.3.1), escaping even `-`, `+`, `/`
// and `=`, which providers that compare them as sent read as another client or a wrong secret; a
// posted secret needs no escaping. private_key_jwt (RFC 7523) only when asked for, or when it is all
// the provider offers; its key is the proxy's own, kept sealed (signing-key.ts).
import * as oidc from 'openid-client';

/** OIDC_CLIENT_AUTH_METHOD's values (parsed with the other OIDC_* in people/config.ts). */
export type ClientAuthMethod = 'client_secret_post' | 'client_secret_basic' | 'private_key_jwt';

/** The method to use, from the setting and what the provider advertises. */
export function chooseAuthMethod(
  configured: ClientAuthMethod | undefined,
  advertised: readonly string[] | undefined,
  canSign: boolean,
): ClientAuthMethod {
  if (configured) return configured;
  // OpenID Connect Discovery §3: when absent, the default is client_secret_basic.
  const offered = advertised ?? ['client_secret_basic'];
  if (offered.includes('client_secret_post')) return 'client_secret_post';
  if (offered.includes('client_secret_basic')) return 'client_secret_basic';
  if (offered.includes('private_key_jwt') && canSign) return 'private_key_jwt';
  return 'client_secret_basic';
}

export interface ClientAuthOptions {
  authMethod: ClientAuthMethod | undefined;
  clientSecret: string | undefined;
  /** The proxy's signing key for private_key_jwt (loaded, or made and sealed, on first use). */
  signingKey: (() => Promise<oidc.PrivateKey>) | undefined;
}

/**
 * The client authentication openid-client calls at each token request: the method chosen from
 * the provider's metadata as discovered, so that a provider that changes its offer is followed at
 * the next discovery.
 */
export function clientAuthOf(options: ClientAuthOptions): oidc.ClientAuth {
  return async (server, client, body, headers) => {
    const method = chooseAuthMethod(
      options.authMethod,
      server.token_endpoint_auth_methods_supported,
      options.signingKey !== undefined,
    );
    if (method === 'private_key_jwt') {
      if (!options.signingKey) throw new Error('private_key_jwt needs the proxy’s signing key');
      return oidc.PrivateKeyJwt(await options.signingKey())(server, client, body, headers);
    }
    const secret = options.clientSecret ?? '';
    const auth =
      method === 'client_secret_post' ? oidc.ClientSecretPost(secret) : oidc.ClientSecretBasic(secret);
    return auth(server, client, body, headers);
  };
}
