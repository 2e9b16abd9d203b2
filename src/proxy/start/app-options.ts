// What a host passes to createProxyApp (app.ts): the Node host (main.ts, server.ts), the page's demo
// worker (hosts/browser.ts) and the tests.
import type { RenderOverview, RenderScreen } from '../../proxy-api/first-screen.ts';
import type { AlertInbox } from '../features/alerts/inbox.ts';
import type { AuditStore } from '../features/audit/store.ts';
import type { CentreIndexOptions } from '../features/api/centre-index.ts';
import type { Logger } from '../core/http/context.ts';
import type { DemoLimits } from '../features/demo/guard.ts';
import type { EnvironmentConfig } from '../core/upstream/environments.ts';
import type { Directory } from '../features/people/directory.ts';
import type { WebhookStore } from '../features/connections/webhook-repository.ts';
import type { DemoMailbox } from '../features/demo/mailbox.ts';
import type { DemoQuota } from '../features/demo/index.ts';
import type { PeoplePolicy } from '../features/people/policy.ts';
import type { SigningKeys } from '../features/sign-in/signing-key.ts';
import type { OrganisationSignIn } from '../features/sign-in/organisation.ts';
import type { StaticSite } from '../features/site/routes.ts';
import type { SessionCarrier } from '../core/sessions/carrier.ts';
import type { SessionStore } from '../core/sessions/store.ts';
import type { FetchLike } from '../core/upstream/upstream.ts';
import type { WatchReads } from '../features/watch/reads.ts';
import type { SentAgain } from '../features/alerts/sent-again.ts';
import type { OperationsHooks } from '../features/operations/hooks.ts';

/** What the app may ask of the watcher (features/watch/watcher.ts), which runs beside it (main.ts). */
export interface WatchRequests {
  /** Asks for a refresh of a stored connection now; false when one is already waiting to run. */
  refresh(connectionId: string): Promise<boolean>;
  /** Sends the alert messages that are due now (after an admin asked for one again). */
  deliver?(): Promise<unknown>;
  /**
   * An admin's "Send again", tried here and now: its outcome, or undefined when there is no such
   * delivery to send; absent (or answering absent) where no watcher runs here yet (the queue sends it).
   */
  sendAgain?(connectionId: string, id: number): Promise<SentAgain | undefined> | undefined;
}

export interface ProxyOptions {
  environments: EnvironmentConfig[];
  store: SessionStore;
  /** The audit log (docs/decisions/0018): the database's under Node; default in memory (the page, tests). */
  audit?: AuditStore;
  /** How long the audit log keeps an entry, in days (default 400). */
  auditRetentionDays?: number;
  /** Changes one session may make per minute (default 600, docs/decisions/0018). */
  changesPerMinute?: number;
  /**
   * Pages of the audit log, and of the contract-event log, one session may read per second, each
   * (default 10; docs/decisions/0018): one session paging as fast as it can took the proxy's one
   * thread from everyone else.
   */
  auditPagesPerSecond?: number;
  /** 32 bytes for AES-256-GCM. */
  encryptionKey: Uint8Array;
  /** The upstream transport per environment (default `fetch`); the demo's is the simulator. */
  transports?: Partial<Record<EnvironmentConfig['id'], FetchLike>>;
  /** The embedded simulator's control API, served at /__sim on this origin (D11, demo only). */
  simulatorControl?: FetchLike;
  /**
   * The token /__sim asks for (all but `GET /__sim/clock`) in `X-Demo-Control-Token`; unset: open
   * (the in-browser host, whose one user is the page). docs/decisions/0020.
   */
  simulatorControlToken?: string;
  /** Limits on the demo's sign-ins and live sessions (unset: none; docs/decisions/0020). */
  demoLimits?: DemoLimits;
  /** What each demo visitor may add to the demo's world (features/demo/quota.ts; issue 46 M3). */
  demoQuota?: DemoQuota;
  publicOrigin?: string;
  /** Host names this proxy answers to; others get 421 (core/http/host-check.ts). */
  allowedHosts?: readonly string[];
  /** How the session id travels (default: the `HttpOnly` cookie; session-carrier.ts). */
  carrier?: SessionCarrier;
  idleTimeoutMs?: number;
  absoluteTimeoutMs?: number;
  tokenTimeoutMs?: number;
  apiTimeoutMs?: number;
  /** The largest upstream answer, read whole or streamed (default 16 MiB; docs/decisions/0020). */
  maxAnswerBytes?: number;
  /** How many requests one session may have in flight under /api (default 32). */
  maxRequestsPerSession?: number;
  /**
   * How the host ends the connection of an answer cut short while streamed (the Node host,
   * server.ts); without it the answer's stream fails, which cuts it in any host.
   */
  cutConnection?: (connection: unknown) => boolean;
  now?: () => number;
  logger?: Logger;
  /** Metrics, traces and what readiness covers (features/operations, issue 49); none when absent. */
  operations?: OperationsHooks;
  /** The one line per request (logger.ts `requestLineLogger`); `logger` when absent. */
  requestLogger?: Logger;
  site?: StaticSite;
  /**
   * The overview rendered into its page's HTML (first-screen.ts; dist/server/first-screen.js, loaded
   * by the Node host); absent, the overview's page is the frame as every other screen's.
   */
  renderOverview?: RenderOverview;
  /**
   * Every other signed-in screen rendered into its page (site/screen-render.ts;
   * dist/server/screens.js); absent, those pages are the frame, rendered by the browser.
   */
  renderScreen?: RenderScreen;
  /** People, roles and connections (docs/decisions/0023): the database's; absent in the page. */
  directory?: Directory;
  /** "Sign in with your organisation" (OpenID Connect); absent when not configured. */
  organisation?: OrganisationSignIn;
  /**
   * The console's key for private_key_jwt (issue 45 item 3), where organisation sign-in is
   * configured: its public half at /auth/jwks.json.
   */
  signingKeys?: SigningKeys;
  /** ADMIN_EMAILS and the claim's roles (default: nobody is known by either). */
  people?: PeoplePolicy;
  /** CLIENT_CREDENTIALS_LOGIN (default true). */
  clientCredentialsLogin?: boolean;
  /**
   * Gzip answers over 1 kB (default true). The in-browser host turns it off: a service worker's
   * answer reaches the page as it is, never decoded (docs/decisions/0017).
   */
  compress?: boolean;
  /** The watcher's on-demand refresh (docs/decisions/0025); absent where it does not run. */
  watch?: WatchRequests;
  /** Connections' chat webhooks, sealed (docs/decisions/0027): the database's. */
  webhooks?: WebhookStore;
  /** WEBHOOK_ALLOWED_HOSTS: the only hosts a chat webhook may point at (unset: any public one). */
  webhookAllowedHosts?: readonly string[];
  /** The demo's mail catcher, listed at GET /demo/mail (docs/decisions/0027). */
  demoMail?: DemoMailbox;
  /** What the watcher keeps, read for the console (docs/decisions/0025); with `watch`. */
  watchReads?: WatchReads;
  /** People's alerts (docs/decisions/0026): the database's; absent in the page. */
  alerts?: AlertInbox;
  /** The child list's index: its ages and memory bounds (docs/decisions/0024). */
  centreIndex?: Omit<CentreIndexOptions, 'store' | 'now'>;
}
