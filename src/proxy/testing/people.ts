// A proxy with people, for the tests of organisation sign-in and roles (docs/decisions/0023): the
// real app over HTTP, its directory on a real PostgreSQL, the embedded OpenID provider mounted at
// /oidc as `npm start` mounts it, the simulator as the demo upstream (and any other environment a
// test gives), the demo's connections and people registered. `signIn` drives the whole code flow
// as a browser would.
import type Provider from 'oidc-provider';
import { createAlertInbox } from '../features/alerts/inbox.ts';
import { randomBytes } from 'node:crypto';
import { createWatchReads } from '../features/watch/reads.ts';
import { createProxyApp, type ProxyApp, type ProxyOptions } from '../app.ts';
import { createSqlAuditStore } from '../features/audit/repository.ts';
import { openStore, type Store } from '../core/store/engine.ts';
import { createSqlDirectory } from '../features/people/repository.ts';
import { createWebhookStore, type WebhookStore } from '../features/connections/webhook-repository.ts';
import { demoPeople, seedDemo } from '../features/demo/people.ts';
import { createEmbeddedProvider, embeddedPrefix } from '../features/demo/embedded-provider.ts';
import { createOidcClient } from '../features/sign-in/oidc-client.ts';
import { createSigningKeys, type SigningKeys } from '../features/sign-in/signing-key.ts';
import { createLogger } from '../core/log/logger.ts';
import type { Directory } from '../features/people/directory.ts';
import { noPeoplePolicy } from '../features/people/policy.ts';
import type { OrganisationSignIn } from '../features/sign-in/organisation.ts';
import { createSecretBox } from '../core/store/secret-box.ts';
import { listen, type RunningProxy } from '../core/http/server.ts';
import { sessionCookieName } from '../core/sessions/carrier.ts';
import { createMemoryStore } from '../core/sessions/store.ts';
import { createSimulator } from '../../simulator/index.ts';
import { TestBrowser } from './browser.ts';
import { PEOPLE_PATHS } from '../../proxy-api/sign-in.ts';

export interface PeopleProxy {
  url: string;
  issuer: string;
  app: ProxyApp;
  /** The embedded provider itself (to send a back-channel logout as it does). */
  provider(): Promise<Provider>;
  database: Store;
  directory: Directory;
  webhooks: WebhookStore;
  logLines: string[];
  /** Every answer the test's own requests received (signIn's browsers keep theirs). */
  seen: string[];
  /** Signs in through the embedded provider as a demo person (subject) or a typed address. */
  signIn(
    who: string,
    browser?: TestBrowser,
  ): Promise<{ browser: TestBrowser; session: string | undefined; landed: string }>;
  request(path: string, init?: RequestInit & { session?: string | undefined }): Promise<Response>;
  close(): Promise<void>;
}

export interface PeopleProxyOptions extends Partial<ProxyOptions> {
  databaseUrl: string;
  /** The deployment key (default: random per proxy; two proxies sharing a database share it). */
  dataKey?: Uint8Array;
  /** Register the demo parents' connections (default true) and people (default true). */
  seedConnections?: boolean;
  seedPeople?: boolean;
  /** Extra ID-token claims per subject (a roles claim). */
  extraClaims?: (subject: string) => Record<string, unknown>;
  /**
   * Replaces the proxy's OpenID client (an issuer that is down, a strict provider of the test's
   * own, told the proxy's `origin` before its first request).
   */
  organisationOf?: (
    embedded: OrganisationSignIn,
    origin: string,
    signingKeys: SigningKeys,
  ) => OrganisationSignIn;
  /** Whether the provider offers RP-initiated logout (default true). */
  endSession?: boolean;
}

