// The configuration of people, roles and connections (docs/decisions/0023), parsed with the rest of
// config.ts: organisation sign-in (OIDC_*), the first admins (ADMIN_EMAILS), client-credential
// sign-in (CLIENT_CREDENTIALS_LOGIN), the deployment key that seals connection secrets
// (DATA_ENCRYPTION_KEY) and the embedded demo identity provider (EMBEDDED_OIDC).
import { z } from 'zod';
import { parseRoleMapping, type PeoplePolicy } from './policy.ts';

/** OIDC_CLIENT_AUTH_METHOD's values (OpenID Connect Core §9; the sign-in feature implements them). */
export const CLIENT_AUTH_METHODS = ['client_secret_post', 'client_secret_basic', 'private_key_jwt'] as const;
export type ClientAuthMethodSetting = (typeof CLIENT_AUTH_METHODS)[number];

const bool = z.enum(['true', 'false'], { error: 'must be true or false' }).optional();

const loopback = (host: string) => /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(host);

export const peopleShape = {
  OIDC_ISSUER_URL: z
    .string()
    .trim()
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: "must be the provider's issuer URL, like https://id.example/realms/clinic",
      }),
    )
    .refine(
      (value) => new URL(value).protocol === 'https:' || loopback(new URL(value).host.replace(/:\d+$/, '')),
      {
        message: 'must use https (plain http is allowed only for loopback)',
      },
    )
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  // Issue 45 item 3: how the console authenticates to the token endpoint (sign-in's
  // client-auth-method.ts); unset, chosen from what the provider advertises.
  OIDC_CLIENT_AUTH_METHOD: z
    .enum(CLIENT_AUTH_METHODS, {
      error: `must be one of ${CLIENT_AUTH_METHODS.join(', ')} (or unset, to use what the provider offers)`,
    })
    .optional(),
  OIDC_SCOPES: z
    .string()
    .trim()
    .refine((value) => value.split(/\s+/).includes('openid'), { message: 'must include openid' })
    .optional(),
  OIDC_ROLES_CLAIM: z.string().trim().min(1).max(200).optional(),
  OIDC_ROLE_MAPPING: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseRoleMapping(value ?? '');
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: error instanceof Error ? error.message : 'is not a mapping',
        });
        return z.NEVER;
      }
    }),
  OIDC_TRUST_EMAIL: bool,
  ADMIN_EMAILS: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      const emails = (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean);
      const bad = emails.filter((email) => !z.email().safeParse(email).success);
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be e-mail addresses separated by commas (not ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return emails;
    }),
  CLIENT_CREDENTIALS_LOGIN: bool,
  EMBEDDED_OIDC: bool,
  // Issue 45 item 6: the demo's connections beside a real provider only when asked for.
  DEMO_CONNECTIONS: bool,
};

type PeopleEnv = {
  OIDC_ISSUER_URL?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  OIDC_CLIENT_AUTH_METHOD?: ClientAuthMethodSetting | undefined;
  OIDC_ROLES_CLAIM?: string | undefined;
  OIDC_ROLE_MAPPING: ReturnType<typeof parseRoleMapping>;
  CLIENT_CREDENTIALS_LOGIN?: 'true' | 'false' | undefined;
  EMBEDDED_OIDC?: 'true' | 'false' | undefined;
  DEMO_CONNECTIONS?: 'true' | 'false' | undefined;
  DATABASE_URL?: string | undefined;
  DATA_ENCRYPTION_KEY?: Buffer | undefined;
  DATA_ENCRYPTION_KEY_FILE?: string | undefined;
  UPSTREAM_PRODUCTION_URL?: string | undefined;
};

/** Whether the embedded demo provider runs: asked for, or by default beside the demo. */
export const embeddedOidcOn = (env: PeopleEnv, demo: boolean) =>
  env.EMBEDDED_OIDC === undefined ? demo && env.OIDC_ISSUER_URL === undefined : env.EMBEDDED_OIDC === 'true';

