// 4.1 with D1: client credentials in, an opaque token out; and the bearer check every other
// operation runs first (spec §5).
import type { Caller } from './access.ts';
import { getProvider, nowMs } from './providers.ts';
import { toIso } from './time.ts';
import { fail, ok, type Outcome, type SimState } from './types.ts';

export function authenticate(state: SimState, authorization: string | null): Outcome<Caller> {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(authorization ?? '');
  if (!match?.[1]) return fail(401, 'Missing or malformed bearer token');
  const key = `t:${match[1]}`;
  const token = Object.hasOwn(state.tokens, key) ? state.tokens[key] : undefined;
  if (!token) return fail(401, 'Unknown token');
  if (nowMs(state) >= Date.parse(token.expiresAt)) return fail(401, 'Token expired');
  if (!getProvider(state, token.providerId)) return fail(401, 'Unknown token');
  return ok({ providerId: token.providerId });
}

const oauth = (
  status: number,
  error: 'invalid_request' | 'unsupported_grant_type' | 'invalid_client',
): Outcome<never> => ({
  ok: false,
  error: { status, message: error, oauth: error },
});

/** 4.1 with D1: `form` is the decoded form body, or null when the body was not a form. */
export function requestToken(
  state: SimState,
  form: URLSearchParams | null,
  randomToken: () => string,
): Outcome<{ access_token: string; token_type: 'Bearer'; expires_in: number }> {
  if (!form) return oauth(400, 'invalid_request');
  const single = (k: string) => (form.getAll(k).length === 1 ? form.get(k) : null);
  const grant = single('grant_type');
  const clientId = single('client_id');
  const secret = single('client_secret');
  if (grant === null || clientId === null || secret === null || !clientId || !secret)
    return oauth(400, 'invalid_request');
  if (grant !== 'client_credentials') return oauth(400, 'unsupported_grant_type');
  const provider = Object.values(state.providers).find((p) => p.clientId === clientId);
  if (!provider || provider.secret !== secret) return oauth(401, 'invalid_client');
  dropTokens(state, provider.id);
  const token = randomToken();
  state.tokens[`t:${token}`] = {
    providerId: provider.id,
    expiresAt: toIso(nowMs(state) + state.tokenLifetimeSeconds * 1000),
  };
  return ok({ access_token: token, token_type: 'Bearer', expires_in: state.tokenLifetimeSeconds });
}

/**
 * Simulator only (decision 0004): a provider holds at most this many live tokens, the oldest
 * dropped first, so that a long-running demo that logs in again and again does not grow without
 * bound (its clock may never move past a token's expiry). A dropped token answers 401, which a
 * client renews (D1), as it would after any expiry.
 */
export const MAX_TOKENS_PER_PROVIDER = 20;

/** Forgets expired tokens, and the oldest of `providerId`'s beyond the cap less one. */
export function dropTokens(state: SimState, providerId?: number): void {
  const at = nowMs(state);
  const own: string[] = [];
  for (const [key, token] of Object.entries(state.tokens)) {
    if (at >= Date.parse(token.expiresAt)) delete state.tokens[key];
    else if (token.providerId === providerId) own.push(key);
  }
  // Object keys keep insertion order: the first ones are the oldest.
  for (const key of own.slice(0, Math.max(0, own.length - MAX_TOKENS_PER_PROVIDER + 1)))
    delete state.tokens[key];
}
