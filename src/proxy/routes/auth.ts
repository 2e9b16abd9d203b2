// /auth: the environments, sign-in (with client credentials, or as a demo login), the session and
// sign-out. The only door to the token of spec 4.1, which never leaves the proxy.
import { Hono } from 'hono';
import {
  demoLoginRequestSchema,
  loginRequestSchema,
  type Environment,
  type Session as WireSession,
} from '../../contract/console-wire.ts';
import { fail, readJsonBody, type Ctx, type ProxyEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { demoLogins, environmentLabels, operationsFor, type EnvironmentConfig } from '../environments.ts';
import { errorFacts, failureFields } from '../error-codes.ts';
import { checkProvider } from '../provider-check.ts';
import { StoreUnavailableError } from '../session-store.ts';
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
    return signIn(c, env, parsed.data, true);
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
    return signIn(c, env, demoLogins[parsed.data.as], false);
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
      if (id) await sessions.destroy(id);
    } catch (error) {
      // The browser forgets the session whatever happens, and this instance refuses it until the
      // store has taken the end (docs/decisions/0020).
      log.error(
        {
          event: 'logout_failed',
          requestId: c.get('requestId'),
          reason: error instanceof StoreUnavailableError ? error.reason : 'unexpected',
          ...errorFacts(error),
        },
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

  async function signIn(c: Ctx, env: EnvironmentConfig, input: Credentials, limited: boolean) {
    const requestId = c.get('requestId');
    const address = c.env?.clientAddress ?? 'unknown';
    // docs/decisions/0020: a public demo's sign-ins and live sessions are bounded per address.
    const demo = env.id === 'demo' ? deps.demoGuard : undefined;
    const admission = demo?.admit(address);
    if (admission && admission.kind !== 'admitted') {
      log.warn({ event: 'login_refused', requestId, reason: `demo_${admission.kind}` }, 'login refused');
      const wait = { 'retry-after': String(admission.retryAfterSeconds) };
      return admission.kind === 'rate_limited'
        ? fail(
            c,
            429,
            'too_many_attempts',
            `Too many demo sign-ins from this address. Try again in ${admission.retryAfterSeconds} seconds.`,
            wait,
          )
        : fail(
            c,
            503,
            'demo_full',
            `The demo has all the visitors it takes right now. Try again in ${admission.retryAfterSeconds} seconds.`,
            wait,
          );
    }
    const attempt = limited
      ? await deps.limiter.attempt(input.clientId, address)
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
    const limits = { maxBytes: deps.maxAnswerBytes };
    const token = await requestToken(transport, env, input, deps.tokenTimeoutMs, limits);
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
      const why = token.kind === 'timeout' ? { reason: 'timeout' } : failureFields(token);
      log.warn({ event: 'login_failed', requestId, environment: env.id, ...why }, 'login failed');
      if (token.kind === 'timeout')
        return fail(c, 504, 'upstream_timeout', 'The service did not answer in time. Try again.');
      return fail(
        c,
        502,
        token.kind === 'bad_response' ? 'upstream_bad_response' : 'upstream_unavailable',
        'The service cannot be reached. Try again later.',
      );
    }
    const check = await checkProvider(
      transport,
      env,
      token.token,
      input.providerId,
      deps.apiTimeoutMs,
      limits,
    );
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
    if (check.kind === 'timeout' || check.kind === 'unavailable') {
      await attempt.settle('not_counted');
      log.warn(
        {
          event: 'login_failed',
          requestId,
          environment: env.id,
          check: 'provider',
          ...(check.kind === 'timeout' ? { reason: 'timeout' } : failureFields(check)),
        },
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
    // This address's oldest demo sessions past its share end here (their cookies stop working).
    for (const key of demo?.started(session.key, address) ?? [])
      // oxlint-disable-next-line no-await-in-loop -- at most one or two, rarely any
      await sessions.end({ key }).catch(() => {
        // The store is out: the end is retried by itself (session-tombstones.ts).
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
