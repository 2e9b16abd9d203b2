// The token proxy's HTTP app (docs/decisions/0005): a backend-for-frontend. The browser talks only
// to this origin, holds only an opaque session id, and reaches the upstream only through the
// allow-list of the spec's operations. Web-standard (Hono on Request/Response, Web Crypto): the
// same app runs under Node (server.ts), in the browser's demo worker and in the console's tests
// (hosts/browser.ts); docs/decisions/0012.
import { Hono } from 'hono';
import { createMemoryAuditStore } from './audit/memory-store.ts';
import { auditRecorder } from './audit/recorder.ts';
import type { AuditStore } from './audit/store.ts';
import { createCentreIndex, type CentreIndexOptions } from './centres/centre-index.ts';
import { dropCentreIndexOnCreate } from './centres/drop-on-create.ts';
import { fail, silentLogger, type Logger, type ProxyEnv } from './context.ts';
import { createDemoGuard, type DemoLimits } from './demo-guard.ts';
import type { AppDeps } from './deps.ts';
import type { EnvironmentConfig } from './environments.ts';
import { errorFacts } from './error-codes.ts';
import { createLoginLimiter } from './login-limiter.ts';
import { compression } from './middleware/compression.ts';
import { csrfGuard } from './middleware/csrf.ts';
import { hostCheck } from './middleware/host-check.ts';
import { requestContext } from './middleware/request-context.ts';
import { defaultMaxRequestsPerSession, sessionConcurrency } from './middleware/session-concurrency.ts';
import { apiRoutes } from './routes/api.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { centreRoutes } from './routes/centres.ts';
import { contractEventRoutes } from './routes/contract-events.ts';
import { healthRoutes } from './routes/health.ts';
import { simulatorControlRoutes } from './routes/simulator-control.ts';
import { siteRoutes, type StaticSite } from './routes/site.ts';
import { createSecretBox } from './secret-box.ts';
import { cookieCarrier, type SessionCarrier } from './session-carrier.ts';
import { StoreUnavailableError, type SessionStore } from './session-store.ts';
import { createSessionManager } from './sessions.ts';
import { createTokenRenewal } from './token-renewal.ts';
import { defaultMaxAnswerBytes, type FetchLike } from './upstream.ts';

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
  /**
   * The token /__sim asks for (all but `GET /__sim/clock`) in `X-Demo-Control-Token`; unset: open
   * (the in-browser host, whose one user is the page). docs/decisions/0020.
   */
  simulatorControlToken?: string;
  /** Limits on the demo's sign-ins and live sessions (unset: none; docs/decisions/0020). */
  demoLimits?: DemoLimits;
  publicOrigin?: string;
  /** Host names this proxy answers to; others get 421 (middleware/host-check.ts). */
  allowedHosts?: readonly string[];
  /** How the session id travels (default: the `HttpOnly` cookie; session-carrier.ts). */
  carrier?: SessionCarrier;
  idleTimeoutMs?: number;
  absoluteTimeoutMs?: number;
  tokenTimeoutMs?: number;
  apiTimeoutMs?: number;
  /** The largest upstream answer, read whole or streamed (default 16 MiB; docs/decisions/0020). */
  maxAnswerBytes?: number;
  /** How many requests one session may have in flight under /api (default 32). */
  maxRequestsPerSession?: number;
  /**
   * How the host ends the connection of an answer cut short while streamed (the Node host,
   * server.ts); without it the answer's stream fails, which cuts it in any host.
   */
  cutConnection?: (connection: unknown) => boolean;
  now?: () => number;
  logger?: Logger;
  site?: StaticSite;
  /**
   * Gzip answers over 1 kB (default true). The in-browser host turns it off: a service worker's
   * answer reaches the page as it is, never decoded (docs/decisions/0017).
   */
  compress?: boolean;
  /** The child list's index: its ages and memory bounds (docs/decisions/0024). */
  centreIndex?: Omit<CentreIndexOptions, 'store' | 'now'>;
}

