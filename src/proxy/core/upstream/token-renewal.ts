// Token renewal (docs/decisions/0005): at 80 % of `expires_in` when the upstream sends it (D1), else
// on a 401; one shared renewal per session and process, and a request that finds a newer token in
// the store uses it instead of renewing.
import type { EnvironmentConfig } from './environments.ts';
import type { Session, SessionManager } from '../sessions/sessions.ts';
import { requestToken, type TokenOutcome } from './token.ts';
import type { FetchLike } from './upstream.ts';

export type Renewal =
  | { kind: 'ok'; session: Session; token: string }
  | { kind: 'failed'; outcome: TokenOutcome | { kind: 'gone' } };

export function createTokenRenewal(options: {
  sessions: SessionManager;
  environments: ReadonlyMap<string, EnvironmentConfig>;
  transportOf: (env: EnvironmentConfig) => FetchLike;
  timeoutMs: number;
  maxBytes?: number;
  /** Told how each renewal asked of the upstream ended (the metrics, features/operations). */
  onRenewal?: (outcome: 'ok' | 'refused' | 'error') => void;
}) {
  const { sessions, environments } = options;
  const running = new Map<string, Promise<Renewal>>();

  /** A new token for `session`, unless another request already replaced `stale`. */
  return async function renew(session: Session, stale: string | undefined): Promise<Renewal> {
    const shared = running.get(session.id);
    if (shared) return shared;
    const current = await sessions.reload(session);
    if (!current) return { kind: 'failed', outcome: { kind: 'gone' } };
    const currentToken = await sessions.tokenOf(current);
    if (currentToken !== undefined && currentToken !== stale && !sessions.tokenIsDue(current))
      return { kind: 'ok', session: current, token: currentToken };
    const raced = running.get(session.id);
    if (raced) return raced;
    const renewal = (async (): Promise<Renewal> => {
      const env = environments.get(current.environment);
      const secret = await sessions.secretOf(current);
      if (!env || secret === undefined) return { kind: 'failed', outcome: { kind: 'gone' } };
      const outcome = await requestToken(
        options.transportOf(env),
        env,
        { clientId: current.clientId, clientSecret: secret },
        options.timeoutMs,
        options.maxBytes === undefined ? undefined : { maxBytes: options.maxBytes },
      );
      options.onRenewal?.(
        outcome.kind === 'ok' ? 'ok' : outcome.kind === 'invalid_credentials' ? 'refused' : 'error',
      );
      if (outcome.kind !== 'ok') return { kind: 'failed', outcome };
      const renewed = await sessions.saveToken(current, outcome.token, outcome.expiresIn);
      // Logged out while the token was asked for: the session stays gone.
      if (!renewed) return { kind: 'failed', outcome: { kind: 'gone' } };
      return { kind: 'ok', session: renewed, token: outcome.token };
    })().finally(() => running.delete(session.id));
    running.set(session.id, renewal);
    return renewal;
  };
}

export type TokenRenewal = ReturnType<typeof createTokenRenewal>;
