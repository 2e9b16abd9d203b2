// What the sub-apps share, built once per proxy app (app.ts).
import type { Logger } from './context.ts';
import type { EnvironmentConfig } from './environments.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { SessionCarrier } from './session-carrier.ts';
import type { SessionStore } from './session-store.ts';
import type { SessionManager } from './sessions.ts';
import type { TokenRenewal } from './token-renewal.ts';
import type { FetchLike } from './upstream.ts';

export interface AppDeps {
  log: Logger;
  store: SessionStore;
  sessions: SessionManager;
  renew: TokenRenewal;
  limiter: LoginLimiter;
  carrier: SessionCarrier;
  environments: ReadonlyMap<string, EnvironmentConfig>;
  /** In configuration order, for `GET /auth/environments`. */
  environmentList: readonly EnvironmentConfig[];
  transportOf(env: EnvironmentConfig): FetchLike;
  tokenTimeoutMs: number;
  apiTimeoutMs: number;
}
