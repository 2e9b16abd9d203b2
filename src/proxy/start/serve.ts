// Start-up, phase 3: the app built over the resources, and the Node server that runs it. The app is
// built once the port is bound: its allowed hosts and the embedded provider's issuer follow it.
import { createProxyApp, type ProxyApp } from '../app.ts';
import type { WatchRequests } from './app-options.ts';
import { requestLineLogger } from '../core/log/logger.ts';
import { cutConnection, listen, type NodeMount, type RunningProxy } from '../core/http/server.ts';
import { createAlertInbox } from '../features/alerts/inbox.ts';
import { embeddedOidc } from '../features/demo/embedded-oidc.ts';
import { createOidcClient } from '../features/sign-in/oidc-client.ts';
import type { OrganisationSignIn } from '../features/sign-in/organisation.ts';
import { createWatchReads } from '../features/watch/reads.ts';
import { allowedHostsFor, refuseToStart } from './config.ts';
import type { Resources } from './resources.ts';
import type { OperationsHooks } from '../features/operations/hooks.ts';

export interface Served {
  server: RunningProxy;
  /** Who may do what (the demo's seeding and the watcher tell it when connections change). */
  access: ProxyApp['access'];
  /** The embedded demo provider's issuer, when it runs. */
  embeddedIssuer: string | undefined;
  /** Organisation sign-in's client, where configured (start-up checks it). */
  organisation: OrganisationSignIn | undefined;
}

/** Listens, then builds the app; a port taken is said as a person can act on it. */
export async function serve(
  resources: Resources,
  watch: WatchRequests,
  operations: OperationsHooks,
): Promise<Served> {
  const { config, database, store, log } = resources;
  const built = Promise.withResolvers<Omit<Served, 'server'>>();
  try {
    const server = await listen(
      (address, port) => {
        const { app, embeddedIssuer, mounts, organisation } = buildApp(
          resources,
          watch,
          operations,
          address,
          port,
        );
        built.resolve({ access: app.access, embeddedIssuer, organisation });
        return { ...app, mounts };
      },
      store,
      {
        host: config.host,
        port: config.port,
        trustedProxies: config.trustedProxies,
        logger: log,
        maxConnections: config.maxConnections,
      },
    );
    return { server, ...(await built.promise) };
  } catch (error) {
    await database.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      refuseToStart(
        `Port ${config.port} on ${config.host} is taken by another program. Choose another: PORT=${config.port + 1} npm start (or npm start -- --port ${config.port + 1}).`,
      );
    throw error;
  }
}

function buildApp(
  resources: Resources,
  watch: WatchRequests,
  operations: OperationsHooks,
  address: string,
  port: number,
) {
  const { config, demo, log } = resources;
  const hosts = allowedHostsFor(config, address);
  const embedded = config.people.embeddedOidc ? embeddedOidc(hosts, port, config.publicOrigin) : undefined;
  const organisation: OrganisationSignIn | undefined =
    embedded?.organisation ??
    (config.people.oidc
      ? createOidcClient({ ...config.people.oidc, signingKey: () => resources.signingKeys.privateKey() })
      : undefined);
  const upstreams = config.environments.filter((environment) => environment.id !== 'demo');
  const transports = Object.fromEntries(
    upstreams.map((environment) => [environment.id, resources.pool.transport]),
  );
  const app = createProxyApp({
    operations,
    environments: config.environments,
    store: resources.store,
    audit: resources.audit,
    auditRetentionDays: config.auditRetentionDays,
    encryptionKey: config.encryptionKey,
    transports: demo ? { ...transports, demo: demo.world.fetch } : transports,
    ...(demo && {
      simulatorControl: demo.world.fetch,
      simulatorControlToken: demo.controlToken,
      demoLimits: config.demo,
      demoQuota: demo.world.quota,
    }),
    publicOrigin: config.publicOrigin,
    allowedHosts: hosts,
    idleTimeoutMs: config.idleTimeoutMs,
    absoluteTimeoutMs: config.absoluteTimeoutMs,
    maxAnswerBytes: config.maxAnswerBytes,
    maxRequestsPerSession: config.maxRequestsPerSession,
    cutConnection,
    logger: log,
    requestLogger: requestLineLogger(log),
    site: resources.site.site,
    ...(resources.site.renderOverview && { renderOverview: resources.site.renderOverview }),
    ...(config.screenRender && resources.site.renderScreen && { renderScreen: resources.site.renderScreen }),
    directory: resources.directory,
    alerts: createAlertInbox(resources.database.db),
    organisation,
    ...(config.people.oidc && { signingKeys: resources.signingKeys }),
    people: config.people.policy,
    clientCredentialsLogin: config.people.clientCredentialsLogin,
    webhooks: resources.webhooks,
    demoMail: resources.alertChannels.catcher,
    webhookAllowedHosts: config.mail.webhookAllowedHosts,
    ...(config.watch.enabled && { watch }),
    watchReads: createWatchReads(resources.database.db),
  });
  const mounts: NodeMount[] = embedded ? [embedded.mount] : [];
  return { app, embeddedIssuer: embedded?.issuer, mounts, organisation };
}