export async function startPeopleProxy(options: PeopleProxyOptions): Promise<PeopleProxy> {
  const {
    databaseUrl,
    dataKey,
    seedConnections = true,
    seedPeople = true,
    extraClaims,
    organisationOf,
    endSession,
    ...overrides
  } = options;
  const database = await openStore({ databaseUrl, dataDir: '' });
  const dataBox = createSecretBox(dataKey ?? randomBytes(32));
  const directory = createSqlDirectory(database.db, dataBox);
  const webhooks = createWebhookStore(database.db, dataBox);
  const signingKeys = createSigningKeys(database.db, dataBox);
  const logLines: string[] = [];
  const seen: string[] = [];
  const logger = createLogger({ write: (line: string) => void logLines.push(line) });
  const store = overrides.store ?? createMemoryStore();
  const simulator = createSimulator({ seed: 'demo' });
  const demo = (request: Request) => simulator.fetch(request);
  let app: ProxyApp | undefined;
  let issuer = '';
  let provider: PeopleProxy['provider'] | undefined;
  const running: RunningProxy = await listen(
    (address, port) => {
      const origin = `http://${address}:${port}`;
      issuer = `${origin}${embeddedPrefix}`;
      const client = {
        clientId: 'provider-console',
        clientSecret: randomBytes(24).toString('base64url'),
        redirectUris: [`${origin}/auth/organisation/callback`],
        postLogoutRedirectUris: [`${origin}${PEOPLE_PATHS.organisationSignedOut}`],
        backchannelLogoutUri: `${origin}${PEOPLE_PATHS.organisationBackchannelLogout}`,
      };
      const handle = createEmbeddedProvider({
        issuer,
        client,
        people: demoPeople,
        allowedHosts: [address],
        ...(extraClaims ? { extraClaims } : {}),
        ...(endSession === undefined ? {} : { endSession }),
      });
      provider = handle.provider;
      const embedded = createOidcClient({
        issuerUrl: issuer,
        ...client,
        scopes: 'openid profile email roles',
      });
      app = createProxyApp({
        environments: [{ id: 'demo', templatesPrefix: '' }],
        transports: { demo },
        simulatorControl: demo,
        encryptionKey: randomBytes(32),
        logger,
        audit: createSqlAuditStore(database.db, database.ping),
        directory,
        webhooks,
        alerts: createAlertInbox(database.db),
        organisation: organisationOf ? organisationOf(embedded, origin, signingKeys) : embedded,
        signingKeys,
        people: noPeoplePolicy,
        allowedHosts: [address, 'localhost'],
        watchReads: createWatchReads(database.db),
        ...overrides,
        store,
      });
      return { ...app, mounts: [{ prefix: embeddedPrefix, handle }] };
    },
    store,
    { host: '127.0.0.1', port: 0, logger },
  );
  if (!app) throw new Error('the proxy did not start');
  const proxy = app;
  if (seedConnections)
    await seedDemo(directory, proxy.access, { issuer, people: seedPeople, at: Date.now() });
  const url = running.url;

  const request: PeopleProxy['request'] = async (path, init = {}) => {
    const { session, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has('x-requested-with')) headers.set('x-requested-with', 'provider-console');
    if (session !== undefined) headers.set('cookie', `${sessionCookieName}=${session}`);
    const response = await fetch(`${url}${path}`, { ...rest, headers, redirect: 'manual' });
    seen.push(
      `${response.status} ${path} ${JSON.stringify([...response.headers])} ${await response.clone().text()}`,
    );
    return response;
  };

  return {
    url,
    issuer,
    provider: () => provider?.() ?? Promise.reject(new Error('the proxy did not start')),
    app: proxy,
    database,
    directory,
    webhooks,
    logLines,
    seen,
    request,
    async signIn(who, browser = new TestBrowser()) {
      const started = await browser.navigate(`${url}/auth/organisation/start?returnTo=/centres`);
      const page = await started.response.text();
      const action = /action="([^"]+\/login)"/.exec(page)?.[1];
      if (!action)
        return {
          browser,
          session: browser.cookie(new URL(url).host, sessionCookieName),
          landed: started.url,
        };
      const fields: Record<string, string> = who.includes('@') ? { email: who } : { account: who };
      // The provider's own page: its form posts to the provider's origin, which may be another.
      const done = await browser.submit(new URL(action, started.url).href, fields);
      return { browser, session: browser.cookie(new URL(url).host, sessionCookieName), landed: done.url };
    },
    async close() {
      await running.close(0);
      await database.close();
    },
  };
}

/** The `signIn` problem a landing URL carries (`/login?signIn=…`), if any. */
export const problemOf = (landed: string) => new URL(landed).searchParams.get('signIn') ?? undefined;
