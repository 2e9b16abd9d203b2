// The upstream token (spec §4.1, §5; D1): client credentials in, an opaque token out.
import { z } from 'zod';
import { parseJson } from '../http/context.ts';
import { baseUrlOf, type EnvironmentConfig } from './environments.ts';
import type { Failure } from '../log/error-codes.ts';
import { callUpstream, type CallOptions, type FetchLike } from './upstream.ts';

/**
 * D1: `expires_in` is optional. A value that is not a positive number (a string, null, absent) is
 * treated as absent: the token is then renewed on a 401 only, and the login still works.
 */
const tokenResponse = z.object({
  // Sent back as a header value: anything but visible ASCII (CR/LF, spaces) is refused here.
  access_token: z.string().regex(/^[\x21-\x7e]+$/),
  token_type: z.string().optional(),
  expires_in: z
    .unknown()
    .optional()
    .transform((value) =>
      typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined,
    ),
});

export type TokenOutcome =
  | { kind: 'ok'; token: string; expiresIn: number | undefined }
  | { kind: 'invalid_credentials' }
  | { kind: 'timeout' }
  | ({ kind: 'unavailable' } & Failure)
  | ({ kind: 'bad_response' } & Failure);

const oauthError = z.object({ error: z.string() });

export async function requestToken(
  transport: FetchLike,
  env: EnvironmentConfig,
  credentials: { clientId: string; clientSecret: string },
  timeoutMs: number,
  options?: CallOptions,
): Promise<TokenOutcome> {
  const outcome = await callUpstream(
    transport,
    `${baseUrlOf(env)}/api/iam/integration/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new TextEncoder().encode(
        new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }).toString(),
      ),
    },
    timeoutMs,
    options,
  );
  if (outcome.kind === 'timeout') return { kind: 'timeout' };
  if (outcome.kind === 'unreachable') return { ...outcome, kind: 'unavailable' };
  const json = parseJson(outcome.body);
  if (outcome.status === 200) {
    const parsed = tokenResponse.safeParse(json?.value);
    // Not JSON, or not the spec 2.1 shape (an `access_token` fit for a header).
    if (!parsed.success) return { kind: 'bad_response', reason: 'unexpected_body' };
    return { kind: 'ok', token: parsed.data.access_token, expiresIn: parsed.data.expires_in };
  }
  // D1: invalid_client is a 401; some servers answer 400 with an OAuth error naming the client.
  const error = oauthError.safeParse(json?.value);
  if (
    outcome.status === 401 ||
    (outcome.status === 400 &&
      error.success &&
      ['invalid_client', 'invalid_grant', 'unauthorized_client'].includes(error.data.error))
  )
    return { kind: 'invalid_credentials' };
  return { kind: 'unavailable', reason: 'unexpected_status', status: outcome.status };
}
