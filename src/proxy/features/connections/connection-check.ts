// A connection's credentials are verified as a sign-in is (docs/decisions/0005, 0018): a token from
// the service (4.1), then the provider check (4.5, 4.7, 4.6, and 4.4 to tell a parent's credentials
// from a centre's own), counted by the login limiter (docs/decisions/0011) since a form that takes
// a secret can be used to guess one. Refusals are thrown in words; never 401, which the console
// reads as "your session ended".
import type { Ctx } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { EnvironmentConfig } from '../../core/upstream/environments.ts';
import { checkProvider } from '../../core/upstream/provider-check.ts';
import { requestToken } from '../../core/upstream/token.ts';
import type { CredentialCheck } from '../sign-in/index.ts';

const timedOut = (): never =>
  refuse(504, 'upstream_timeout', 'The service did not answer in time. Try again.');
const unreachable = (): never =>
  refuse(502, 'upstream_unavailable', 'The service cannot be reached. Try again later.');

export async function verifyCredentials(
  deps: CredentialCheck,
  c: Ctx,
  env: EnvironmentConfig,
  input: { label: string; providerId: number; clientId: string; clientSecret: string },
): Promise<{ providerVerified: boolean }> {
  const attempt = await deps.limiter.attempt(input.clientId, c.env?.clientAddress ?? 'unknown');
  if (attempt.kind === 'locked')
    refuse(
      429,
      'too_many_attempts',
      `Too many refused secrets. Try again in ${attempt.retryAfterSeconds} seconds.`,
      {
        headers: { 'retry-after': String(attempt.retryAfterSeconds) },
      },
    );
  const transport = deps.transportOf(env);
  // The answers are capped as a sign-in's are (docs/decisions/0020).
  const limits = { maxBytes: deps.maxAnswerBytes };
  const token = await requestToken(transport, env, input, deps.tokenTimeoutMs, limits);
  if (token.kind === 'invalid_credentials') {
    await attempt.settle('failed');
    refuse(
      422,
      'invalid_credentials',
      `The service refused this client id and secret for ${input.label}: check both, as the service issued them.`,
    );
  }
  if (token.kind !== 'ok') {
    await attempt.settle('not_counted');
    return token.kind === 'timeout' ? timedOut() : unreachable();
  }
  const check = await checkProvider(transport, env, token.token, input.providerId, deps.apiTimeoutMs, limits);
  if (check.kind === 'mismatch' || check.kind === 'parent_credentials') {
    await attempt.settle('failed');
    refuse(
      422,
      check.kind === 'mismatch' ? 'provider_mismatch' : 'parent_credentials',
      check.kind === 'mismatch'
        ? `These credentials do not act for provider ${input.providerId}: check the provider id.`
        : `These are the credentials of the parent of centre ${input.providerId}: register the parent's own provider id.`,
    );
  }
  if (check.kind === 'timeout' || check.kind === 'unavailable') {
    await attempt.settle('not_counted');
    return check.kind === 'timeout' ? timedOut() : unreachable();
  }
  await attempt.settle('succeeded');
  return { providerVerified: check.kind === 'verified' };
}