export function refinePeople(env: PeopleEnv, demo: boolean, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  // private_key_jwt signs with the proxy's own key: no secret to share.
  const keyed = env.OIDC_CLIENT_AUTH_METHOD === 'private_key_jwt';
  const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, keyed ? '' : env.OIDC_CLIENT_SECRET];
  if (oidc.some((value) => value !== undefined) && oidc.some((value) => value === undefined))
    issue(
      'OIDC_ISSUER_URL',
      keyed
        ? 'OIDC_ISSUER_URL and OIDC_CLIENT_ID go together: set both'
        : 'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three (or OIDC_CLIENT_AUTH_METHOD=private_key_jwt, which needs no secret)',
    );

  if ((env.OIDC_ROLES_CLAIM === undefined) !== (env.OIDC_ROLE_MAPPING.length === 0))
    issue(
      'OIDC_ROLE_MAPPING',
      'OIDC_ROLES_CLAIM and OIDC_ROLE_MAPPING go together: the claim to read, and what its values mean',
    );
  const embedded = embeddedOidcOn(env, demo);
  if (embedded && env.OIDC_ISSUER_URL !== undefined)
    issue(
      'EMBEDDED_OIDC',
      'cannot be on while OIDC_ISSUER_URL is set: the console signs people in with one provider',
    );
  if (embedded && env.UPSTREAM_PRODUCTION_URL !== undefined)
    issue(
      'EMBEDDED_OIDC',
      'cannot be on while UPSTREAM_PRODUCTION_URL is set: the embedded provider signs in demo people without a password',
    );
  if (env.CLIENT_CREDENTIALS_LOGIN === 'false' && env.OIDC_ISSUER_URL === undefined && !embedded)
    issue(
      'CLIENT_CREDENTIALS_LOGIN',
      'is false but no organisation sign-in is configured (OIDC_ISSUER_URL): nobody could sign in',
    );
  if (
    env.DATABASE_URL !== undefined &&
    env.DATA_ENCRYPTION_KEY === undefined &&
    env.DATA_ENCRYPTION_KEY_FILE === undefined
  )
    issue(
      'DATA_ENCRYPTION_KEY',
      "is required with DATABASE_URL (or DATA_ENCRYPTION_KEY_FILE): it seals the connections' client secrets in the database (openssl rand -base64 32), and must be kept apart from it",
    );
  if (env.DATA_ENCRYPTION_KEY !== undefined && env.DATA_ENCRYPTION_KEY_FILE !== undefined)
    issue('DATA_ENCRYPTION_KEY_FILE', 'cannot be set with DATA_ENCRYPTION_KEY: the key is one or the other');
}

export interface PeopleConfig {
  oidc:
    | {
        issuerUrl: string;
        clientId: string;
        clientSecret: string | undefined;
        authMethod: ClientAuthMethodSetting | undefined;
        scopes: string | undefined;
      }
    | undefined;
  /** The embedded demo identity provider (oidc-provider, in this process, loopback only). */
  embeddedOidc: boolean;
  /**
   * Whether the demo registers its connections (with the demo on): by default only without
   * OIDC_ISSUER_URL, so that a real provider's first admin meets the first-connection screen.
   */
  demoConnections: boolean;
  policy: PeoplePolicy;
  clientCredentialsLogin: boolean;
  /** DATA_ENCRYPTION_KEY, when set (else, embedded only: a key file in DATA_DIR). */
  dataEncryptionKey: Buffer | undefined;
}

export function peopleConfigOf(
  env: PeopleEnv & {
    OIDC_SCOPES?: string | undefined;
    OIDC_TRUST_EMAIL?: 'true' | 'false' | undefined;
    ADMIN_EMAILS: string[];
  },
  demo: boolean,
): PeopleConfig {
  return {
    oidc:
      env.OIDC_ISSUER_URL &&
      env.OIDC_CLIENT_ID &&
      (env.OIDC_CLIENT_SECRET || env.OIDC_CLIENT_AUTH_METHOD === 'private_key_jwt')
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            authMethod: env.OIDC_CLIENT_AUTH_METHOD,
            scopes: env.OIDC_SCOPES,
          }
        : undefined,
    embeddedOidc: embeddedOidcOn(env, demo),
    demoConnections:
      env.DEMO_CONNECTIONS === undefined
        ? env.OIDC_ISSUER_URL === undefined
        : env.DEMO_CONNECTIONS === 'true',
    policy: {
      adminEmails: new Set(env.ADMIN_EMAILS),
      rolesClaim: env.OIDC_ROLES_CLAIM,
      roleMapping: env.OIDC_ROLE_MAPPING,
      trustEmail: env.OIDC_TRUST_EMAIL === 'true',
    },
    clientCredentialsLogin: env.CLIENT_CREDENTIALS_LOGIN !== 'false',
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
  };
}
