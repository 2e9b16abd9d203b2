// Signing in with client credentials (spec 4.1): the demo's bounds (docs/decisions/0020), the
// login limiter (decision 0011), the token, the provider check (spec 4.4-4.7, D3), and the session
// that holds the token server-side. The browser gets only the session's cookie. Every refusal is
// thrown (refusal.ts); the route answers the session.
import type { Ctx, Logger } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { SessionCarrier } from '../../core/sessions/carrier.ts';
import type { Session, SessionManager } from '../../core/sessions/sessions.ts';
import type { EnvironmentConfig } from '../../core/upstream/environments.ts';
import { failureFields } from '../../core/log/error-codes.ts';
import { checkProvider } from '../../core/upstream/provider-check.ts';
import { requestToken } from '../../core/upstream/token.ts';
import type { FetchLike } from '../../core/upstream/upstream.ts';
import type { DemoGuard } from '../demo/index.ts';
import type { Attempt, LoginLimiter } from './login-limiter.ts';

export type Credentials = { providerId: number; clientId: string; clientSecret: string };

/** What checking credentials with the service takes (a sign-in, a connection's registration). */
export interface CredentialCheck {
  transportOf(env: EnvironmentConfig): FetchLike;
  tokenTimeoutMs: number;
  apiTimeoutMs: number;
  /** The largest upstream answer taken (docs/decisions/0020). */
  maxAnswerBytes: number;
  limiter: LoginLimiter;
}

export interface SignInDeps extends CredentialCheck {
  sessions: SessionManager;
  carrier: SessionCarrier;
  log: Logger;
  /** The demo's sign-in and session limits (the Node host; docs/decisions/0020). */
  demoGuard: DemoGuard | undefined;
}

type Settle = Extract<Attempt, { kind: 'allowed' }>['settle'];

const timedOut = (): never =>
  refuse(504, 'upstream_timeout', 'The service did not answer in time. Try again.');
const unreachable = (
  code: 'upstream_unavailable' | 'upstream_bad_response' = 'upstream_unavailable',
): never => refuse(502, code, 'The service cannot be reached. Try again later.');

/** The session the credentials open, or the refusal thrown. */
export async function signIn(
  deps: SignInDeps,
  c: Ctx,
  env: EnvironmentConfig,
  input: Credentials,
  limited: boolean,
): Promise<Session> {
  const address = c.env?.clientAddress ?? 'unknown';
  // docs/decisions/0020: a public demo's sign-ins and live sessions are bounded per address.
  const demo = env.id === 'demo' ? deps.demoGuard : undefined;
  if (demo) admitToDemo(deps, c, demo, address);
  const settle = await allowed(deps, c, input, address, limited);
  const { token, providerVerified } = await checked(deps, c, env, input, settle);
  await settle('succeeded');
  // A new id at every login; any session the browser held dies (session fixation, ASVS 5).
  const previous = deps.carrier.read(c);
  if (previous) await deps.sessions.destroy(previous);
  const session = await deps.sessions.create({
    environment: env.id,
    providerId: input.providerId,
    clientId: input.clientId,
    providerVerified,
    clientSecret: input.clientSecret,
    accessToken: token.token,
    expiresInSeconds: token.expiresIn,
  });
  // This address's oldest demo sessions past its share end here (their cookies stop working).
  for (const key of demo?.started(session.key, address) ?? [])
    // oxlint-disable-next-line no-await-in-loop -- at most one or two, rarely any
    await deps.sessions.end({ key }).catch(() => {
      // The store is out: the end is retried by itself (session-tombstones.ts).
    });
  deps.log.info(
    {
      event: 'login_succeeded',
      requestId: c.get('requestId'),
      environment: env.id,
      clientId: input.clientId,
      providerId: input.providerId,
      providerVerified: session.providerVerified,
    },
    'login succeeded',
  );
  return session;
}

