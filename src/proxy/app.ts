// The token proxy's HTTP app (docs/decisions/0005): a backend-for-frontend. The browser talks only
// to this origin, holds only an opaque session id, and reaches the upstream only through the
// allow-list of the spec's operations. Web-standard (Hono on Request/Response, Web Crypto): the
// same app runs under Node (server.ts), in the browser's demo worker and in the console's tests
// (hosts/browser.ts); docs/decisions/0012.
import { Hono } from 'hono';
import { createMemoryAuditStore } from './audit/memory-store.ts';
import { auditRecorder } from './audit/recorder.ts';
import type { AuditStore } from './audit/store.ts';
import { fail, silentLogger, type Logger, type ProxyEnv } from './context.ts';
import type { AppDeps } from './deps.ts';
import type { EnvironmentConfig } from './environments.ts';
import { createLoginLimiter } from './login-limiter.ts';
import { compression } from './middleware/compression.ts';
import { csrfGuard } from './middleware/csrf.ts';
import { hostCheck } from './middleware/host-check.ts';
import { requestContext } from './middleware/request-context.ts';
import { apiRoutes } from './routes/api.ts';
import { authRoutes, describe } from './routes/auth.ts';
import { auditRoutes } from './routes/audit.ts';
import { contractEventRoutes } from './routes/contract-events.ts';
import { simulatorControlRoutes } from './routes/simulator-control.ts';
import { siteRoutes, type StaticSite } from './routes/site.ts';
import { createSecretBox } from './secret-box.ts';
import { cookieCarrier, type SessionCarrier } from './session-carrier.ts';
import { StoreUnavailableError, type SessionStore } from './session-store.ts';
import { createSessionManager } from './sessions.ts';
import { createTokenRenewal } from './token-renewal.ts';
import type { FetchLike } from './upstream.ts';

export interface ProxyOptions {
  environments: EnvironmentConfig[];
  store: SessionStore;
  /** The audit log (docs/decisions/0018): the database's under Node; default in memory (the page, tests). */
  audit?: AuditStore;
  /** How long the audit log keeps an entry, in days (default 400). */
  auditRetentionDays?: number;
  /** Changes one session may make per minute (default 600, docs/decisions/0018). */
  changesPerMinute?: number;
  /** 32 bytes for AES-256-GCM. */
  encryptionKey: Uint8Array;
  /** The upstream transport per environment (default `fetch`); the demo's is the simulator. */
  transports?: Partial<Record<EnvironmentConfig['id'], FetchLike>>;
  /** The embedded simulator's control API, served at /__sim on this origin (D11, demo only). */
  simulatorControl?: FetchLike;
  publicOrigin?: string;
  /** Host names this proxy answers to; others get 421 (middleware/host-check.ts). */
  allowedHosts?: readonly string[];
  /** How the session id travels (default: the `HttpOnly` cookie; session-carrier.ts). */
  carrier?: SessionCarrier;
  idleTimeoutMs?: number;
  absoluteTimeoutMs?: number;
  tokenTimeoutMs?: number;
  apiTimeoutMs?: number;
  now?: () => number;
  logger?: Logger;
  site?: StaticSite;
  /**
   * Gzip answers over 1 kB (default true). The in-browser host turns it off: a service worker's
   * answer reaches the page as it is, never decoded (docs/decisions/0017).
   */
  compress?: boolean;
}

export function createProxyApp(options: ProxyOptions) {
  const now = options.now ?? Date.now;
  const log = options.logger ?? silentLogger;
  const store = options.store;
  const audit = options.audit ?? createMemoryAuditStore();
  const sessions = createSessionManager({
    store,
    box: createSecretBox(options.encryptionKey),
    now,
    idleTimeoutMs: options.idleTimeoutMs ?? 15 * 60_000,
    absoluteTimeoutMs: options.absoluteTimeoutMs ?? 8 * 3_600_000,
  });
  const environments = new Map<string, EnvironmentConfig>(options.environments.map((env) => [env.id, env]));
  const transportOf = (env: EnvironmentConfig): FetchLike =>
    options.transports?.[env.id] ?? ((request) => fetch(request));
  const tokenTimeoutMs = options.tokenTimeoutMs ?? 5_000;
  const deps: AppDeps = {
    log,
    now,
    store,
    audit,
    auditRetentionMs: (options.auditRetentionDays ?? 400) * 86_400_000,
    changesPerMinute: options.changesPerMinute ?? 600,
    sessions,
    renew: createTokenRenewal({ sessions, environments, transportOf, timeoutMs: tokenTimeoutMs }),
    limiter: createLoginLimiter(store, now),
    carrier: options.carrier ?? cookieCarrier,
    environments,
    environmentList: options.environments,
    transportOf,
    tokenTimeoutMs,
    apiTimeoutMs: options.apiTimeoutMs ?? 10_000,
  };

  const app = new Hono<ProxyEnv>();
  app.use('*', requestContext(log));
  app.use('*', hostCheck(options.allowedHosts));
  if (options.compress !== false) app.use('*', compression());
  app.onError((error, c) => {
    if (error instanceof StoreUnavailableError) {
      log.error(
        { event: 'store_unavailable', requestId: c.get('requestId'), error: error.message },
        'store unavailable',
      );
      return fail(c, 503, 'store_unavailable', 'The session store cannot be reached. Try again in a moment.');
    }
    log.error(
      { event: 'unhandled_error', requestId: c.get('requestId'), error: describe(error) },
      'unhandled error',
    );
    return fail(c, 500, 'internal_error', 'Something went wrong in the proxy.');
  });

  const csrf = csrfGuard(options.publicOrigin);
  app.use('/auth/*', csrf);
  app.use('/api/*', csrf);
  app.use('/__sim/*', csrf);
  app.use('/contract-events', csrf);
  app.use('/contract-events/*', csrf);
  app.use('/audit/*', csrf);
  // docs/decisions/0018: every change forwarded under /api is written to the audit log.
  app.use('/api/*', auditRecorder(deps));

  app.get('/healthz', (c) => c.json({ status: 'alive' }));
  app.get('/readyz', async (c) => {
    try {
      await store.ping();
    } catch {
      return fail(c, 503, 'not_ready', 'The session store cannot be reached.');
    }
    try {
      await audit.ping();
    } catch {
      return fail(c, 503, 'not_ready', 'The database cannot be reached.');
    }
    return c.json({ status: 'ready' });
  });
  app.route('/auth', authRoutes(deps));
  app.route('/api', apiRoutes(deps));
  app.route('/contract-events', contractEventRoutes(deps));
  app.route('/audit', auditRoutes(deps));
  app.route(
    '/__sim',
    simulatorControlRoutes(
      environments.has('demo') ? options.simulatorControl : undefined,
      deps.apiTimeoutMs,
    ),
  );
  app.route(
    '/',
    siteRoutes(options.site, {
      environmentIds: options.environments.map((env) => env.id),
      hasSession: (c) => Boolean(deps.carrier.read(c)),
    }),
  );

  return {
    app,
    /** For tests: the session manager over the same store. */
    sessions,
    /** For tests: the audit log it writes. */
    audit,
  };
}

export type ProxyApp = ReturnType<typeof createProxyApp>;
