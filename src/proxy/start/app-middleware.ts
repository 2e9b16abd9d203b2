// What every request meets before a feature's routes (app.ts): its id and log line, the security
// headers, the host check, compression, the one answer to every error, CSRF on what changes
// something, and /api's bounds, audit and index upkeep.
import type { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ProxyEnv } from '../core/http/context.ts';
import { problem } from '../core/http/problems.ts';
import { compression } from '../core/http/compression.ts';
import { csrfGuard } from '../core/http/csrf.ts';
import { PEOPLE_PATHS } from '../../proxy-api/sign-in.ts';
import { hostCheck } from '../core/http/host-check.ts';
import { answerOf } from '../core/http/refusal.ts';
import { requestContext } from '../core/http/request-context.ts';
import { securityHeaders } from '../core/http/security-headers.ts';
import { defaultMaxRequestsPerSession, sessionConcurrency } from '../core/http/session-concurrency.ts';
import { errorFacts } from '../core/log/error-codes.ts';
import { StoreUnavailableError } from '../core/sessions/store.ts';
import { auditRecorder } from '../features/audit/recorder.ts';
import { dropCentreIndexOnCreate } from '../features/api/drop-on-create.ts';
import { probePaths } from '../features/operations/health.ts';
import type { ProxyOptions } from './app-options.ts';
import type { AppServices } from './app-services.ts';

export function applyRequestBasics(app: Hono<ProxyEnv>, options: ProxyOptions, { log }: AppServices): void {
  // Metrics and traces first (features/operations), so that the request's log line carries its trace id.
  if (options.operations) app.use('*', options.operations.requests);
  app.use('*', requestContext(options.requestLogger ?? log, probePaths));
  app.use('*', ...securityHeaders);
  app.use('*', hostCheck(options.allowedHosts));
  if (options.compress !== false) app.use('*', ...compression);
  app.onError((error, c) => {
    // A refusal thrown by a route or a middleware (core/http/refusal.ts), answered in the one shape.
    if (error instanceof HTTPException) return answerOf(error, c.get('requestId'));
    // docs/decisions/0020: a reason code and the error's class, never its message.
    if (error instanceof StoreUnavailableError) {
      log.error(
        { event: 'store_unavailable', requestId: c.get('requestId'), reason: error.reason },
        'store unavailable',
      );
      return problem(
        503,
        'store_unavailable',
        'The session store cannot be reached. Try again in a moment.',
        c.get('requestId'),
      );
    }
    log.error(
      { event: 'unhandled_error', requestId: c.get('requestId'), ...errorFacts(error) },
      'unhandled error',
    );
    return problem(500, 'internal_error', 'Something went wrong in the proxy.', c.get('requestId'));
  });
}

/** Every route that changes something, or reads what a page must not, asks for the console's header. */
export function applyCsrf(app: Hono<ProxyEnv>, publicOrigin: string | undefined): void {
  const csrf = csrfGuard(publicOrigin);
  // Organisation sign-in's two steps and the provider's post-logout redirect are top-level
  // navigations, which cannot carry the console's header; the sign-in's own checks (state, PKCE,
  // nonce, its SameSite=Lax cookie) protect them, and the redirect changes nothing. The provider
  // fetches the console's public JWKS (issue 45 item 3) as any server would. Its back-channel
  // logout is a server-to-server POST: its signed, single-use token protects it.
  app.use('/auth/*', (c, next) => {
    const path = c.req.path;
    const navigation =
      /^\/auth\/(organisation\/(start|callback|signed-out)|jwks\.json)$/.test(path) && c.req.method === 'GET';
    const backchannel = path === PEOPLE_PATHS.organisationBackchannelLogout && c.req.method === 'POST';
    return navigation || backchannel ? next() : csrf(c, next);
  });
  for (const path of [
    '/api/*',
    '/__sim/*',
    '/contract-events',
    '/contract-events/*',
    '/audit/*',
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
}

/** /api: bounded per session (docs/decisions/0020), audited (0018), and the index kept true (0024). */
export function applyApiUpkeep(app: Hono<ProxyEnv>, options: ProxyOptions, services: AppServices): void {
  const { carrier, audit, now, log, centreIndex } = services;
  app.use(
    '/api/*',
    sessionConcurrency(carrier, options.maxRequestsPerSession ?? defaultMaxRequestsPerSession),
  );
  app.use('/api/*', auditRecorder({ audit, now, log }));
  app.use('/api/*', dropCentreIndexOnCreate(centreIndex, log));
}
