// The token proxy's HTTP surface (issue 4; interfaces.md "Token proxy surface"). A
// backend-for-frontend: the browser talks only to this origin, holds only an opaque session
// cookie, and reaches the upstream only through the allow-list of the spec's operations.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  CONSOLE_REQUEST_HEADER,
  loginRequestSchema,
  type Environment,
  type Session as WireSession,
} from '../contract/console-wire.ts';
import type { EnvironmentConfig, EnvironmentId } from './config.ts';
import { problem } from './http-errors.ts';
import type { ProblemCode } from './http-errors.ts';
import type { Logger } from './logger.ts';
import { silentLogger } from './logger.ts';
import { matchOperation, operationsInEnvironment } from './operations.ts';
import type { OperationId } from './operations.ts';
import { createSecretBox } from './secret-box.ts';
import { applySecurityHeaders, newNonce } from './security-headers.ts';
import type { ResponseKind } from './security-headers.ts';
import type { SessionStore } from './session-store.ts';
import { createSessionManager, sessionCookieName } from './sessions.ts';
import type { Session } from './sessions.ts';
import type { StaticSite } from './static-site.ts';
import { callUpstream, parseJson } from './upstream.ts';
import type { FetchLike } from './upstream.ts';

export interface ProxyOptions {
  environments: EnvironmentConfig[];
  store: SessionStore;
  encryptionKey: Buffer;
  /** The upstream transport per environment; the demo's is the embedded simulator. */
  transports?: Partial<Record<EnvironmentId, FetchLike>>;
  /** The embedded simulator's control API, served at /__sim on this origin (D11, demo only). */
  simulatorControl?: FetchLike;
  publicOrigin?: string;
  /**
   * Host names this proxy answers to; others get 421. Stops DNS rebinding, where a page on another
   * site resolves its own name to this proxy and becomes "same-origin" with it.
   */
  allowedHosts?: readonly string[];
  idleTimeoutMs?: number;
  absoluteTimeoutMs?: number;
  tokenTimeoutMs?: number;
  apiTimeoutMs?: number;
  now?: () => number;
  logger?: Logger;
  site?: StaticSite;
}

type Env = {
  Bindings: { incoming?: IncomingMessage };
  Variables: { requestId: string; kind: ResponseKind; nonce: string | undefined };
};
type Ctx = Context<Env>;

/** The embedded simulator answers relative paths, so any origin will do (interfaces.md). */
const demoBaseUrl = 'http://simulator.invalid';
const bodyLimitBytes = 1024 * 1024;
const failureWindowMs = 15 * 60_000;
const maxFailures = 5;

const labels: Record<EnvironmentId, string> = {
  demo: 'Demo (simulator)',
  development: 'Development',
  qa: 'QA',
  production: 'Production',
};

const tokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive().optional(),
});

type TokenOutcome =
  | { kind: 'ok'; token: string; expiresIn: number | undefined }
  | { kind: 'invalid_credentials' }
  | { kind: 'timeout' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'bad_response'; reason: string };

type Renewal =
  | { kind: 'ok'; session: Session; token: string }
  | { kind: 'failed'; outcome: TokenOutcome | { kind: 'gone' } };

export function operationsFor(environment: EnvironmentId): OperationId[] {
  // D3: the development environment has only the token and doctor registration.
  return operationsInEnvironment(environment);
}

