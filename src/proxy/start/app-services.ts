// What the proxy's app is built from (app.ts): the core's services, made once from the host's
// options. A record of the composition only: each feature's routes are given the few of these
// they use (app-routes.ts), never the record.
import { createMemoryAuditStore } from '../features/audit/memory-store.ts';
import { createCentreIndex } from '../features/api/centre-index.ts';
import { silentLogger } from '../core/http/context.ts';
import { createDemoGuard } from '../features/demo/guard.ts';
import type { EnvironmentConfig } from '../core/upstream/environments.ts';
import { createLoginLimiter } from '../features/sign-in/login-limiter.ts';
import { createAccessControl } from '../features/people/access.ts';
import { createAuthorization } from '../features/people/authorize.ts';
import { noPeoplePolicy } from '../features/people/policy.ts';
import { createSecretBox } from '../core/store/secret-box.ts';
import { cookieCarrier } from '../core/sessions/carrier.ts';
import { createSessionManager } from '../core/sessions/sessions.ts';
import { observeCalls } from '../core/upstream/observed.ts';
import { createTokenRenewal } from '../core/upstream/token-renewal.ts';
import { noMeters } from '../features/operations/meters.ts';
import { defaultMaxAnswerBytes, type FetchLike } from '../core/upstream/upstream.ts';
import type { ProxyOptions } from './app-options.ts';

export type AppServices = ReturnType<typeof appServices>;

export function appServices(options: ProxyOptions) {
  const now = options.now ?? Date.now;
  const log = options.logger ?? silentLogger;
  const { store, directory } = options;
  const audit = options.audit ?? createMemoryAuditStore();
  const box = createSecretBox(options.encryptionKey);
  const people = options.people ?? noPeoplePolicy;
  const idleTimeoutMs = options.idleTimeoutMs ?? 15 * 60_000;
  const demoGuard = options.demoLimits && createDemoGuard(options.demoLimits, { now, idleTimeoutMs });
  if (demoGuard) store.onEnded((key) => demoGuard.ended(key));
  const sessions = createSessionManager({
    store,
    box,
    now,
    idleTimeoutMs,
    absoluteTimeoutMs: options.absoluteTimeoutMs ?? 8 * 3_600_000,
    ...(directory ? { connectionSecret: (id: string) => directory.connectionSecret(id) } : {}),
    ...(demoGuard && {
      onTouched: (session) => {
        if (session.environment === 'demo') demoGuard.seen(session.key);
      },
    }),
  });
  const environments = new Map<string, EnvironmentConfig>(options.environments.map((env) => [env.id, env]));
  // Every upstream call counted by operation and outcome (issue 49): one wrapped transport per environment.
  const meters = options.operations?.meters ?? noMeters;
  const observed = new Map<string, FetchLike>();
  const transportOf = (env: EnvironmentConfig): FetchLike => {
    const known = observed.get(env.id);
    if (known) return known;
    const given: FetchLike = options.transports?.[env.id] ?? ((request) => fetch(request));
    // Metrics off (the page's demo worker, the tests): the transport as given, nothing matched.
    const transport = meters === noMeters ? given : observeCalls(given, env, meters.upstreamCall);
    observed.set(env.id, transport);
    return transport;
  };
  const tokenTimeoutMs = options.tokenTimeoutMs ?? 5_000;
  const maxAnswerBytes = options.maxAnswerBytes ?? defaultMaxAnswerBytes;
  const carrier = options.carrier ?? cookieCarrier;
  const access = createAccessControl({ directory, store, adminEmails: people.adminEmails, now });
  const changesPerMinute = options.changesPerMinute ?? 600;
  return {
    now,
    log,
    meters,
    store,
    audit,
    box,
    directory,
    people,
    demoGuard,
    sessions,
    environments,
    transportOf,
    tokenTimeoutMs,
    apiTimeoutMs: options.apiTimeoutMs ?? 10_000,
    maxAnswerBytes,
    carrier,
    access,
    changesPerMinute,
    centreIndex: createCentreIndex({ store, now, ...options.centreIndex }),
    renew: createTokenRenewal({
      sessions,
      environments,
      transportOf,
      timeoutMs: tokenTimeoutMs,
      maxBytes: maxAnswerBytes,
      onRenewal: meters.tokenRenewal,
    }),
    limiter: createLoginLimiter(store, now),
    auth: createAuthorization({ sessions, carrier, access, store, audit, log, now, changesPerMinute }),
  };
}
