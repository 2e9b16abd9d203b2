// GET /auth/jwks.json: the public half of the console's client-assertion key (signing-key.ts), the
// `jwks_uri` to register at the provider for private_key_jwt (RFC 7523, OpenID Connect Core §9).
// Public by nature: the provider fetches it without a session.
import { Hono } from 'hono';
import type { ProxyEnv } from '../../core/http/context.ts';
import type { SigningKeys } from './signing-key.ts';

export function jwksRoutes(keys: SigningKeys) {
  return new Hono<ProxyEnv>().get('/', async (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json(await keys.jwks(), 200, { 'content-type': 'application/jwk-set+json' });
  });
}