function admitToDemo(deps: SignInDeps, c: Ctx, demo: DemoGuard, address: string): void {
  const admission = demo.admit(address);
  if (admission.kind === 'admitted') return;
  deps.log.warn(
    { event: 'login_refused', requestId: c.get('requestId'), reason: `demo_${admission.kind}` },
    'login refused',
  );
  const headers = { 'retry-after': String(admission.retryAfterSeconds) };
  if (admission.kind === 'rate_limited')
    refuse(
      429,
      'too_many_attempts',
      `Too many demo sign-ins from this address. Try again in ${admission.retryAfterSeconds} seconds.`,
      { headers },
    );
  refuse(
    503,
    'demo_full',
    `The demo has all the visitors it takes right now. Try again in ${admission.retryAfterSeconds} seconds.`,
    { headers },
  );
}

/** The limiter's word on this attempt (decision 0011): how to settle it, or the lock thrown. */
async function allowed(
  deps: SignInDeps,
  c: Ctx,
  input: Credentials,
  address: string,
  limited: boolean,
): Promise<Settle> {
  if (!limited) return async () => {};
  const attempt = await deps.limiter.attempt(input.clientId, address);
  if (attempt.kind === 'allowed') return attempt.settle;
  deps.log.warn(
    { event: 'login_refused', requestId: c.get('requestId'), reason: 'locked', clientId: input.clientId },
    'login refused',
  );
  return refuse(
    429,
    'too_many_attempts',
    `Too many failed sign-ins. Try again in ${attempt.retryAfterSeconds} seconds.`,
    { headers: { 'retry-after': String(attempt.retryAfterSeconds) } },
  );
}

/** The token and the provider check (spec 4.4-4.7); every refusal settles the attempt first. */
async function checked(deps: SignInDeps, c: Ctx, env: EnvironmentConfig, input: Credentials, settle: Settle) {
  const requestId = c.get('requestId');
  const transport = deps.transportOf(env);
  const limits = { maxBytes: deps.maxAnswerBytes };
  const token = await requestToken(transport, env, input, deps.tokenTimeoutMs, limits);
  if (token.kind === 'invalid_credentials') {
    await settle('failed');
    deps.log.info(
      { event: 'login_failed', requestId, environment: env.id, clientId: input.clientId },
      'login failed',
    );
    // The same answer for an unknown client and a wrong secret: no account enumeration.
    refuse(401, 'invalid_credentials', 'The client id or the client secret is not correct.');
  }
  if (token.kind !== 'ok') {
    await settle('not_counted');
    const why = token.kind === 'timeout' ? { reason: 'timeout' } : failureFields(token);
    deps.log.warn({ event: 'login_failed', requestId, environment: env.id, ...why }, 'login failed');
    if (token.kind === 'timeout') timedOut();
    return unreachable(token.kind === 'bad_response' ? 'upstream_bad_response' : 'upstream_unavailable');
  }
  const check = await checkProvider(transport, env, token.token, input.providerId, deps.apiTimeoutMs, limits);
  if (check.kind === 'mismatch' || check.kind === 'parent_credentials') {
    await settle('failed');
    const reason = check.kind === 'mismatch' ? 'provider_mismatch' : 'parent_credentials';
    deps.log.info(
      { event: 'login_failed', requestId, environment: env.id, clientId: input.clientId, reason },
      'login failed',
    );
    // Spec 4.4 and D3: credentials that may read centre N's own credentials are its parent's; a
    // session labelled N would act as the parent unseen in the parent's log.
    refuse(
      403,
      reason,
      check.kind === 'mismatch'
        ? `These credentials do not act for provider ${input.providerId}: check the provider id.`
        : `These are the credentials of the parent of centre ${input.providerId}, not the centre's own. Sign in with the parent's own provider id (centre ${input.providerId} is in its console), or with the centre's own credentials.`,
    );
  }
  if (check.kind === 'timeout' || check.kind === 'unavailable') {
    await settle('not_counted');
    const why = check.kind === 'timeout' ? { reason: 'timeout' } : failureFields(check);
    deps.log.warn(
      { event: 'login_failed', requestId, environment: env.id, check: 'provider', ...why },
      'login failed',
    );
    return check.kind === 'timeout' ? timedOut() : unreachable();
  }
  return { token, providerVerified: check.kind === 'verified' };
}
