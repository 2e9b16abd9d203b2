// The proxy's configuration, read once from the process environment and parsed with zod, so that a
// bad value stops the process at start with a message naming the variable and exit code 2
// (docs/decisions/0005).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { limitsOf, limitsShape, type LimitsConfig } from './core/config/limits.ts';
import { mailConfigOf, mailShape, type MailConfig } from './features/mail/config.ts';
import type { EnvironmentConfig } from './core/upstream/environments.ts';
import { peopleConfigOf, peopleShape, refinePeople, type PeopleConfig } from './features/people/config.ts';
import { watchConfigOf, watchShape, type WatchConfig } from './features/watch/config.ts';
import { encryptionKey, positiveInt, templatesPrefix, upstreamUrl } from './core/config/fields.ts';
import { operationsConfigOf, operationsShape, type OperationsConfig } from './features/operations/config.ts';

export { environmentIds } from './core/upstream/environments.ts';
export { isLoopbackHost } from './core/http/loopback.ts';
export type {
  EnvironmentConfig,
  EnvironmentId,
  UpstreamEnvironmentId,
} from './core/upstream/environments.ts';

export interface ProxyConfig extends LimitsConfig {
  host: string;
  port: number;
  /** The console's public origin (scheme://host[:port]) when it differs from what the proxy sees. */
  publicOrigin: string | undefined;
  environments: EnvironmentConfig[];
  redisUrl: string | undefined;
  /** The hops whose X-Forwarded-For is believed (CIDR or single addresses; docs/decisions/0011). */
  trustedProxies: string[];
  /** How long requests in flight may take to finish after SIGTERM. */
  shutdownGraceMs: number;
  /** 32 bytes for AES-256-GCM. */
  encryptionKey: Buffer;
  /** True when the key was generated for this process (demo only): sessions die with it. */
  encryptionKeyIsEphemeral: boolean;
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  distDir: string | undefined;
  /** The store of record (docs/decisions/0018): a PostgreSQL server, or PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** DATA_ENCRYPTION_KEY_FILE: where the data-encryption key is kept, outside DATA_DIR (issue 46 I1). */
  dataKeyFile: string | undefined;
  auditRetentionDays: number;
  /** People, roles and connections (docs/decisions/0023). */
  people: PeopleConfig;
  /** The watcher: every stored connection's centres, on a schedule (docs/decisions/0025). */
  watch: WatchConfig;
  /** Alert e-mail (docs/decisions/0027). */
  mail: MailConfig;
  /** Metrics, traces and the drain (features/operations, docs/operations.md). */
  operations: OperationsConfig;
}

/** Where the embedded database lives without DATA_DIR: a git-ignored folder in the checkout. */
export const defaultDataDir = path.resolve(import.meta.dirname, '../../.data');