export function createProxyApp(options: ProxyOptions) {
  const now = options.now ?? Date.now;
  const log = options.logger ?? silentLogger;
  const store = options.store;
  const audit = options.audit ?? createMemoryAuditStore();
  const idleTimeoutMs = options.idleTimeoutMs ?? 15 * 60_000;
  const demoGuard = options.demoLimits && createDemoGuard(options.demoLimits, { now, idleTimeoutMs });
  if (demoGuard) store.onEnded((key) => demoGuard.ended(key));
  const sessions = createSessionManager({
    store,
    box: createSecretBox(options.encryptionKey),
    now,
    idleTimeoutMs,
    absoluteTimeoutMs: options.absoluteTimeoutMs ?? 8 * 3_600_000,
    ...(demoGuard && {
      onTouched: (session) => {
        if (session.environment === 'demo') demoGuard.seen(session.key);
      },
    }),
  });
  const environments = new Map<string, EnvironmentConfig>(options.environments.map((env) => [env.id, env]));
  const transportOf = (env: EnvironmentConfig): FetchLike =>
    options.transports?.[env.id] ?? ((request) => fetch(request));
  const tokenTimeoutMs = options.tokenTimeoutMs ?? 5_000;
  const maxAnswerBytes = options.maxAnswerBytes ?? defaultMaxAnswerBytes;
  const deps: AppDeps = {
    log,
    now,
    store,
    audit,
    auditRetentionMs: (options.auditRetentionDays ?? 400) * 86_400_000,
    changesPerMinute: options.changesPerMinute ?? 600,
    sessions,
    centreIndex: createCentreIndex({ store, now, ...options.centreIndex }),
    renew: createTokenRenewal({
      sessions,
      environments,
      transportOf,
      timeoutMs: tokenTimeoutMs,
      maxBytes: maxAnswerBytes,
    }),
    limiter: createLoginLimiter(store, now),
    ...(demoGuard && { demoGuard }),
    carrier: options.carrier ?? cookieCarrier,
    environments,
    environmentList: options.environments,
    transportOf,
    tokenTimeoutMs,
    apiTimeoutMs: options.apiTimeoutMs ?? 10_000,
    maxAnswerBytes,
    ...(options.cutConnection ? { cutConnection: options.cutConnection } : {}),
  };

  const app = new Hono<ProxyEnv>();
  app.use('*', requestContext(log));
  app.use('*', hostCheck(options.allowedHosts));
  if (options.compress !== false) app.use('*', compression());
  app.onError((error, c) => {
    // docs/decisions/0020: a reason code and the error's class, never its message.
    if (error instanceof StoreUnavailableError) {
      log.error(
        { event: 'store_unavailable', requestId: c.get('requestId'), reason: error.reason },
        'store unavailable',
      );
      return fail(c, 503, 'store_unavailable', 'The session store cannot be reached. Try again in a moment.');
    }
    log.error(
      { event: 'unhandled_error', requestId: c.get('requestId'), ...errorFacts(error) },
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
  // docs/decisions/0020: one session's requests in flight are bounded.
  app.use(
    '/api/*',
    sessionConcurrency(deps.carrier, options.maxRequestsPerSession ?? defaultMaxRequestsPerSession),
  );
  // docs/decisions/0018: every change forwarded under /api is written to the audit log.
  app.use('/api/*', auditRecorder(deps));
  // docs/decisions/0024: a centre created through the proxy is in the next read of the index.
  app.use('/api/*', dropCentreIndexOnCreate(deps.centreIndex, log));

  app.route('/', healthRoutes(store, audit));
  app.route('/auth', authRoutes(deps));
  // Before /api's forwarding, whose spec paths never start with /centres.
  app.route('/api/centres', centreRoutes(deps));
  app.route('/api', apiRoutes(deps));
  app.route('/contract-events', contractEventRoutes(deps));
  app.route('/audit', auditRoutes(deps));
  app.route(
    '/__sim',
    simulatorControlRoutes(
      environments.has('demo') ? options.simulatorControl : undefined,
      deps.apiTimeoutMs,
      options.simulatorControlToken,
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
    /** For tests: the child list's index. */
    centreIndex: deps.centreIndex,
  };
}

export type ProxyApp = ReturnType<typeof createProxyApp>;
