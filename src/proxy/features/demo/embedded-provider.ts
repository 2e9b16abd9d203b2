// The demo's own OpenID provider (docs/decisions/0023): oidc-provider, in the proxy's process, under
// /oidc on the proxy's own loopback origin, so that `npm start` shows organisation sign-in with no
// setup, and the tests meet a real provider. It knows the demo people (and lets anyone type an
// address, whom the console then refuses unless it knows them), one confidential client (the proxy
// itself, PKCE required), signs ID tokens with a key made at start, and keeps everything in memory.
// Loaded on the first request to /oidc, so a start that never signs anyone in pays nothing for it.
// Never beside a production upstream, never off loopback (features/people/config.ts, start/config.ts).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { AccountClaims, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { DemoPerson } from './people.ts';
import { errorPage, loginPage, logoutPage, sendPage } from './embedded-pages.ts';
import { createMemoryAdapterFactory } from './oidc-memory-adapter.ts';

export interface EmbeddedProviderOptions {
  /** `http://127.0.0.1:<port>/oidc`. */
  issuer: string;
  client: {
    clientId: string;
    clientSecret: string;
    redirectUris: string[];
    postLogoutRedirectUris: string[];
    /** Where it posts logout tokens (Back-Channel Logout 1.0), with `sid` required. */
    backchannelLogoutUri?: string | undefined;
  };
  /** Whether it offers RP-initiated logout (`end_session_endpoint`; default true). */
  endSession?: boolean;
  people: readonly DemoPerson[];
  /** Host names it answers to (the proxy's: DNS rebinding, docs/decisions/0005). */
  allowedHosts: readonly string[];
  /** Extra claims per subject (tests: a roles claim). */
  extraClaims?: (subject: string) => Record<string, unknown>;
  /**
   * Tests only (src/proxy/testing/strict-provider.ts): the configuration made stricter, as real
   * providers are, and the provider's Koa app given middleware of its own before it serves.
   */
  adjust?: {
    configuration?: (configuration: Configuration) => Configuration;
    provider?: (provider: Provider) => void;
  };
}

export const embeddedPrefix = '/oidc';
const interactionPath = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/(login|abort))?$/;

const typedAccount = (email: string) => `email:${email.trim().toLowerCase()}`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > 16_384) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The claims of a demo person, or of an address typed at the login page; undefined for others. */
function claimsOf(options: EmbeddedProviderOptions, accountId: string): AccountClaims | undefined {
  const person = options.people.find((candidate) => candidate.subject === accountId);
  const typed = accountId.startsWith('email:') ? accountId.slice('email:'.length) : undefined;
  if (!person && !typed) return undefined;
  return {
    sub: accountId,
    email: person?.email ?? typed,
    email_verified: true,
    name: person?.name ?? typed,
    ...options.extraClaims?.(accountId),
  };
}

/** The signing key, made at start and kept in memory only. */
function signingKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    alg: 'ES256',
    use: 'sig',
  };
}

/** The console's grant, made without asking: it is this provider's only client. */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  if (!oidc.session?.accountId || !oidc.client) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
  if (grantId) return oidc.provider.Grant.find(grantId);
  const grant = new oidc.provider.Grant({
    clientId: oidc.client.clientId,
    accountId: oidc.session.accountId,
  });
  grant.addOIDCScope('openid email profile roles');
  grant.addOIDCClaims(['email', 'email_verified', 'name', 'roles']);
  await grant.save();
  return grant;
}

