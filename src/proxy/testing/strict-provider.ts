// A strict OpenID provider for the tests of organisation sign-in (issue 45 item 7): the embedded
// demo provider (oidc-provider, features/demo/embedded-provider.ts) on a loopback port of its own,
// configured as strictly as real providers are: each client allowed one token endpoint auth method,
// discovery advertising only the methods asked for, no `email_verified` unless a test gives it, a
// refused client answered the way a given provider answers (400 `invalid_client`, or 401 with a
// `WWW-Authenticate` challenge), and, optionally, Basic credentials compared as sent, not
// url-decoded: openid-client form-urlencodes them (RFC 6749 §2.3.1), which such a provider reads as
// another client ("client 'provider%2Dconsole' is invalid"). Everything else is an option, so that
// end-session and back-channel logout can be switched on by the tests that need them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import type { ClientMetadata, Configuration } from 'oidc-provider';

/** What the two middlewares below read and change of the provider's Koa context. */
type Koa = Parameters<Parameters<Provider['use']>[0]>[0];
import { PEOPLE_PATHS } from '../../proxy-api/sign-in.ts';
import { createEmbeddedProvider, embeddedPrefix } from '../features/demo/embedded-provider.ts';
import { demoPeople, type DemoPerson } from '../features/demo/people.ts';

export type TokenAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

export interface StrictClient {
  clientId: string;
  /** Absent for private_key_jwt. */
  clientSecret?: string;
  /** The one method this client may use at the token endpoint. */
  authMethod: TokenAuthMethod;
  /** Where the provider fetches the client's public keys (private_key_jwt). */
  jwksUri?: string;
  /** Default: every origin given to `register`, its /auth/organisation/callback. */
  redirectUris?: string[];
  /** Default: every origin given to `register`, its /auth/organisation/signed-out. */
  postLogoutRedirectUris?: string[];
  /** Further client metadata (backchannel_logout_uri, …). */
  metadata?: Partial<ClientMetadata>;
}

export interface StrictProviderOptions {
  clients: StrictClient[];
  /** What discovery advertises (`token_endpoint_auth_methods_supported`); default the clients'. */
  authMethods?: TokenAuthMethod[];
  /** false: Basic credentials are compared as sent, not url-decoded (default true, as RFC 6749 says). */
  decodesBasic?: boolean;
  /**
   * How a refused client is answered: `400` (`invalid_client` in a 400, no challenge) or `401`
   * (401 with a `WWW-Authenticate: Basic` challenge, whatever the method); default oidc-provider's.
   */
  invalidClient?: 400 | 401;
  /** The claims of whoever signs in; default `sub`, `email`, `name` (no `email_verified`). */
  claims?: (account: { subject: string; email: string; name: string }) => Record<string, unknown>;
  /** The people offered on the login page (default the demo's; any typed address works too). */
  people?: readonly DemoPerson[];
  /** oidc-provider features switched on or configured (rpInitiatedLogout, backchannelLogout, …). */
  features?: Configuration['features'];
  /** Loopback port (default any free one). */
  port?: number;
  /**
   * Back-Channel Logout 1.0 on: every client gets the first registered origin's
   * /auth/organisation/backchannel-logout, with `sid` required.
   */
  backchannelLogout?: boolean;
  /**
   * RP-Initiated Logout 1.0 with `id_token_hint` required, as strict providers have it: the
   * end-session endpoint refuses a request without one (400) and signs out at once with a valid one.
   */
  endSessionRequiresHint?: boolean;
}

export interface StrictProvider {
  /** `http://127.0.0.1:<port>/oidc`. */
  issuer: string;
  /** Allows a console origin's callback and post-logout URIs (before the first request only). */
  register(origin: string): void;
  /** The provider, once a first request built it. */
  provider(): Promise<Provider>;
  close(): Promise<void>;
}

const defaultClaims = ({ subject, email, name }: { subject: string; email: string; name: string }) => ({
  sub: subject,
  email,
  name,
});

function accountOf(people: readonly DemoPerson[], id: string) {
  const person = people.find((candidate) => candidate.subject === id);
  if (person) return { subject: id, email: person.email, name: person.name };
  const typed = id.startsWith('email:') ? id.slice('email:'.length) : undefined;
  return typed ? { subject: id, email: typed, name: typed } : undefined;
}

const basicPart = (value: string) => encodeURIComponent(value);

/** Basic credentials re-encoded so that oidc-provider's decoding leaves them as they were sent. */
function undecoded(ctx: Koa): void {
  const header = ctx.get('authorization');
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!match?.[1]) return;
  const sent = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = sent.indexOf(':');
  if (colon < 0) return;
  const kept = `${basicPart(sent.slice(0, colon))}:${basicPart(sent.slice(colon + 1))}`;
  ctx.req.headers.authorization = `Basic ${Buffer.from(kept).toString('base64')}`;
}