export function createProxyApp(options: ProxyOptions) {
  const now = options.now ?? Date.now;
  const log = options.logger ?? silentLogger;
  const store = options.store;
  const tokenTimeoutMs = options.tokenTimeoutMs ?? 5_000;
  const apiTimeoutMs = options.apiTimeoutMs ?? 10_000;
  const sessions = createSessionManager({
    store,
    box: createSecretBox(options.encryptionKey),
    now,
    idleTimeoutMs: options.idleTimeoutMs ?? 15 * 60_000,
    absoluteTimeoutMs: options.absoluteTimeoutMs ?? 8 * 3_600_000,
  });
  const environments = new Map<string, EnvironmentConfig>(options.environments.map((env) => [env.id, env]));
  const renewals = new Map<string, Promise<Renewal>>();

  const transportOf = (id: EnvironmentId): FetchLike =>
    options.transports?.[id] ?? ((request) => fetch(request));

  // --- Upstream token (spec §4.1, §5; D1) -------------------------------------------------------
  const requestToken = async (
    env: EnvironmentConfig,
    clientId: string,
    clientSecret: string,
  ): Promise<TokenOutcome> => {
    const outcome = await callUpstream(
      transportOf(env.id),
      `${baseOf(env)}/api/iam/integration/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new TextEncoder().encode(
          new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: clientId,
            client_secret: clientSecret,
          }).toString(),
        ),
      },
      tokenTimeoutMs,
    );
    if (outcome.kind === 'timeout') return { kind: 'timeout' };
    if (outcome.kind === 'unreachable') return { kind: 'unavailable', reason: outcome.reason };
    const json = parseJson(outcome.body);
    if (outcome.status === 200) {
      const parsed = tokenResponse.safeParse(json?.value);
      if (!parsed.success) return { kind: 'bad_response', reason: 'token response without access_token' };
      return { kind: 'ok', token: parsed.data.access_token, expiresIn: parsed.data.expires_in };
    }
    // D1: invalid_client is a 401; some servers answer 400 with an OAuth error naming the client.
    const oauthError = z.object({ error: z.string() }).safeParse(json?.value);
    if (
      outcome.status === 401 ||
      (outcome.status === 400 &&
        oauthError.success &&
        ['invalid_client', 'invalid_grant', 'unauthorized_client'].includes(oauthError.data.error))
    )
      return { kind: 'invalid_credentials' };
    return { kind: 'unavailable', reason: `token endpoint answered ${outcome.status}` };
  };

  /**
   * One shared renewal per session (issue 4: "one shared (single-flight) renewal for all waiting
   * requests"). A request whose token was already replaced by another request uses the new one.
   */
  const renewToken = async (session: Session, stale: string | undefined): Promise<Renewal> => {
    const running = renewals.get(session.id);
    if (running) return running;
    const current = await sessions.reload(session.id);
    if (!current) return { kind: 'failed', outcome: { kind: 'gone' } };
    const currentToken = sessions.tokenOf(current);
    if (currentToken !== undefined && currentToken !== stale && !sessions.tokenIsDue(current))
      return { kind: 'ok', session: current, token: currentToken };
    const raced = renewals.get(session.id);
    if (raced) return raced;
    const renewal = (async (): Promise<Renewal> => {
      const env = environments.get(current.environment);
      const secret = sessions.secretOf(current);
      if (!env || secret === undefined) return { kind: 'failed', outcome: { kind: 'gone' } };
      const outcome = await requestToken(env, current.clientId, secret);
      if (outcome.kind !== 'ok') return { kind: 'failed', outcome };
      const renewed = await sessions.saveToken(current, outcome.token, outcome.expiresIn);
      return { kind: 'ok', session: renewed, token: outcome.token };
    })().finally(() => renewals.delete(session.id));
    renewals.set(session.id, renewal);
    return renewal;
  };

  const renewalFailure = async (c: Ctx, session: Session, renewal: Extract<Renewal, { kind: 'failed' }>) => {
    const outcome = renewal.outcome;
    if (outcome.kind === 'timeout')
      return fail(c, 504, 'upstream_timeout', 'The service did not answer in time.');
    if (outcome.kind === 'unavailable' || outcome.kind === 'bad_response') {
      log({
        level: 'warn',
        event: 'token_renewal_failed',
        requestId: c.get('requestId'),
        reason: outcome.reason,
      });
      return fail(
        c,
        502,
        outcome.kind === 'unavailable' ? 'upstream_unavailable' : 'upstream_bad_response',
        'The service cannot be reached.',
      );
    }
    // The credentials no longer work (or the session vanished): the session ends here.
    await sessions.destroy(session.id);
    log({
      level: 'info',
      event: 'session_ended',
      requestId: c.get('requestId'),
      reason: 'token renewal refused',
    });
    return withClearedCookie(fail(c, 401, 'session_expired', 'Your session has ended. Sign in again.'));
  };

  // --- Request plumbing ------------------------------------------------------------------------
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('kind', 'api');
    c.set('nonce', undefined);
    if (options.allowedHosts && !options.allowedHosts.includes(hostnameOf(c.req.header('host'))))
      c.res = fail(c, 421, 'unknown_host', 'This server does not answer to that host name.');
    else await next();
    // Headers may be immutable on a response built elsewhere: copy before setting ours.
    const response = new Response(c.res.body, c.res);
    applySecurityHeaders(response.headers, c.get('kind'), c.get('nonce'));
    response.headers.set('x-request-id', requestId);
    c.res = undefined;
    c.res = response;
    log({
      level: 'info',
      event: 'request',
      requestId,
      method: c.req.method,
      // The path only: query strings can carry search terms and identifiers (toolchain.md).
      path: new URL(c.req.url).pathname.slice(0, 200),
      status: response.status,
      durationMs: Math.round(performance.now() - started),
    });
  });

  app.onError((error, c) => {
    log({ level: 'error', event: 'unhandled_error', requestId: c.get('requestId'), error: error.name });
    return fail(c, 500, 'internal_error', 'Something went wrong in the proxy.');
  });

  // CSRF (issue 4): a custom header a cross-site form cannot send, plus Origin and Fetch Metadata
  // checks on state-changing requests. Written by hand: hono/csrf ignores JSON bodies.
  const csrfGuard = async (c: Ctx, next: () => Promise<void>): Promise<Response | undefined> => {
    const headers = c.req.raw.headers;
    const unsafe = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const ownOrigin = options.publicOrigin ?? new URL(c.req.url).origin;
    const origin = headers.get('origin');
    const site = headers.get('sec-fetch-site');
    if (headers.get(CONSOLE_REQUEST_HEADER.name) !== CONSOLE_REQUEST_HEADER.value)
      return fail(
        c,
        403,
        'csrf',
        `The request lacks the ${CONSOLE_REQUEST_HEADER.name} header of the console.`,
      );
    if (unsafe && origin !== null && origin !== ownOrigin)
      return fail(c, 403, 'csrf', 'Cross-origin requests are refused.');
    if (unsafe && site !== null && site !== 'same-origin')
      return fail(c, 403, 'csrf', 'Cross-site requests are refused.');
    await next();
    return undefined;
  };
  app.use('/auth/*', csrfGuard);
  app.use('/api/*', csrfGuard);
  app.use('/__sim/*', csrfGuard);

  // --- Health ----------------------------------------------------------------------------------
  app.get('/healthz', (c) => c.json({ status: 'alive' }));
  app.get('/readyz', async (c) => {
    try {
      await store.ping();
      return c.json({ status: 'ready' });
    } catch {
      return fail(c, 503, 'not_ready', 'The session store cannot be reached.');
    }
  });

  // --- /auth -----------------------------------------------------------------------------------
  app.get('/auth/environments', (c) =>
    c.json(
      options.environments.map((env): Environment => ({
        id: env.id,
        label: labels[env.id],
        kind: env.id,
        operations: operationsFor(env.id),
      })),
    ),
  );

  app.post('/auth/login', async (c) => {
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = loginRequestSchema.safeParse(body);
    if (!parsed.success)
      return fail(
        c,
        400,
        'invalid_request',
        'Send environment, providerId (a positive whole number), clientId and clientSecret.',
      );
    const input = parsed.data;
    const env = environments.get(input.environment);
    if (!env)
      return fail(
        c,
        400,
        'unknown_environment',
        `There is no environment "${input.environment.slice(0, 40)}".`,
      );

    // Issue 4: 5 failures in 15 minutes per client id and per client address → 429. Each attempt
    // is counted before the upstream is asked, so that a burst of parallel guesses cannot slip
    // past the limit; an attempt that does not fail on its credentials is taken back.
    const address = clientAddress(c);
    const keys = [`login-failures:client:${input.clientId}`, `login-failures:address:${address}`];
    const counters = await Promise.all(keys.map((key) => store.increment(key, failureWindowMs)));
    const blocked = counters.filter((counter) => counter.count > maxFailures);
    if (blocked.length > 0) {
      await Promise.all(keys.map((key) => store.decrement(key)));
      const retryAfter = Math.max(
        1,
        Math.ceil(Math.max(...blocked.map((counter) => counter.remainingMs)) / 1000),
      );
      log({
        level: 'warn',
        event: 'login_refused',
        requestId: c.get('requestId'),
        reason: 'too many failures',
        clientId: input.clientId,
      });
      return fail(
        c,
        429,
        'too_many_attempts',
        `Too many failed sign-ins. Try again in ${retryAfter} seconds.`,
        {
          'retry-after': String(retryAfter),
        },
      );
    }
    const notAFailure = () => Promise.all(keys.map((key) => store.decrement(key)));

    const outcome = await requestToken(env, input.clientId, input.clientSecret);
    if (outcome.kind === 'invalid_credentials') {
      log({
        level: 'info',
        event: 'login_failed',
        requestId: c.get('requestId'),
        environment: env.id,
        clientId: input.clientId,
      });
      // The same answer for an unknown client and a wrong secret: no account enumeration.
      return fail(c, 401, 'invalid_credentials', 'The client id or the client secret is not correct.');
    }
    if (outcome.kind !== 'ok') await notAFailure();
    if (outcome.kind === 'timeout') {
      log({
        level: 'warn',
        event: 'login_failed',
        requestId: c.get('requestId'),
        environment: env.id,
        reason: 'timeout',
      });
      return fail(c, 504, 'upstream_timeout', 'The service did not answer in time. Try again.');
    }
    if (outcome.kind !== 'ok') {
      log({
        level: 'warn',
        event: 'login_failed',
        requestId: c.get('requestId'),
        environment: env.id,
        reason: outcome.reason,
      });
      return fail(
        c,
        502,
        outcome.kind === 'bad_response' ? 'upstream_bad_response' : 'upstream_unavailable',
        'The service cannot be reached. Try again later.',
      );
    }

    // A new id at every login; any session the browser held dies (session fixation, ASVS 5).
    const previous = readCookie(c.req.header('cookie'));
    if (previous) await sessions.destroy(previous);
    // Success clears the client's counter; the address keeps its failures (other clients behind it).
    await Promise.all([store.delete(keys[0] ?? ''), store.decrement(keys[1] ?? '')]);
    const session = await sessions.create({
      environment: env.id,
      providerId: input.providerId,
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      accessToken: outcome.token,
      expiresInSeconds: outcome.expiresIn,
    });
    log({
      level: 'info',
      event: 'login_succeeded',
      requestId: c.get('requestId'),
      environment: env.id,
      clientId: input.clientId,
      providerId: input.providerId,
    });
    const answer: WireSession = {
      environment: env.id,
      providerId: input.providerId,
      clientId: input.clientId,
    };
    const response = c.json(answer);
    response.headers.append(
      'set-cookie',
      `${sessionCookieName}=${session.id}; Path=/; HttpOnly; Secure; SameSite=Strict`,
    );
    return response;
  });

  app.get('/auth/session', async (c) => {
    const found = await sessions.lookup(readCookie(c.req.header('cookie')));
    if (found.kind !== 'active') return unauthenticated(c, found.kind);
    const { environment, providerId, clientId } = found.session;
    const answer: WireSession = { environment, providerId, clientId };
    return c.json(answer);
  });

  app.post('/auth/logout', async (c) => {
    const body = await readJsonBody(c, false);
    if (body instanceof Response) return body;
    const id = readCookie(c.req.header('cookie'));
    if (id) await sessions.destroy(id);
    log({ level: 'info', event: 'logout', requestId: c.get('requestId') });
    return withClearedCookie(
      new Response(null, { status: 204, headers: { 'clear-site-data': '"cache", "cookies"' } }),
    );
  });

  app.all('/auth/*', (c) => fail(c, 404, 'not_found', 'There is no such endpoint.'));

  // --- /api: the allow-list ---------------------------------------------------------------------
  app.all('/api/*', async (c) => {
    const target = rawTarget(c);
    const queryAt = target.indexOf('?');
    const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
    const search = queryAt === -1 ? '' : target.slice(queryAt);
    const upstreamPath = rawPath.slice('/api'.length);
    const operation = isPlainPath(rawPath) ? matchOperation(c.req.method, upstreamPath) : undefined;
    // 4.1 stays behind /auth/login: forwarding it would hand a token to the browser.
    if (!operation || operation === 'requestToken' || /[\r\n\s#]/.test(search))
      return fail(c, 404, 'not_found', 'The service has no such operation.');

    const found = await sessions.lookup(readCookie(c.req.header('cookie')));
    if (found.kind !== 'active') return unauthenticated(c, found.kind);
    let session = found.session;
    const env = environments.get(session.environment);
    if (!env) return unauthenticated(c, 'expired');
    if (!operationsFor(env.id).includes(operation))
      return fail(c, 404, 'not_found', `The ${labels[env.id]} environment has no such operation.`);

    let body: Uint8Array | undefined;
    if (c.req.method === 'POST') {
      const bytes = await readBody(c);
      if (bytes instanceof Response) return bytes;
      if (!isJsonContentType(c.req.header('content-type')))
        return fail(c, 415, 'unsupported_media_type', 'Send the body as application/json.');
      if (!parseJson(bytes)) return fail(c, 400, 'invalid_request', 'The body is not valid JSON.');
      body = bytes;
    }

    let token = sessions.tokenOf(session);
    if (token === undefined || sessions.tokenIsDue(session)) {
      const renewal = await renewToken(session, token);
      if (renewal.kind === 'failed') return renewalFailure(c, session, renewal);
      ({ session, token } = renewal);
    }

    const path = operation === 'listReportTemplates' ? `${env.templatesPrefix}/reportExample` : upstreamPath;
    const url = `${baseOf(env)}${path}${search}`;
    const send = (bearer: string) => {
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: `Bearer ${bearer}`,
      };
      const language = c.req.header('accept-language');
      if (language && language.length < 200) headers['accept-language'] = language;
      const etag = c.req.header('if-none-match');
      if (etag && etag.length < 200) headers['if-none-match'] = etag;
      if (body) headers['content-type'] = 'application/json';
      return callUpstream(transportOf(env.id), url, { method: c.req.method, headers, body }, apiTimeoutMs);
    };

    let outcome = await send(token);
    if (outcome.kind === 'response' && outcome.status === 401) {
      // Issue 4: on 401 renew once (shared), replay once; a second 401 ends the session.
      const renewal = await renewToken(session, token);
      if (renewal.kind === 'failed') return renewalFailure(c, session, renewal);
      outcome = await send(renewal.token);
      if (outcome.kind === 'response' && outcome.status === 401) {
        await sessions.destroy(session.id);
        log({
          level: 'info',
          event: 'session_ended',
          requestId: c.get('requestId'),
          reason: 'upstream refused a renewed token',
        });
        return withClearedCookie(fail(c, 401, 'session_expired', 'Your session has ended. Sign in again.'));
      }
    }
    // Never retried after a timeout or a 5xx: the upstream may have acted on it (issue 4).
    if (outcome.kind === 'timeout')
      return fail(c, 504, 'upstream_timeout', 'The service did not answer in time.');
    if (outcome.kind === 'unreachable') {
      log({
        level: 'warn',
        event: 'upstream_unreachable',
        requestId: c.get('requestId'),
        operation,
        reason: outcome.reason,
      });
      return fail(c, 502, 'upstream_unavailable', 'The service cannot be reached.');
    }
    return relay(c, outcome.status, outcome.headers, outcome.body, operation);
  });

  const relay = (
    c: Ctx,
    status: number,
    headers: Headers,
    bytes: Uint8Array,
    operation: OperationId,
  ): Response => {
    if (status === 304) {
      const etag = headers.get('etag');
      return new Response(null, { status: 304, headers: etag ? { etag } : {} });
    }
    const json = bytes.byteLength > 0 ? parseJson(bytes) : undefined;
    const passThrough = [400, 401, 403, 404, 409, 422, 429];
    if (status >= 200 && status < 300) {
      if (!json) {
        log({
          level: 'warn',
          event: 'upstream_bad_response',
          requestId: c.get('requestId'),
          operation,
          status,
        });
        return fail(c, 502, 'upstream_bad_response', 'The service sent an answer that is not JSON.');
      }
      const out: Record<string, string> = { 'content-type': 'application/json' };
      const etag = headers.get('etag');
      if (etag) out.etag = etag;
      return new Response(bytes, { status, headers: out });
    }
    if (passThrough.includes(status)) {
      const out: Record<string, string> = {};
      const retryAfter = headers.get('retry-after');
      if (status === 429 && retryAfter && /^\d{1,6}$/.test(retryAfter)) out['retry-after'] = retryAfter;
      // Upstream error bodies pass through only when they are JSON (D2: never assume they are).
      if (json)
        return new Response(bytes, { status, headers: { ...out, 'content-type': 'application/json' } });
      return problem(
        status,
        'upstream_bad_response',
        `The service answered ${status}.`,
        c.get('requestId'),
        out,
      );
    }
    log({ level: 'warn', event: 'upstream_error', requestId: c.get('requestId'), operation, status });
    return fail(c, 502, 'upstream_unavailable', `The service answered ${status}.`);
  };

  // --- /__sim: the embedded simulator's control API (D11, demo only) ----------------------------
  app.all('/__sim/*', async (c) => {
    const control = options.simulatorControl;
    if (!control || !environments.has('demo'))
      return fail(c, 404, 'not_found', 'There is no simulator here.');
    const target = rawTarget(c);
    if (!isPlainPath(target.split('?')[0] ?? ''))
      return fail(c, 404, 'not_found', 'There is no such simulator endpoint.');
    let body: Uint8Array | undefined;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const bytes = await readBody(c);
      if (bytes instanceof Response) return bytes;
      if (bytes.byteLength > 0 && !isJsonContentType(c.req.header('content-type')))
        return fail(c, 415, 'unsupported_media_type', 'Send the body as application/json.');
      body = bytes.byteLength > 0 ? bytes : undefined;
    }
    const outcome = await callUpstream(
      control,
      `${demoBaseUrl}${target}`,
      { method: c.req.method, headers: body ? { 'content-type': 'application/json' } : {}, body },
      apiTimeoutMs,
    );
    if (outcome.kind === 'timeout')
      return fail(c, 504, 'upstream_timeout', 'The simulator did not answer in time.');
    if (outcome.kind === 'unreachable') return fail(c, 502, 'upstream_unavailable', 'The simulator failed.');
    const type = outcome.headers.get('content-type');
    return new Response(outcome.status === 204 ? null : outcome.body, {
      status: outcome.status,
      headers: type ? { 'content-type': type } : {},
    });
  });

  // --- The console -------------------------------------------------------------------------------
  app.on(['GET', 'HEAD'], '*', (c) => {
    const site = options.site;
    const pathname = new URL(c.req.url).pathname;
    const file = site?.file(pathname);
    if (file) {
      c.set('kind', 'asset');
      const headers: Record<string, string> = {
        'content-type': file.contentType,
        etag: file.etag,
        'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      if (c.req.header('if-none-match') === file.etag) return new Response(null, { status: 304, headers });
      return new Response(c.req.method === 'HEAD' ? null : file.body, { headers });
    }
    // SPA fallback: a path without a file extension is a console route.
    if (site && !/\.[A-Za-z0-9]{1,8}$/.test(pathname)) {
      const nonce = newNonce();
      c.set('kind', 'document');
      c.set('nonce', nonce);
      return new Response(c.req.method === 'HEAD' ? null : site.document(nonce), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    return fail(c, 404, 'not_found', 'There is nothing here.');
  });

  app.all('*', (c) =>
    fail(c, 405, 'method_not_allowed', 'This method is not allowed here.', { allow: 'GET, HEAD' }),
  );

  return {
    app,
    /** For tests: the session manager over the same store. */
    sessions,
  };
}

export type ProxyApp = ReturnType<typeof createProxyApp>;

function withClearedCookie(response: Response): Response {
  response.headers.append(
    'set-cookie',
    `${sessionCookieName}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`,
  );
  return response;
}

export function readCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === sessionCookieName) return part.slice(at + 1).trim();
  }
  return undefined;
}

function isJsonContentType(value: string | undefined): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/** The request target as the client sent it, before URL parsing resolved dot segments. */
function rawTarget(c: Ctx): string {
  const raw = c.env?.incoming?.url;
  if (raw !== undefined && raw.startsWith('/')) return raw;
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

/** No dot segments, empty segments, encoded separators or backslashes: exact paths only. */
function isPlainPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.includes('//') &&
    !path.includes('\\') &&
    !/%(2f|5c|2e|00)/i.test(path) &&
    !/(^|\/)\.{1,2}(\/|$)/.test(path) &&
    /^[\x21-\x7e]*$/.test(path)
  );
}

function clientAddress(c: Ctx): string {
  return c.env?.incoming?.socket.remoteAddress ?? 'unknown';
}

function baseOf(env: EnvironmentConfig): string {
  return env.id === 'demo' ? demoBaseUrl : env.baseUrl;
}

function fail(
  c: Ctx,
  status: number,
  code: ProblemCode,
  detail: string,
  headers?: Record<string, string>,
): Response {
  return problem(status, code, detail, c.get('requestId'), headers);
}

// --- Helpers ----------------------------------------------------------------------------------
async function readBody(c: Ctx): Promise<Uint8Array | Response> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > bodyLimitBytes) return tooLarge(c);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream: the rest of an oversized body is never read.
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > bodyLimitBytes) return tooLarge(c);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A JSON endpoint's body: required or optional, refused with 415 when it is not JSON. */
async function readJsonBody(c: Ctx, required: boolean): Promise<unknown> {
  const bytes = await readBody(c);
  if (bytes instanceof Response) return bytes;
  if (bytes.byteLength === 0 && !required) return undefined;
  if (!isJsonContentType(c.req.header('content-type')))
    return fail(c, 415, 'unsupported_media_type', 'Send the body as application/json.');
  const json = parseJson(bytes);
  if (!json) return fail(c, 400, 'invalid_request', 'The body is not valid JSON.');
  return json.value;
}

function unauthenticated(c: Ctx, kind: 'none' | 'expired'): Response {
  return kind === 'none'
    ? fail(c, 401, 'not_authenticated', 'Sign in first.')
    : withClearedCookie(fail(c, 401, 'session_expired', 'Your session has ended. Sign in again.'));
}

function tooLarge(c: Ctx): Response {
  // The rest of the body stays unread: the connection cannot carry another request.
  return fail(c, 413, 'payload_too_large', 'The body is larger than 1 MiB.', { connection: 'close' });
}

function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}
