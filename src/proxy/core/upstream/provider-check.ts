// Spec §5 and D3: a token belongs to one provider, but a login names its provider id itself. Before
// a session is created the proxy asks the upstream, with the new token, whether that provider is
// the caller's own (or a child it acts for); otherwise a parent could sign in "as" another
// parent's id and the console would say so. docs/decisions/0005.
import { baseUrlOf, operationsFor, type EnvironmentConfig } from './environments.ts';
import type { Failure } from '../log/error-codes.ts';
import { callUpstream, type CallOptions, type FetchLike } from './upstream.ts';

export type ProviderCheck =
  | { kind: 'verified' }
  /** The environment lacks the operations that would tell (development, D3). */
  | { kind: 'unverifiable' }
  | { kind: 'mismatch' }
  /** The credentials are the parent's of the centre named: 4.4 answers them (docs/decisions/0018). */
  | { kind: 'parent_credentials' }
  | { kind: 'timeout' }
  | ({ kind: 'unavailable' } & Failure);

export async function checkProvider(
  transport: FetchLike,
  env: EnvironmentConfig,
  token: string,
  providerId: number,
  timeoutMs: number,
  options?: CallOptions,
): Promise<ProviderCheck> {
  const offered = operationsFor(env.id);
  const ask = async (path: string): Promise<number | ProviderCheck> => {
    const outcome = await callUpstream(
      transport,
      `${baseUrlOf(env)}${path}`,
      { method: 'GET', headers: { accept: 'application/json', authorization: `Bearer ${token}` } },
      timeoutMs,
      options,
    );
    if (outcome.kind === 'timeout') return { kind: 'timeout' };
    if (outcome.kind === 'unreachable') return { ...outcome, kind: 'unavailable' };
    return outcome.status;
  };
  // Each question answers 200 for a provider the token may read, 403 or 404 otherwise (D3).
  const questions: string[] = [];
  // 4.5: the child list of a parent answers only to that parent's own token.
  if (offered.includes('listChildCenters'))
    questions.push(`/core/v1/provider/${providerId}/child?offset=0&limit=1`);
  // 4.7: the licence summary answers for its own centre, or for a child of the caller.
  if (offered.includes('getLicenses'))
    questions.push(`/payments/v1/subscription/provider/${providerId}/license`);
  // 4.6: a centre with no contract yet has no licence summary (404), but lists its doctors.
  if (offered.includes('listDoctorsWithLicenses'))
    questions.push(`/payments/v1/subscription/provider/${providerId}/user?offset=0&limit=1`);
  if (questions.length < 3) return { kind: 'unverifiable' };
  for (const [index, path] of questions.entries()) {
    // oxlint-disable-next-line no-await-in-loop -- each question is asked only when the previous failed
    const answer = await ask(path);
    if (typeof answer !== 'number') return answer;
    // 4.5 answers only the parent itself: the credentials are the provider's own.
    if (answer === 200 && index === 0) return { kind: 'verified' };
    if (answer === 200) return ownOrParent(ask, offered, providerId);
    if (answer !== 403 && answer !== 404)
      return { kind: 'unavailable', reason: 'unexpected_status', status: answer };
  }
  return { kind: 'mismatch' };
}

/**
 * 4.7 and 4.6 answer a centre's own token and its parent's alike (D3). 4.4 tells them apart: it
 * answers the parent and refuses a child's own token (D3: credential retrieval needs a parent).
 * Its answer holds the centre's secret: only the status is looked at, the body is dropped unread.
 */
async function ownOrParent(
  ask: (path: string) => Promise<number | ProviderCheck>,
  offered: readonly string[],
  providerId: number,
): Promise<ProviderCheck> {
  if (!offered.includes('getChildCenterCredentials')) return { kind: 'verified' };
  const answer = await ask(`/iam/v1/provider/${providerId}/credentials`);
  if (typeof answer !== 'number') return answer;
  if (answer === 200) return { kind: 'parent_credentials' };
  if (answer === 403 || answer === 404) return { kind: 'verified' };
  return { kind: 'unavailable', reason: 'unexpected_status', status: answer };
}
