// /auth: the environments, sign-in (with client credentials, or as a demo login), the session and
// sign-out. The only door to the token of spec 4.1, which never leaves the proxy.
import { Hono } from 'hono';
import {
  demoLoginRequestSchema,
  loginRequestSchema,
  type Environment,
  type Session as WireSession,
} from '../../contract/console-wire.ts';
import { recordSignIn, recordSignOut } from '../audit/auth-entries.ts';
import { fail, readJsonBody, type Ctx, type ProxyEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { demoLogins, environmentLabels, operationsFor, type EnvironmentConfig } from '../environments.ts';
import { checkProvider } from '../provider-check.ts';
import type { Session } from '../sessions.ts';
import { requestToken } from '../token.ts';

type Credentials = { providerId: number; clientId: string; clientSecret: string };

export function authRoutes(deps: AppDeps) {
  const { log, sessions, carrier } = deps;
  const auth = new Hono<ProxyEnv>();

  auth.get('/environments', (c) =>
    c.json(
      deps.environmentList.map((env): Environment => ({
        id: env.id,
        label: environmentLabels[env.id],
        kind: env.id,
        operations: operationsFor(env.id),
      })),
    ),
  );

  auth.post('/login', async (c) => {
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
    const env = deps.environments.get(parsed.data.environment);
    if (!env)
      return fail(
        c,
        400,
        'unknown_environment',
        `There is no environment "${parsed.data.environment.slice(0, 40)}".`,
      );
    return recorded(c, env, parsed.data, 'credentials');
  });

  // D12: the demo's two logins by name, so that no built console holds their secrets. They are
  // not guessable, so they are not counted by the limiter (docs/decisions/0011).
  auth.post('/demo-login', async (c) => {
    const env = deps.environments.get('demo');
    if (!env) return fail(c, 404, 'not_found', 'There is no demo here.');
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = demoLoginRequestSchema.safeParse(body);
    if (!parsed.success)
      return fail(c, 400, 'invalid_request', 'Send {"as": "parent"} or {"as": "processor"}.');
    return recorded(c, env, demoLogins[parsed.data.as], 'demo');
  });

  auth.get('/session', async (c) => {
    const found = await sessions.lookup(carrier.read(c));
    if (found.kind !== 'active') return unauthenticated(deps, c, found.kind);
    return c.json(wireSession(found.session));
  });

  auth.post('/logout', async (c) => {
    const body = await readJsonBody(c, false);
    if (body instanceof Response) return body;
    const id = carrier.read(c);
    const cleared = (response: Response) => {
      carrier.clear(response);
      return response;
    };
    try {
      if (id) {
        const found = await sessions.lookup(id);
        await sessions.destroy(id);
        // docs/decisions/0018: a sign-out is an entry of its session's log.
        if (found.kind === 'active') await recordSignOut(deps, c, found.session, 204);
      }
    } catch (error) {
      // The browser forgets the session whatever happens; the store will forget it on its timer.
      log.error(
        { event: 'logout_failed', requestId: c.get('requestId'), error: describe(error) },
        'logout failed',
      );
      return cleared(
        fail(c, 503, 'store_unavailable', 'Signed out here, but the session store cannot be reached.'),
      );
    }
    log.info({ event: 'logout', requestId: c.get('requestId') }, 'logout');
    return cleared(new Response(null, { status: 204, headers: { 'clear-site-data': '"cache", "cookies"' } }));
  });

  auth.all('*', (c) => fail(c, 404, 'not_found', 'There is no such endpoint.'));

  /**
   * A sign-in, recorded in the audit log once the service was asked (docs/decisions/0018): an
   * attempt a lock refused before asking changes nothing and is only counted (decision 0011).
   */
  async function recorded(
    c: Ctx,
    env: EnvironmentConfig,
    input: Credentials,
    method: 'credentials' | 'demo',
  ) {
    const response = await signIn(c, env, input, method === 'credentials');
    if (response.status !== 429)
      await recordSignIn(
        deps,
        c,
        { environment: env.id, providerId: input.providerId, clientId: input.clientId, method },
        response,
      );
    return response;
  }

  async function signIn(c: Ctx, env: EnvironmentConfig, input: Credentials, limited: boolean) {
    const requestId = c.get('requestId');
    const attempt = limited
      ? await deps.limiter.attempt(input.clientId, c.env?.clientAddress ?? 'unknown')
      : { kind: 'allowed' as const, settle: async () => {} };
    if (attempt.kind === 'locked') {
      log.warn(
        { event: 'login_refused', requestId, reason: 'locked', clientId: input.clientId },
        'login refused',
      );
      return fail(
        c,
        429,
        'too_many_attempts',
        `Too many failed sign-ins. Try again in ${attempt.retryAfterSeconds} seconds.`,
        { 'retry-after': String(attempt.retryAfterSeconds) },
      );
    }
    const transport = deps.transportOf(env);
    const token = await requestToken(transport, env, input, deps.tokenTimeoutMs);
    if (token.kind === 'invalid_credentials') {
      await attempt.settle('failed');
      log.info(
        { event: 'login_failed', requestId, environment: env.id, clientId: input.clientId },
        'login failed',
      );
      // The same answer for an unknown client and a wrong secret: no account enumeration.
      return fail(c, 401, 'invalid_credentials', 'The client id or the client secret is not correct.');
    }
    if (token.kind !== 'ok') {
      await attempt.settle('not_counted');
      const reason = token.kind === 'timeout' ? 'timeout' : token.reason;
      log.warn({ event: 'login_failed', requestId, environment: env.id, reason }, 'login failed');
      if (token.kind === 'timeout')
        return fail(c, 504, 'upstream_timeout', 'The service did not answer in time. Try again.');
      return fail(
        c,
        502,
        token.kind === 'bad_response' ? 'upstream_bad_response' : 'upstream_unavailable',
        'The service cannot be reached. Try again later.',
      );
    }
    const check = await checkProvider(transport, env, token.token, input.providerId, deps.apiTimeoutMs);
    if (check.kind === 'mismatch') {
      await attempt.settle('failed');
      log.info(
        {
          event: 'login_failed',
          requestId,
          environment: env.id,
          clientId: input.clientId,
          reason: 'provider_mismatch',
        },
        'login failed',
      );
      return fail(
        c,
        403,
        'provider_mismatch',
        `These credentials do not act for provider ${input.providerId}: check the provider id.`,
      );
    }
    if (check.kind === 'parent_credentials') {
      await attempt.settle('failed');
      log.info(
        {
          event: 'login_failed',
          requestId,
          environment: env.id,
          clientId: input.clientId,
          reason: 'parent_credentials',
        },
        'login failed',
      );
      // Spec 4.4 and D3: these credentials may read centre N's own credentials, so they are its
      // parent's; a session labelled N would act as the parent unseen in the parent's log.
      return fail(
        c,
        403,
        'parent_credentials',
        `These are the credentials of the parent of centre ${input.providerId}, not the centre's own. Sign in with the parent's own provider id (centre ${input.providerId} is in its console), or with the centre's own credentials.`,
      );
    }
    if (check.kind === 'timeout' || check.kind === 'unavailable') {
      await attempt.settle('not_counted');
      log.warn(
        { event: 'login_failed', requestId, environment: env.id, reason: 'provider check failed' },
        'login failed',
      );
      return check.kind === 'timeout'
        ? fail(c, 504, 'upstream_timeout', 'The service did not answer in time. Try again.')
        : fail(c, 502, 'upstream_unavailable', 'The service cannot be reached. Try again later.');
    }
    await attempt.settle('succeeded');
    // A new id at every login; any session the browser held dies (session fixation, ASVS 5).
    const previous = carrier.read(c);
    if (previous) await sessions.destroy(previous);
    const session = await sessions.create({
      environment: env.id,
      providerId: input.providerId,
      clientId: input.clientId,
      providerVerified: check.kind === 'verified',
      clientSecret: input.clientSecret,
      accessToken: token.token,
      expiresInSeconds: token.expiresIn,
    });
    log.info(
      {
        event: 'login_succeeded',
        requestId,
        environment: env.id,
        clientId: input.clientId,
        providerId: input.providerId,
        providerVerified: session.providerVerified,
      },
      'login succeeded',
    );
    const response = c.json(wireSession(session));
    carrier.issue(response, session.id);
    return response;
  }

  return auth;
}

export function wireSession(session: Session): WireSession {
  const { environment, providerId, clientId, providerVerified } = session;
  return { environment, providerId, clientId, providerVerified };
}

export function unauthenticated(deps: AppDeps, c: Ctx, kind: 'none' | 'expired'): Response {
  if (kind === 'none') return fail(c, 401, 'not_authenticated', 'Sign in first.');
  const response = fail(c, 401, 'session_expired', 'Your session has ended. Sign in again.');
  deps.carrier.clear(response);
  return response;
}

export function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}
