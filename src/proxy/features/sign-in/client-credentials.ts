// Signing in with client credentials (spec 4.1): the demo's bounds (docs/decisions/0020), the
// login limiter (decision 0011), the token, the provider check (spec 4.4-4.7, D3), and the session
// that holds the token server-side. The browser gets only the session's cookie.
import { fail, type Ctx } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import type { EnvironmentConfig } from '../../core/upstream/environments.ts';
import { failureFields } from '../../core/log/error-codes.ts';
import { checkProvider } from '../../core/upstream/provider-check.ts';
import { requestToken } from '../../core/upstream/token.ts';
import { CLIENT_SESSION_PERMISSIONS } from '../../../proxy-api/permissions.ts';
import { wireSession } from './session-wire.ts';

export type Credentials = { providerId: number; clientId: string; clientSecret: string };

export async function signIn(
  deps: AppDeps,
  c: Ctx,
  env: EnvironmentConfig,
  input: Credentials,
  limited: boolean,
): Promise<Response> {
  const { log, sessions, carrier } = deps;
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
  const check = await checkProvider(transport, env, token.token, input.providerId, deps.apiTimeoutMs, limits);
  if (check.kind === 'mismatch' || check.kind === 'parent_credentials') {
    await attempt.settle('failed');
    const reason = check.kind === 'mismatch' ? 'provider_mismatch' : 'parent_credentials';
    log.info(
      { event: 'login_failed', requestId, environment: env.id, clientId: input.clientId, reason },
      'login failed',
    );
    // Spec 4.4 and D3: credentials that may read centre N's own credentials are its parent's; a
    // session labelled N would act as the parent unseen in the parent's log.
    return fail(
      c,
      403,
      reason,
      check.kind === 'mismatch'
        ? `These credentials do not act for provider ${input.providerId}: check the provider id.`
        : `These are the credentials of the parent of centre ${input.providerId}, not the centre's own. Sign in with the parent's own provider id (centre ${input.providerId} is in its console), or with the centre's own credentials.`,
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
  // A client-credential session keeps today's full rights (docs/decisions/0023).
  const response = c.json(wireSession(session, { kind: 'client', permissions: CLIENT_SESSION_PERMISSIONS }));
  carrier.issue(response, session.id);
  return response;
}
