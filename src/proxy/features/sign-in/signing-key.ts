// The console's own key for OIDC_CLIENT_AUTH_METHOD=private_key_jwt (issue 45 item 3, RFC 7523 §2.2):
// an ES256 key pair made by the first instance that needs it, its private half sealed with the
// deployment key (docs/decisions/0023, as connections' secrets are) in the database that every
// instance shares (migration 0009), its public half served at /auth/jwks.json for the provider to
// fetch. Two instances making one at once: the first row wins, and both use it.
import type { Kysely } from 'kysely';
import type * as oidc from 'openid-client';
import type { Database } from '../../core/store/schema.ts';
import type { SecretBox } from '../../core/store/secret-box.ts';

export interface SigningKeys {
  /** The private key openid-client signs client assertions with (made on first use). */
  privateKey(): Promise<oidc.PrivateKey>;
  /** The public JWK Set the provider verifies them with (RFC 7517 §5). */
  jwks(): Promise<{ keys: oidc.JWK[] }>;
}

const algorithm = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const contextOf = (kid: string) => `client_signing_key:${kid}`;

type Row = { kid: string; private_sealed: string; public_jwk: string };

export function createSigningKeys(db: Kysely<Database>, box: SecretBox): SigningKeys {
  let loaded: Promise<{ privateKey: oidc.PrivateKey; publicJwk: oidc.JWK }> | undefined;

  const oldest = (): Promise<Row | undefined> =>
    db
      .selectFrom('client_signing_key')
      .select(['kid', 'private_sealed', 'public_jwk'])
      .orderBy('created_at')
      .orderBy('kid')
      .limit(1)
      .executeTakeFirst();

  async function made(): Promise<Row> {
    const pair = await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
    const kid = crypto.randomUUID();
    const privateJwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const row = {
      kid,
      private_sealed: await box.seal(JSON.stringify(privateJwk), contextOf(kid)),
      public_jwk: JSON.stringify({ kty, crv, x, y, kid, alg: 'ES256', use: 'sig' }),
    };
    await db
      .insertInto('client_signing_key')
      .values({ ...row, created_at: new Date() })
      .execute();
    return row;
  }

  async function load() {
    // Made at most once per instance; when two race, the oldest row is the one both keep.
    if (!(await oldest())) await made();
    const row = await oldest();
    if (!row) throw new Error('the signing key could not be kept');
    const opened = await box.open(row.private_sealed, contextOf(row.kid));
    if (opened === undefined) throw new Error('the signing key does not open with this DATA_ENCRYPTION_KEY');
    const key = await crypto.subtle.importKey('jwk', JSON.parse(opened) as oidc.JWK, algorithm, false, [
      'sign',
    ]);
    return { privateKey: { key, kid: row.kid }, publicJwk: JSON.parse(row.public_jwk) as oidc.JWK };
  }

  const current = () => {
    loaded ??= load();
    // A failure (the database out) is not kept: the next call tries again.
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };

  return {
    privateKey: async () => (await current()).privateKey,
    jwks: async () => ({ keys: [(await current()).publicJwk] }),
  };
}
