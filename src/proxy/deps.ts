// What the sub-apps share, built once per proxy app (app.ts).
import type { WatchRequests } from './app-options.ts';
import type { AlertInbox } from './features/alerts/inbox.ts';
import type { AuditStore } from './features/audit/store.ts';
import type { CentreIndex } from './features/api/centre-index.ts';
import type { Logger } from './core/http/context.ts';
import type { DemoGuard } from './features/demo/guard.ts';
import type { EnvironmentConfig } from './core/upstream/environments.ts';
import type { LoginLimiter } from './features/sign-in/login-limiter.ts';
import type { AccessControl } from './features/people/access.ts';
import type { Directory } from './features/people/directory.ts';
import type { OrganisationSignIn, PeoplePolicy } from './features/sign-in/organisation.ts';
import type { SecretBox } from './core/store/secret-box.ts';
import type { WebhookStore } from './features/connections/webhook-repository.ts';
import type { DemoMailbox } from './features/demo/mailbox.ts';
import type { SessionCarrier } from './core/sessions/carrier.ts';
import type { SessionStore } from './core/sessions/store.ts';
import type { SessionManager } from './core/sessions/sessions.ts';
import type { TokenRenewal } from './core/upstream/token-renewal.ts';
import type { FetchLike } from './core/upstream/upstream.ts';
import type { WatchReads } from './features/watch/reads.ts';

export interface AppDeps {
  log: Logger;
  now: () => number;
  store: SessionStore;
  /** The audit log (docs/decisions/0018). */
  audit: AuditStore;
  /** How long the audit log keeps an entry (AUDIT_RETENTION_DAYS). */
  auditRetentionMs: number;
  /** Changes one session may make per minute (features/audit/gate.ts). */
  changesPerMinute: number;
  /** Pages of the audit log one session may read per second (docs/decisions/0018). */
  auditPagesPerSecond: number;
  sessions: SessionManager;
  /** The per-parent index of the child list (docs/decisions/0024). */
  centreIndex: CentreIndex;
  renew: TokenRenewal;
  limiter: LoginLimiter;
  /** The demo's sign-in and session limits (the Node host; docs/decisions/0020). */
  demoGuard?: DemoGuard;
  carrier: SessionCarrier;
  environments: ReadonlyMap<string, EnvironmentConfig>;
  /** In configuration order, for `GET /auth/environments`. */
  environmentList: readonly EnvironmentConfig[];
  transportOf(env: EnvironmentConfig): FetchLike;
  tokenTimeoutMs: number;
  apiTimeoutMs: number;
  /** What each session may do right now (docs/decisions/0023). */
  access: AccessControl;
  /** People, roles and connections; absent where there is no database (the in-browser host). */
  directory: Directory | undefined;
  /** Organisation sign-in (OpenID Connect); absent when not configured. */
  organisation: OrganisationSignIn | undefined;
  /** Who is known, and how roles come from claims (ADMIN_EMAILS, OIDC_ROLES_CLAIM). */
  people: PeoplePolicy;
  /** CLIENT_CREDENTIALS_LOGIN: client-credential and demo sign-in offered (default true). */
  clientCredentialsLogin: boolean;
  /** The console's public origin, when it differs from what the proxy sees (PUBLIC_ORIGIN). */
  publicOrigin: string | undefined;
  /** Seals what the proxy keeps for a moment in the session store (sign-in transactions). */
  box: SecretBox;
  /** The largest upstream answer taken, read whole or streamed (docs/decisions/0020). */
  maxAnswerBytes: number;
  /** The watcher's on-demand refresh (docs/decisions/0025); absent where it does not run. */
  watch: WatchRequests | undefined;
  /** Connections' chat webhooks, sealed (docs/decisions/0027); absent without a database. */
  webhooks: WebhookStore | undefined;
  /** The demo's mail catcher (docs/decisions/0027); absent outside the demo or with SMTP_URL. */
  demoMail: DemoMailbox | undefined;
  /** What the watcher keeps, read for the console (docs/decisions/0025); absent where it does not run. */
  watchReads: WatchReads | undefined;
  /** People's alerts (docs/decisions/0026); absent where there is no database. */
  alerts?: AlertInbox;
  /** Ends the connection behind `HostBindings.connection` (the Node host); answers whether it did. */
  cutConnection?: (connection: unknown) => boolean;
}