const schema = z
  .object({
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PORT: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, 'must be a port number')
      .transform(Number)
      .pipe(z.number().int().min(0).max(65_535))
      .default(8080),
    PUBLIC_ORIGIN: z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/ }))
      .transform((value, ctx) => {
        const url = new URL(value);
        if (url.origin !== value.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: 'must be an origin only: scheme://host[:port]' });
          return z.NEVER;
        }
        return url.origin;
      })
      .optional(),
    UPSTREAM_DEVELOPMENT_URL: upstreamUrl.optional(),
    UPSTREAM_QA_URL: upstreamUrl.optional(),
    UPSTREAM_PRODUCTION_URL: upstreamUrl.optional(),
    TEMPLATES_PREFIX_DEMO: templatesPrefix,
    TEMPLATES_PREFIX_DEVELOPMENT: templatesPrefix,
    TEMPLATES_PREFIX_QA: templatesPrefix,
    TEMPLATES_PREFIX_PRODUCTION: templatesPrefix,
    DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    REDIS_URL: z
      .string()
      .trim()
      .refine((value) => /^(rediss?:\/\/|unix:\/\/\/)/.test(value) && URL.canParse(value), {
        message:
          'must be redis://[user:password@]host[:port][/db], rediss://… (TLS) or unix:///path/to/socket',
      })
      .optional(),
    TRUSTED_PROXIES: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        const entries = (value ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
        const bad = entries.filter((entry) => !ipaddr.isValidCIDR(entry) && !ipaddr.isValid(entry));
        if (bad.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a comma-separated list of addresses or CIDR ranges (not ${bad.join(', ')})`,
          });
          return z.NEVER;
        }
        return entries;
      }),
    SHUTDOWN_GRACE_SECONDS: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, 'must be a whole number of seconds')
      .transform(Number)
      .optional()
      .transform((value) => value ?? 10),
    SESSION_ENCRYPTION_KEY: encryptionKey,
    SESSION_IDLE_MINUTES: positiveInt(15),
    SESSION_ABSOLUTE_HOURS: positiveInt(8),
    DIST_DIR: z.string().trim().min(1).optional(),
    DATABASE_URL: z
      .string()
      .trim()
      .refine((value) => /^postgres(ql)?:\/\/./.test(value) && URL.canParse(value), {
        message: 'must be postgres://[user[:password]@]host[:port]/database (or postgresql://…)',
      })
      .optional(),
    DATA_DIR: z.string().trim().min(1).optional(),
    AUDIT_RETENTION_DAYS: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,4}$/, 'must be a whole number of days from 1 to 99999')
      .transform(Number)
      .optional()
      .transform((value) => value ?? 400),
    DATA_ENCRYPTION_KEY: encryptionKey,
    DATA_ENCRYPTION_KEY_FILE: z.string().trim().min(1).optional(),
    ...peopleShape,
    ...limitsShape,
    ...watchShape,
    ...mailShape,
    ...operationsShape,
  })
  .superRefine((env, ctx) => {
    const upstreams = [env.UPSTREAM_DEVELOPMENT_URL, env.UPSTREAM_QA_URL, env.UPSTREAM_PRODUCTION_URL];
    const demo = env.DEMO === undefined ? upstreams.every((url) => url === undefined) : env.DEMO === 'true';
    if (!demo && upstreams.every((url) => url === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO'],
        message: 'is false but no UPSTREAM_*_URL is set: there would be no environment to log in to',
      });
    if (upstreams.some((url) => url !== undefined) && env.SESSION_ENCRYPTION_KEY === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_ENCRYPTION_KEY'],
        message:
          'is required when a real upstream is configured (secrets must survive a restart and be shared)',
      });
    // D11: the demo's control API resets and rewrites the world; it has no place beside production.
    if (demo && env.UPSTREAM_PRODUCTION_URL !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO'],
        message:
          'cannot be on while UPSTREAM_PRODUCTION_URL is set: the demo serves the simulator control API (/__sim); set DEMO=false or run the demo as a separate instance',
      });
    refinePeople(env, demo, ctx);
    // Issue 46 I1: the key kept apart from the data it opens, so that a copy of DATA_DIR is not both.
    const keyFile = env.DATA_ENCRYPTION_KEY_FILE && path.resolve(env.DATA_ENCRYPTION_KEY_FILE);
    const dataDir = path.resolve(env.DATA_DIR ?? defaultDataDir);
    if (keyFile && (keyFile === dataDir || keyFile.startsWith(`${dataDir}${path.sep}`)))
      ctx.addIssue({
        code: 'custom',
        path: ['DATA_ENCRYPTION_KEY_FILE'],
        message:
          'is inside DATA_DIR: keep the key apart from the data it opens (a copy of the folder would hold both)',
      });
    if (env.REDIS_URL !== undefined && env.SESSION_ENCRYPTION_KEY === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_ENCRYPTION_KEY'],
        message: 'is required with REDIS_URL: every instance must decrypt the same sessions',
      });
  });

/** The variables this module reads; anything else in the environment is ignored. */
export const configVariables = Object.keys(schema.shape) as (keyof typeof schema.shape)[];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the process environment; throws a ConfigError listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): ProxyConfig {
  // Empty values count as unset, as in most deployment tools.
  const present = Object.fromEntries(
    configVariables.map((name) => [name, env[name] === '' ? undefined : env[name]] as const),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  const environments: EnvironmentConfig[] = [];
  const anyUpstream = [v.UPSTREAM_DEVELOPMENT_URL, v.UPSTREAM_QA_URL, v.UPSTREAM_PRODUCTION_URL].some(
    Boolean,
  );
  const demo = v.DEMO === 'true' || (v.DEMO === undefined && !anyUpstream);
  if (demo) environments.push({ id: 'demo', templatesPrefix: v.TEMPLATES_PREFIX_DEMO });
  if (v.UPSTREAM_DEVELOPMENT_URL)
    environments.push({
      id: 'development',
      baseUrl: v.UPSTREAM_DEVELOPMENT_URL,
      templatesPrefix: v.TEMPLATES_PREFIX_DEVELOPMENT,
    });
  if (v.UPSTREAM_QA_URL)
    environments.push({ id: 'qa', baseUrl: v.UPSTREAM_QA_URL, templatesPrefix: v.TEMPLATES_PREFIX_QA });
  if (v.UPSTREAM_PRODUCTION_URL)
    environments.push({
      id: 'production',
      baseUrl: v.UPSTREAM_PRODUCTION_URL,
      templatesPrefix: v.TEMPLATES_PREFIX_PRODUCTION,
    });
  return {
    host: v.HOST,
    port: v.PORT,
    publicOrigin: v.PUBLIC_ORIGIN,
    environments,
    redisUrl: v.REDIS_URL,
    trustedProxies: v.TRUSTED_PROXIES,
    shutdownGraceMs: v.SHUTDOWN_GRACE_SECONDS * 1000,
    encryptionKey: v.SESSION_ENCRYPTION_KEY ?? randomBytes(32),
    encryptionKeyIsEphemeral: v.SESSION_ENCRYPTION_KEY === undefined,
    idleTimeoutMs: v.SESSION_IDLE_MINUTES * 60_000,
    absoluteTimeoutMs: v.SESSION_ABSOLUTE_HOURS * 3_600_000,
    distDir: v.DIST_DIR,
    databaseUrl: v.DATABASE_URL,
    dataDir: path.resolve(v.DATA_DIR ?? defaultDataDir),
    dataKeyFile: v.DATA_ENCRYPTION_KEY_FILE && path.resolve(v.DATA_ENCRYPTION_KEY_FILE),
    auditRetentionDays: v.AUDIT_RETENTION_DAYS,
    people: peopleConfigOf(v, demo),
    watch: watchConfigOf(v),
    mail: mailConfigOf(v),
    operations: operationsConfigOf(v),
    ...limitsOf(v),
  };
}
