// The token proxy's HTTP app (docs/decisions/0005): a backend-for-frontend. The browser talks only
// to this origin, holds only an opaque session id, and reaches the upstream only through the
// allow-list of the spec's operations. Web-standard (Hono on Request/Response, Web Crypto): the
// same app runs under Node (server.ts), in the browser's demo worker and in the console's tests
// (hosts/browser.ts); docs/decisions/0012.
import { Hono } from 'hono';
import type { ProxyOptions } from './app-options.ts';
import { createMemoryAuditStore } from './audit/memory-store.ts';
import { auditRecorder } from './audit/recorder.ts';
import { createCentreIndex } from './centres/centre-index.ts';
import { dropCentreIndexOnCreate } from './centres/drop-on-create.ts';
import { fail, silentLogger, type ProxyEnv } from './context.ts';
import { createDemoGuard } from './demo-guard.ts';
import type { AppDeps } from './deps.ts';
import type { EnvironmentConfig } from './environments.ts';
import { errorFacts } from './error-codes.ts';
import { createFirstScreen } from './first-screen.ts';
import { createLoginLimiter } from './login-limiter.ts';
import { compression } from './middleware/compression.ts';
import { csrfGuard } from './middleware/csrf.ts';
import { hostCheck } from './middleware/host-check.ts';
import { requestContext } from './middleware/request-context.ts';
import { defaultMaxRequestsPerSession, sessionConcurrency } from './middleware/session-concurrency.ts';
import { createAccessControl } from './people/access.ts';
import { noPeoplePolicy } from './people/organisation.ts';
import { apiRoutes } from './routes/api.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { centreRoutes } from './routes/centres.ts';
import { connectionRoutes } from './routes/connections.ts';
import { contractEventRoutes } from './routes/contract-events.ts';
import { healthRoutes } from './routes/health.ts';
import { organisationRoutes } from './routes/organisation.ts';
import { peopleRoutes } from './routes/people.ts';
import { alertRoutes } from './routes/alerts.ts';
import { simulatorControlRoutes } from './routes/simulator-control.ts';
import { siteRoutes } from './routes/site.ts';
import { watchRoutes } from './routes/watch.ts';
import { demoMailRoutes } from './routes/demo-mail.ts';
import { watchReadRoutes } from './routes/watch-read.ts';
import { createSecretBox } from './secret-box.ts';
import { cookieCarrier } from './session-carrier.ts';
import { StoreUnavailableError } from './session-store.ts';
import { createSessionManager } from './sessions.ts';
import { createTokenRenewal } from './token-renewal.ts';
import { defaultMaxAnswerBytes, type FetchLike } from './upstream.ts';
import { createCentresAnswers } from './watch/centres-answer.ts';

export type { ProxyOptions } from './app-options.ts';

export function createProxyApp(options: ProxyOptions) {
  const now = options.now ?? Date.now;
  const log = options.logger ?? silentLogger;
  const store = options.store;
  const audit = options.audit ?? createMemoryAuditStore();
  const box = createSecretBox(options.encryptionKey);
  const directory = options.directory;
  const people = options.people ?? noPeoplePolicy;
  const idleTimeoutMs = options.idleTimeoutMs ?? 15 * 60_000;
  const demoGuard = options.demoLimits && createDemoGuard(options.demoLimits, { now, idleTimeoutMs });
  if (demoGuard) store.onEnded((key) => demoGuard.ended(key));
  const sessions = createSessionManager({
    store,
    box,
    now,
    idleTimeoutMs,
    absoluteTimeoutMs: options.absoluteTimeoutMs ?? 8 * 3_600_000,
    ...(directory ? { connectionSecret: (id: string) => directory.connectionSecret(id) } : {}),
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
    auditPagesPerSecond: options.auditPagesPerSecond ?? 10,
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
    access: createAccessControl({ directory, store, adminEmails: people.adminEmails, now }),
    directory,
    organisation: options.organisation,
    people,
    clientCredentialsLogin: options.clientCredentialsLogin ?? true,
    publicOrigin: options.publicOrigin,
    box,
    watch: options.watch,
    webhooks: options.webhooks,
    demoMail: environments.has('demo') ? options.demoMail : undefined,
    // What the watchers stored is in the database: readable whether or not this instance runs one.
    watchReads: options.watchReads,
    ...(options.alerts ? { alerts: options.alerts } : {}),
  };

  const app = new Hono<ProxyEnv>();
  app.use('*', requestContext(options.requestLogger ?? log));
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
  // Organisation sign-in's two steps are top-level navigations, which cannot carry the console's
  // header; the sign-in's own checks (state, PKCE, nonce, its SameSite=Lax cookie) protect them.
  app.use('/auth/*', (c, next) =>
    /^\/auth\/organisation\/(start|callback)$/.test(new URL(c.req.url).pathname) && c.req.method === 'GET'
      ? next()
      : csrf(c, next),
  );
  app.use('/api/*', csrf);
  app.use('/__sim/*', csrf);
  app.use('/contract-events', csrf);
  app.use('/contract-events/*', csrf);
  app.use('/audit/*', csrf);
  for (const path of [
    '/people',
    '/people/*',
    '/connections',
    '/connections/*',
    '/watch/*',
    '/demo/*',
    '/alerts',
    '/alerts/*',
  ])
    app.use(path, csrf);
  // docs/decisions/0020: one session's requests in flight are bounded.
  app.use(
    '/api/*',
    sessionConcurrency(deps.carrier, options.maxRequestsPerSession ?? defaultMaxRequestsPerSession),
  );
  // docs/decisions/0018: every change forwarded under /api is written to the audit log.
  app.use('/api/*', auditRecorder(deps));
  // docs/decisions/0024: a centre created through the proxy is in the next read of the index.
  app.use('/api/*', dropCentreIndexOnCreate(deps.centreIndex, log));

  // `GET /watch/centres`'s answers, kept between refreshes; the overview's page renders them too.
  const answers = deps.watchReads ? createCentresAnswers(deps.watchReads) : undefined;
  app.route('/', healthRoutes(store, audit));
  app.route('/auth/organisation', organisationRoutes(deps));
  app.route('/auth', authRoutes(deps));
  app.route('/people', peopleRoutes(deps));
  app.route('/connections', connectionRoutes(deps));
  // Before /api's forwarding, whose spec paths never start with /centres.
  app.route('/api/centres', centreRoutes(deps));
  app.route('/api', apiRoutes(deps));
  app.route('/contract-events', contractEventRoutes(deps));
  app.route('/audit', auditRoutes(deps));
  app.route('/watch', watchRoutes(deps));
  app.route('/demo/mail', demoMailRoutes(deps));
  app.route('/watch', watchReadRoutes(deps, answers));
  app.route('/alerts', alertRoutes(deps));
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
      ...(answers &&
        options.renderOverview && {
          firstScreen: createFirstScreen(deps, {
            render: options.renderOverview,
            answers,
            simulator: environments.has('demo') ? options.simulatorControl : undefined,
          }),
        }),
    }),
  );

  return {
    app,
    /** For tests: the session manager over the same store. */
    sessions,
    /** For tests: the audit log it writes. */
    audit,
    /** For tests and the demo's seeding: who may do what. */
    access: deps.access,
    /** For tests: the child list's index. */
    centreIndex: deps.centreIndex,
  };
}

export type ProxyApp = ReturnType<typeof createProxyApp>;
