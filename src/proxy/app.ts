// The token proxy's HTTP app (docs/decisions/0005): a backend-for-frontend. The browser talks only
// to this origin, holds only an opaque session id, and reaches the upstream only through the
// allow-list of the spec's operations. Web-standard (Hono on Request/Response, Web Crypto): the
// same app runs under Node (server.ts), in the browser's demo worker and in the console's tests
// (hosts/browser.ts); docs/decisions/0012.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { answerOf } from './core/http/refusal.ts';
import { jsonBodies, limitBodies } from './core/http/validation.ts';
import { createAuthorization } from './features/people/authorize.ts';
import type { ProxyOptions } from './app-options.ts';
import { createMemoryAuditStore } from './features/audit/memory-store.ts';
import { auditRecorder } from './features/audit/recorder.ts';
import { createCentreIndex } from './features/api/centre-index.ts';
import { dropCentreIndexOnCreate } from './features/api/drop-on-create.ts';
import { fail, silentLogger, type ProxyEnv } from './core/http/context.ts';
import { createDemoGuard } from './features/demo/guard.ts';
import type { AppDeps } from './deps.ts';
import type { EnvironmentConfig } from './core/upstream/environments.ts';
import { errorFacts } from './core/log/error-codes.ts';
import { createFirstScreen } from './features/watch/first-screen.ts';
import { createLoginLimiter } from './features/sign-in/login-limiter.ts';
import { compression } from './core/http/compression.ts';
import { csrfGuard } from './core/http/csrf.ts';
import { hostCheck } from './core/http/host-check.ts';
import { requestContext } from './core/http/request-context.ts';
import { defaultMaxRequestsPerSession, sessionConcurrency } from './core/http/session-concurrency.ts';
import { createAccessControl } from './features/people/access.ts';
import { noPeoplePolicy } from './features/sign-in/organisation.ts';
import { apiRoutes } from './features/api/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { authRoutes } from './features/sign-in/routes.ts';
import { centreRoutes } from './features/api/centres-routes.ts';
import { connectionRoutes } from './features/connections/routes.ts';
import { contractEventRoutes } from './features/api/contract-events-routes.ts';
import { healthRoutes } from './features/operations/health.ts';
import { organisationRoutes } from './features/sign-in/organisation-routes.ts';
import { peopleRoutes } from './features/people/routes.ts';
import { alertRoutes } from './features/alerts/routes.ts';
import { simulatorControlRoutes } from './features/demo/simulator-control.ts';
import { siteRoutes } from './features/site/routes.ts';
import { watchRoutes } from './features/watch/routes.ts';
import { demoMailRoutes } from './features/demo/mail-routes.ts';
import { watchReadRoutes } from './features/watch/read-routes.ts';
import { createSecretBox } from './core/store/secret-box.ts';
import { cookieCarrier } from './core/sessions/carrier.ts';
import { StoreUnavailableError } from './core/sessions/store.ts';
import { createSessionManager } from './core/sessions/sessions.ts';
import { createTokenRenewal } from './core/upstream/token-renewal.ts';
import { defaultMaxAnswerBytes, type FetchLike } from './core/upstream/upstream.ts';
import { createCentresAnswers } from './features/watch/centres-answer.ts';

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
  if (options.operations) app.use('*', options.operations.requests);
  app.use('*', requestContext(options.requestLogger ?? log));
  app.use('*', hostCheck(options.allowedHosts));
  if (options.compress !== false) app.use('*', compression());
  app.onError((error, c) => {
    // A refusal thrown by a route or a middleware (refusal.ts), answered in the one error shape.
    if (error instanceof HTTPException) return answerOf(error, c.get('requestId'));
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
  app.use('/api/*', auditRecorder({ audit, now, log }));
  // docs/decisions/0024: a centre created through the proxy is in the next read of the index.
  app.use('/api/*', dropCentreIndexOnCreate(deps.centreIndex, log));

  // `GET /watch/centres`'s answers, kept between refreshes; the overview's page renders them too.
  const answers = deps.watchReads ? createCentresAnswers(deps.watchReads) : undefined;
  app.route('/', healthRoutes(store, audit, options.operations?.readiness));
  app.route('/auth/organisation', organisationRoutes(deps));
  app.route('/auth', authRoutes(deps));
  const auth = createAuthorization(deps);
  app.use('/people/*', limitBodies, jsonBodies);
  app.route(
    '/people',
    peopleRoutes({
      auth,
      directory,
      access: deps.access,
      adminEmails: people.adminEmails,
      audit,
      log,
      now,
    }),
  );
  app.route('/connections', connectionRoutes(deps));
  // One upstream call with a session's token, for /api's forwarding and the centre index.
  const calls = {
    log,
    now,
    sessions,
    renew: deps.renew,
    carrier: deps.carrier,
    access: deps.access,
    directory,
    transportOf,
    apiTimeoutMs: deps.apiTimeoutMs,
    maxAnswerBytes,
  };
  // /api forwards bytes, not validated JSON: the body limit alone (413, connection closed).
  app.use('/api/*', limitBodies);
  // Before /api's forwarding, whose spec paths never start with /centres.
  app.route('/api/centres', centreRoutes({ auth, environments, centreIndex: deps.centreIndex, calls, log }));
  app.route(
    '/api',
    apiRoutes({
      auth,
      environments,
      calls,
      gate: { store, audit, changesPerMinute: deps.changesPerMinute },
      log,
      cutConnection: deps.cutConnection,
    }),
  );
  app.route(
    '/contract-events',
    contractEventRoutes({ auth, audit, now, auditRetentionMs: deps.auditRetentionMs }),
  );
  app.route(
    '/audit',
    auditRoutes({ auth, audit, store, auditPagesPerSecond: deps.auditPagesPerSecond, now }),
  );
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
