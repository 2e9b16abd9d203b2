// The Node host's wiring of the embedded demo identity provider (docs/decisions/0023): the
// provider under /oidc on the proxy's own origin, and the proxy as its one client. Its client
// secret is made at start and never leaves this process.
import { randomBytes } from 'node:crypto';
import { PEOPLE_PATHS } from '../../../proxy-api/sign-in.ts';
import type { NodeMount } from '../../core/http/server.ts';
import { demoPeople } from './people.ts';
import { createEmbeddedProvider, embeddedPrefix } from './embedded-provider.ts';
import { createOidcClient } from '../sign-in/index.ts';

/**
 * `hosts` are the names the proxy answers to (bracketed when IPv6), `port` the one it is bound to;
 * a public origin, when configured, is also a place the browser comes back to.
 */
export function embeddedOidc(hosts: readonly string[], port: number, publicOrigin: string | undefined) {
  const origins = [...hosts.map((host) => `http://${host}:${port}`), ...(publicOrigin ? [publicOrigin] : [])];
  const issuer = `${origins[0]}${embeddedPrefix}`;
  const client = {
    clientId: 'provider-console',
    clientSecret: randomBytes(32).toString('base64url'),
    redirectUris: origins.map((origin) => `${origin}/auth/organisation/callback`),
    postLogoutRedirectUris: origins.map((origin) => `${origin}${PEOPLE_PATHS.organisationSignedOut}`),
    // The provider posts to the proxy's own loopback origin (Back-Channel Logout 1.0).
    backchannelLogoutUri: `${origins[0]}${PEOPLE_PATHS.organisationBackchannelLogout}`,
  };
  const handle = createEmbeddedProvider({
    issuer,
    client,
    people: demoPeople,
    allowedHosts: hosts.map((host) => host.replace(/^\[|\]$/g, '')),
  });
  const mount: NodeMount = { prefix: embeddedPrefix, handle };
  return {
    issuer,
    mount,
    organisation: createOidcClient({
      issuerUrl: issuer,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      scopes: 'openid profile email roles',
    }),
  };
}