function configurationFor(options: EmbeddedProviderOptions, formTargets: readonly string[]): Configuration {
  const jwk = signingKey();
  return {
    adapter: createMemoryAdapterFactory(),
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: options.client.redirectUris,
        post_logout_redirect_uris: options.client.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
        ...(options.client.backchannelLogoutUri === undefined
          ? {}
          : {
              backchannel_logout_uri: options.client.backchannelLogoutUri,
              backchannel_logout_session_required: true,
            }),
      },
    ],
    jwks: { keys: [jwk] },
    // Its one client is the proxy on this loopback origin, which its logout tokens go to; the
    // default guard against requests to loopback (SSRF) would refuse exactly that.
    fetch: (url, init) => {
      const { dispatcher: _loopbackRefusing, ...rest } = (init ?? {}) as RequestInit & {
        dispatcher?: unknown;
      };
      return globalThis.fetch(url, rest);
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], roles: ['roles'] },
    scopes: ['openid', 'email', 'profile', 'roles'],
    // The ID token carries the person's claims, as the console reads them (no userinfo call).
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: options.client.backchannelLogoutUri !== undefined },
      rpInitiatedLogout: {
        enabled: options.endSession ?? true,
        // As real providers do (Keycloak, Entra ID): with a valid `id_token_hint` (oidc-provider has
        // validated it by now) the sign-out goes on without a question; without one, the person is
        // asked whether to sign out.
        logoutSource: (ctx, form) => {
          const hinted = typeof ctx.oidc.params?.id_token_hint === 'string';
          sendPage(ctx.res, 200, { ...logoutPage(form, hinted), formTargets });
          ctx.respond = false;
        },
        postLogoutSuccessSource: (ctx) => {
          sendPage(ctx.res, 200, errorPage('You are signed out.'));
          ctx.respond = false;
        },
      },
    },
    findAccount: (_ctx, id) => {
      const claims = claimsOf(options, id);
      return claims ? { accountId: id, claims: () => claims } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `${embeddedPrefix}/interaction/${interaction.uid}` },
    // The console is this provider's only client: nobody is asked to consent to it.
    loadExistingGrant,
    renderError: (ctx, out) => {
      sendPage(
        ctx.res,
        400,
        errorPage(String(out.error_description ?? out.error ?? 'The request is not valid.')),
      );
      ctx.respond = false;
    },
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      IdToken: 300,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  };
}

/** Serves the provider's own paths, and the login page's interactions. */
function handlerFor(provider: Provider, options: EmbeddedProviderOptions, formTargets: string[]) {
  const callback = provider.callback();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').slice(embeddedPrefix.length).split('?')[0] ?? '/';
    const interaction = interactionPath.exec(path);
    if (!interaction) {
      // oidc-provider builds its URLs from the issuer: it must see its own paths, prefix removed.
      Object.assign(req, {
        originalUrl: req.url,
        url: (req.url ?? '/').slice(embeddedPrefix.length) || '/',
      });
      await callback(req, res);
      return;
    }
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET' && !interaction[2]) {
        sendPage(res, 200, { ...loginPage(details.uid, options.people, 'Provider Console'), formTargets });
        return;
      }
      if (req.method !== 'POST') return sendPage(res, 405, errorPage('Use the page’s buttons.'));
      if (interaction[3] === 'abort')
        return provider.interactionFinished(req, res, {
          error: 'access_denied',
          error_description: 'The person cancelled.',
        });
      const form = await readForm(req);
      const email = form.get('email');
      const account =
        form.get('account') ?? (email && /^[^\s@]+@[^\s@]+$/.test(email) ? typedAccount(email) : '');
      if (!claimsOf(options, account))
        return sendPage(res, 400, errorPage('Choose a person, or type an e-mail address.'));
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account } },
        { mergeWithLastSubmission: false },
      );
    } catch {
      sendPage(res, 400, errorPage('This sign-in expired or was already used.'));
    }
  };
}

async function startProvider(options: EmbeddedProviderOptions) {
  const { default: Provider } = await import('oidc-provider');
  const formTargets = [...new Set(options.client.redirectUris.map((uri) => new URL(uri).origin))];
  const configuration = configurationFor(options, formTargets);
  const provider = new Provider(
    options.issuer,
    options.adjust?.configuration?.(configuration) ?? configuration,
  );
  options.adjust?.provider?.(provider);
  return { provider, handle: handlerFor(provider, options, formTargets) };
}

/** Serves a request under /oidc (the Node host routes them here, before the app). */
export function createEmbeddedProvider(options: EmbeddedProviderOptions) {
  let started: ReturnType<typeof startProvider> | undefined;
  const handle = async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^\[|\]$/g, '');
    if (!options.allowedHosts.includes(host)) {
      res
        .writeHead(421, { 'content-type': 'text/plain' })
        .end('This server does not answer to that host name.');
      return;
    }
    // Loaded on the first request (see above): a start that never signs anyone in pays nothing.
    started ??= startProvider(options);
    await (await started).handle(req, res);
  };
  /** The provider itself (tests: to send a back-channel logout as it does). */
  const provider = async () => (await (started ??= startProvider(options))).provider;
  return Object.assign(handle, { provider });
}
