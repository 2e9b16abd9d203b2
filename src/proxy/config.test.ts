import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseConfig } from './config.ts';

/** 32 bytes, base64: a DATA_ENCRYPTION_KEY of the right shape. */
const dataKey = Buffer.alloc(32, 7).toString('base64');

const key = 'a'.repeat(64);

describe('configuration', () => {
  // Issue 45 items 3 and 6: how the console authenticates to its provider, and whether the demo's
  // connections stand between a real provider's first admin and the first-connection screen.
  const organisation = {
    OIDC_ISSUER_URL: 'https://id.example/realms/clinic',
    OIDC_CLIENT_ID: 'provider-console',
    OIDC_CLIENT_SECRET: 'k+9/Vq2Z+dA/x7w==',
  };

  test('OIDC_CLIENT_AUTH_METHOD is unset (chosen from discovery) or one of three; private_key_jwt needs no secret', () => {
    expect(parseConfig(organisation).people.oidc?.authMethod).toBeUndefined();
    expect(
      parseConfig({ ...organisation, OIDC_CLIENT_AUTH_METHOD: 'client_secret_post' }).people.oidc?.authMethod,
    ).toBe('client_secret_post');
    expect(() => parseConfig({ ...organisation, OIDC_CLIENT_AUTH_METHOD: 'client_secret_jwt' })).toThrow(
      /OIDC_CLIENT_AUTH_METHOD: must be one of client_secret_post, client_secret_basic, private_key_jwt/,
    );
    const { OIDC_CLIENT_SECRET: _secret, ...keyed } = organisation;
    expect(() => parseConfig(keyed)).toThrow(/OIDC_CLIENT_SECRET go together/);
    expect(parseConfig({ ...keyed, OIDC_CLIENT_AUTH_METHOD: 'private_key_jwt' }).people.oidc).toMatchObject({
      clientId: 'provider-console',
      clientSecret: undefined,
      authMethod: 'private_key_jwt',
    });
  });

  test('beside a real provider the demo registers no connections unless DEMO_CONNECTIONS=true', () => {
    expect(parseConfig({}).people.demoConnections).toBe(true);
    expect(parseConfig({ ...organisation, DEMO: 'true' }).people.demoConnections).toBe(false);
    expect(
      parseConfig({ ...organisation, DEMO: 'true', DEMO_CONNECTIONS: 'true' }).people.demoConnections,
    ).toBe(true);
  });

  test('with nothing set, the only environment is the demo on 127.0.0.1:8080 with a random key', () => {
    const config = parseConfig({});
    expect(config.environments).toEqual([{ id: 'demo', templatesPrefix: '' }]);
    expect([config.host, config.port]).toEqual(['127.0.0.1', 8080]);
    expect(config.encryptionKey).toHaveLength(32);
    expect(config.encryptionKeyIsEphemeral).toBe(true);
    expect(parseConfig({}).encryptionKey.equals(config.encryptionKey)).toBe(false);
    expect([config.idleTimeoutMs, config.absoluteTimeoutMs]).toEqual([15 * 60_000, 8 * 3_600_000]);
  });

  test('upstreams turn the demo off unless DEMO=true, and carry their template prefixes', () => {
    const env = {
      UPSTREAM_QA_URL: 'https://qa.example.com/',
      UPSTREAM_DEVELOPMENT_URL: 'http://127.0.0.1:4010',
      TEMPLATES_PREFIX_QA: 'reports/v2/',
      SESSION_ENCRYPTION_KEY: key,
    };
    expect(parseConfig(env).environments).toEqual([
      { id: 'development', baseUrl: 'http://127.0.0.1:4010', templatesPrefix: '' },
      { id: 'qa', baseUrl: 'https://qa.example.com', templatesPrefix: '/reports/v2' },
    ]);
    expect(parseConfig({ ...env, DEMO: 'true' }).environments.map((e) => e.id)).toEqual([
      'demo',
      'development',
      'qa',
    ]);
  });

  test.each([
    [
      { UPSTREAM_QA_URL: 'http://qa.example.com', SESSION_ENCRYPTION_KEY: key },
      'UPSTREAM_QA_URL: must use https',
    ],
    [{ UPSTREAM_QA_URL: 'ftp://qa.example.com', SESSION_ENCRYPTION_KEY: key }, 'UPSTREAM_QA_URL'],
    [{ UPSTREAM_QA_URL: 'https://user:pw@qa.example.com', SESSION_ENCRYPTION_KEY: key }, 'credentials'],
    [{ UPSTREAM_QA_URL: 'https://qa.example.com' }, 'SESSION_ENCRYPTION_KEY: is required'],
    [{ SESSION_ENCRYPTION_KEY: 'short' }, 'SESSION_ENCRYPTION_KEY: must be 32 random bytes'],
    [{ SESSION_ENCRYPTION_KEY: 'ab'.repeat(16) }, 'SESSION_ENCRYPTION_KEY: must be 32 random bytes'],
    [{ DEMO: 'yes' }, 'DEMO: must be true or false'],
    [{ DEMO: 'false' }, 'DEMO: is false but no UPSTREAM'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ TEMPLATES_PREFIX_DEMO: '/../admin' }, 'TEMPLATES_PREFIX_DEMO'],
    [{ REDIS_URL: 'http://cache:6379', SESSION_ENCRYPTION_KEY: key }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis://cache:6379' }, 'SESSION_ENCRYPTION_KEY: is required with REDIS_URL'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ PUBLIC_ORIGIN: 'https://console.example/path' }, 'PUBLIC_ORIGIN'],
    [
      { DEMO: 'true', UPSTREAM_PRODUCTION_URL: 'https://api.example.com', SESSION_ENCRYPTION_KEY: key },
      'DEMO: cannot be on while UPSTREAM_PRODUCTION_URL is set',
    ],
    [{ TRUSTED_PROXIES: '10.0.0.0/8, balancer' }, 'TRUSTED_PROXIES: must be a comma-separated list'],
    [{ SHUTDOWN_GRACE_SECONDS: 'soon' }, 'SHUTDOWN_GRACE_SECONDS'],
    [{ DATABASE_URL: 'mysql://db/app' }, 'DATABASE_URL: must be postgres://'],
    [{ AUDIT_RETENTION_DAYS: '0' }, 'AUDIT_RETENTION_DAYS: must be a whole number of days'],
    [{ AUDIT_RETENTION_DAYS: 'forever' }, 'AUDIT_RETENTION_DAYS'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS: must be a positive whole number'],
    [{ MAX_REQUESTS_PER_SESSION: 'many' }, 'MAX_REQUESTS_PER_SESSION'],
    [{ MAX_UPSTREAM_ANSWER_MB: '4096' }, 'MAX_UPSTREAM_ANSWER_MB: must be at most 1024'],
    [{ UPSTREAM_CONNECTIONS: '-1' }, 'UPSTREAM_CONNECTIONS'],
    [{ DEMO_CONTROL_TOKEN: 'short' }, 'DEMO_CONTROL_TOKEN: must be 24 to 200'],
    [{ DEMO_MAX_SESSIONS: '1.5' }, 'DEMO_MAX_SESSIONS'],
    [{ DEMO_SESSIONS_PER_ADDRESS: '0' }, 'DEMO_SESSIONS_PER_ADDRESS'],
    [{ DEMO_SIGNINS_PER_MINUTE: 'x' }, 'DEMO_SIGNINS_PER_MINUTE'],
    [{ DEMO_RESET_HOURS: '0' }, 'DEMO_RESET_HOURS'],
    [{ SCREEN_RENDER: 'yes' }, 'SCREEN_RENDER: must be true or false'],
  ])('a bad configuration %j is refused naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  test('signed-in screens are rendered by the proxy unless SCREEN_RENDER=false (decision 0028)', () => {
    expect(parseConfig({}).screenRender).toBe(true);
    expect(parseConfig({ SCREEN_RENDER: 'true' }).screenRender).toBe(true);
    expect(parseConfig({ SCREEN_RENDER: 'false' }).screenRender).toBe(false);
  });

  test('TRUSTED_PROXIES, SHUTDOWN_GRACE_SECONDS and rediss:// are read', () => {
    const config = parseConfig({
      TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32,192.0.2.1',
      SHUTDOWN_GRACE_SECONDS: '3',
      REDIS_URL: 'rediss://console:pw@cache.example:6380/2',
      SESSION_ENCRYPTION_KEY: key,
    });
    expect(config.trustedProxies).toEqual(['10.0.0.0/8', '2001:db8::/32', '192.0.2.1']);
    expect(config.shutdownGraceMs).toBe(3_000);
    expect(config.redisUrl).toBe('rediss://console:pw@cache.example:6380/2');
    expect(parseConfig({}).shutdownGraceMs).toBe(10_000);
  });

  test('the store: embedded in .data/ of the checkout by default, kept 400 days; DATABASE_URL, DATA_DIR and AUDIT_RETENTION_DAYS read', () => {
    const defaults = parseConfig({});
    expect(defaults.databaseUrl).toBeUndefined();
    expect(defaults.dataDir).toBe(path.resolve(import.meta.dirname, '../../.data'));
    expect(defaults.auditRetentionDays).toBe(400);
    const set = parseConfig({
      DATABASE_URL: 'postgresql://console:pw@db.example:5432/console',
      DATA_ENCRYPTION_KEY: dataKey,
      DATA_DIR: 'relative/folder',
      AUDIT_RETENTION_DAYS: '30',
    });
    expect(set.databaseUrl).toBe('postgresql://console:pw@db.example:5432/console');
    expect(set.dataDir).toBe(path.resolve('relative/folder'));
    expect(set.auditRetentionDays).toBe(30);
    expect(set.people.dataEncryptionKey).toEqual(Buffer.alloc(32, 7));
  });

  test('DATABASE_URL needs DATA_ENCRYPTION_KEY, which seals connection secrets apart from the database (docs/decisions/0023)', () => {
    expect(() => parseConfig({ DATABASE_URL: 'postgres://console@db.example/console' })).toThrow(
      /DATA_ENCRYPTION_KEY: is required with DATABASE_URL/,
    );
    expect(() =>
      parseConfig({ DATABASE_URL: 'postgres://console@db.example/console', DATA_ENCRYPTION_KEY: 'short' }),
    ).toThrow(/DATA_ENCRYPTION_KEY: must be 32 random bytes/);
    // Embedded, the key may be left out: one is made once beside the database (core/store/data-key.ts).
    expect(parseConfig({}).people.dataEncryptionKey).toBeUndefined();
  });

  test('the limits have their documented defaults, and each can be set (docs/decisions/0020)', () => {
    expect(parseConfig({})).toMatchObject({
      maxConnections: 512,
      maxRequestsPerSession: 32,
      maxAnswerBytes: 16 * 1024 * 1024,
      upstreamConnections: 64,
      demo: {
        controlToken: undefined,
        maxSessions: 500,
        sessionsPerAddress: 10,
        signInsPerMinute: 10,
        resetMs: 24 * 3_600_000,
      },
    });
    const token = 'a-control-token-of-32-characters';
    expect(
      parseConfig({
        MAX_CONNECTIONS: '2000',
        MAX_REQUESTS_PER_SESSION: '8',
        MAX_UPSTREAM_ANSWER_MB: '4',
        UPSTREAM_CONNECTIONS: '16',
        DEMO_CONTROL_TOKEN: token,
        DEMO_MAX_SESSIONS: '50',
        DEMO_SESSIONS_PER_ADDRESS: '3',
        DEMO_SIGNINS_PER_MINUTE: '20',
        DEMO_RESET_HOURS: '1',
      }),
    ).toMatchObject({
      maxConnections: 2000,
      maxRequestsPerSession: 8,
      maxAnswerBytes: 4 * 1024 * 1024,
      upstreamConnections: 16,
      demo: {
        controlToken: token,
        maxSessions: 50,
        sessionsPerAddress: 3,
        signInsPerMinute: 20,
        resetMs: 3_600_000,
      },
    });
  });

  test('the watcher: on, every 15 minutes, 8 requests in flight, 400 days of history by default; each can be set, and a bad value is named (docs/decisions/0025)', () => {
    expect(parseConfig({}).watch).toEqual({
      enabled: true,
      intervalMinutes: 15,
      concurrency: 8,
      historyDays: 400,
    });
    expect(
      parseConfig({
        WATCH: 'false',
        WATCH_INTERVAL_MINUTES: '5',
        WATCH_CONCURRENCY: '2',
        WATCH_HISTORY_DAYS: '30',
      }).watch,
    ).toEqual({ enabled: false, intervalMinutes: 5, concurrency: 2, historyDays: 30 });
    expect(parseConfig({ WATCH_HISTORY_DAYS: '8' }).watch.historyDays).toBe(8);
    // Fewer days than the date alerts look ahead could purge an alert whose date is still to come.
    expect(() => parseConfig({ WATCH_HISTORY_DAYS: '7' })).toThrow(/WATCH_HISTORY_DAYS: must be at least 8/);
    expect(() => parseConfig({ WATCH_HISTORY_DAYS: 'forever' })).toThrow(
      /WATCH_HISTORY_DAYS: must be a whole number of days/,
    );
    expect(() => parseConfig({ WATCH_INTERVAL_MINUTES: '0' })).toThrow(
      /WATCH_INTERVAL_MINUTES: must be a positive whole number/,
    );
    expect(() => parseConfig({ WATCH_INTERVAL_MINUTES: '2000' })).toThrow(
      /WATCH_INTERVAL_MINUTES: must be at most 1440/,
    );
    expect(() => parseConfig({ WATCH_CONCURRENCY: '65' })).toThrow(/WATCH_CONCURRENCY: must be at most 64/);
    expect(() => parseConfig({ WATCH: 'yes' })).toThrow(/WATCH: must be true or false/);
  });

  test('a key may be given as base64 too', () => {
    const config = parseConfig({ SESSION_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(config.encryptionKey.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(config.encryptionKeyIsEphemeral).toBe(false);
  });
});

test('the proxy process stops at start with a clear message and a non-zero exit on a bad configuration', async () => {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts')], {
    env: { PATH: process.env.PATH, UPSTREAM_PRODUCTION_URL: 'http://prod.example.com', DEMO: 'maybe' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(2);
  expect(stderr).toContain('Invalid configuration');
  expect(stderr).toContain('UPSTREAM_PRODUCTION_URL: must use https');
  expect(stderr).toContain('DEMO: must be true or false');
});