/** A refused client answered as `invalidClient` says. */
function answerRefusedClient(ctx: Koa, issuer: string, status: 400 | 401): void {
  const body = ctx.body as { error?: unknown } | undefined;
  if (ctx.status !== 401 || body?.error !== 'invalid_client') return;
  if (status === 400) {
    ctx.status = 400;
    ctx.remove('www-authenticate');
    ctx.body = body;
    return;
  }
  if (!ctx.response.get('www-authenticate'))
    ctx.set('www-authenticate', `Basic realm="${issuer}", error="invalid_client"`);
}

function clientMetadataOf(
  client: StrictClient,
  redirects: string[],
  postLogouts: string[],
  backchannel: boolean,
): ClientMetadata {
  const origin = redirects[0] === undefined ? undefined : new URL(redirects[0]).origin;
  return {
    ...(backchannel && origin
      ? {
          backchannel_logout_uri: `${origin}${PEOPLE_PATHS.organisationBackchannelLogout}`,
          backchannel_logout_session_required: true,
        }
      : {}),
    client_id: client.clientId,
    ...(client.clientSecret === undefined ? {} : { client_secret: client.clientSecret }),
    redirect_uris: client.redirectUris ?? redirects,
    post_logout_redirect_uris: client.postLogoutRedirectUris ?? postLogouts,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: client.authMethod,
    ...(client.authMethod === 'private_key_jwt'
      ? { jwks_uri: client.jwksUri, token_endpoint_auth_signing_alg: 'ES256' }
      : {}),
    id_token_signed_response_alg: 'ES256',
    ...client.metadata,
  };
}

/** Starts the provider on loopback; it is built on its first request (after `register`). */
export async function startStrictProvider(options: StrictProviderOptions): Promise<StrictProvider> {
  const people = options.people ?? demoPeople;
  const redirects: string[] = [];
  const postLogouts: string[] = [];
  let built = false;
  const providerReady = Promise.withResolvers<Provider>();
  let issuer = '';
  let handle: ReturnType<typeof createEmbeddedProvider> | undefined;
  const server: Server = createServer((req, res) => {
    built = true;
    if (!handle || !(req.url ?? '').startsWith(embeddedPrefix)) {
      res.writeHead(404).end();
      return;
    }
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}${embeddedPrefix}`;
  const claims = options.claims ?? defaultClaims;
  const authMethods = options.authMethods ?? [...new Set(options.clients.map((c) => c.authMethod))];
  handle = createEmbeddedProvider({
    issuer,
    // Only the login page's form targets come from here: the clients are the strict ones below.
    client: { clientId: '', clientSecret: '', redirectUris: redirects, postLogoutRedirectUris: postLogouts },
    people,
    allowedHosts: ['127.0.0.1'],
    adjust: {
      configuration: (configuration) => ({
        ...configuration,
        clients: options.clients.map((client) =>
          clientMetadataOf(client, redirects, postLogouts, options.backchannelLogout === true),
        ),
        clientAuthMethods: authMethods,
        features: {
          ...configuration.features,
          backchannelLogout: { enabled: options.backchannelLogout === true },
          ...options.features,
        } as Configuration['features'],
        // oidc-provider refuses to fetch from special-use addresses (SSRF); the console it fetches
        // a JWKS or sends a logout token to is on loopback here, as the provider itself is.
        fetch: (url, init) => {
          const { dispatcher: _loopbackAllowed, ...rest } = init as RequestInit & { dispatcher?: unknown };
          return globalThis.fetch(url, rest);
        },
        findAccount: (_ctx, id) => {
          const account = accountOf(people, id);
          if (!account) return undefined;
          const given = claims(account);
          return { accountId: id, claims: () => ({ ...given, sub: id }) };
        },
      }),
      provider: (provider) => {
        provider.use(async (ctx, next) => {
          if (options.endSessionRequiresHint && ctx.path === '/session/end' && !ctx.query.id_token_hint) {
            ctx.status = 400;
            ctx.body = { error: 'invalid_request', error_description: 'id_token_hint is required' };
            return;
          }
          if (options.decodesBasic === false && ctx.path.endsWith('/token')) undecoded(ctx);
          await next();
          if (options.invalidClient) answerRefusedClient(ctx, issuer, options.invalidClient);
        });
        providerReady.resolve(provider);
      },
    },
  });
  return {
    issuer,
    register(origin) {
      if (built) throw new Error('register every origin before the provider’s first request');
      redirects.push(`${origin}/auth/organisation/callback`);
      postLogouts.push(`${origin}${PEOPLE_PATHS.organisationSignedOut}`);
    },
    provider: () => providerReady.promise,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
