// Starts the proxy over real HTTP (the Node host) for tests, in front of a fake upstream or the
// simulator, with a fake clock, a captured log and a tiny cookie-aware client.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import { createProxyApp } from '../app.ts';
import type { ProxyApp, ProxyOptions } from '../app.ts';
import type { EnvironmentConfig } from '../core/upstream/environments.ts';
import { createLogger } from '../core/log/logger.ts';
import { cutConnection, listen } from '../core/http/server.ts';
import { sessionCookieName } from '../core/sessions/carrier.ts';
import { createMemoryStore } from '../core/sessions/store.ts';
import { canary, startFakeUpstream, type FakeUpstream } from './fake-upstream.ts';

export interface Harness {
  url: string;
  /** The proxy's session manager (what this instance holds in memory). */
  sessions: ProxyApp['sessions'];
  /** The audit log the proxy writes (memory unless the test gave one). */
  audit: ProxyApp['audit'];
  /** The child list's index (docs/decisions/0024). */
  centreIndex: ProxyApp['centreIndex'];
  logLines: string[];
  clock: { now: number; advance(ms: number): void };
  /** Every response body and header the tests received, for the canary checks. */
  seen: string[];
  request(path: string, init?: RequestInit & { session?: string; csrf?: boolean }): Promise<Response>;
  login(
    body?: Record<string, unknown>,
    session?: string,
  ): Promise<{ response: Response; session: string | undefined }>;
  close(): Promise<void>;
}

export const consoleHeader = { 'x-requested-with': 'provider-console' };

export async function startProxy(
  upstreamUrl: string | undefined,
  overrides: Partial<ProxyOptions> & { trustedProxies?: string[]; maxConnections?: number } = {},
): Promise<Harness> {
  const clock = {
    now: Date.parse('2026-11-23T08:00:00Z'),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const logLines: string[] = [];
  const seen: string[] = [];
  const environments: EnvironmentConfig[] = upstreamUrl
    ? [{ id: 'qa', baseUrl: upstreamUrl, templatesPrefix: '' }]
    : [{ id: 'demo', templatesPrefix: '' }];
  const store = overrides.store ?? createMemoryStore({ now: () => clock.now });
  const { trustedProxies, maxConnections, ...options } = overrides;
  const logger = createLogger({ write: (line: string) => void logLines.push(line) });
  const proxy = createProxyApp({
    environments,
    store,
    encryptionKey: randomBytes(32),
    now: () => clock.now,
    logger,
    tokenTimeoutMs: 1_000,
    apiTimeoutMs: 1_000,
    cutConnection,
    ...options,
  });
  const running = await listen(proxy, store, {
    host: '127.0.0.1',
    port: 0,
    trustedProxies,
    logger,
    ...(maxConnections === undefined ? {} : { maxConnections }),
  });
  const request: Harness['request'] = async (path, init = {}) => {
    const { session, csrf = true, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (csrf && !headers.has('x-requested-with')) headers.set('x-requested-with', 'provider-console');
    if (session !== undefined) headers.set('cookie', `${sessionCookieName}=${session}`);
    const response = await fetch(`${running.url}${path}`, { ...rest, headers, redirect: 'manual' });
    const text = await response.clone().text();
    seen.push(`${response.status} ${JSON.stringify([...response.headers])} ${text}`);
    return response;
  };
  const environment = (overrides.environments ?? environments)[0]?.id;
  return {
    url: running.url,
    sessions: proxy.sessions,
    audit: proxy.audit,
    centreIndex: proxy.centreIndex,
    logLines,
    clock,
    seen,
    request,
    async login(body = {}, session) {
      const response = await request('/auth/login', {
        method: 'POST',
        session,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          environment,
          providerId: 100,
          clientId: 'canary-client',
          clientSecret: 'CANARY-SECRET-9f1c2e7a4b',
          ...body,
        }),
      });
      return { response, session: sessionFrom(response) };
    },
    close: () => running.close(),
  };
}

/** The session id a response sets, if any (undefined when it clears the cookie). */
export function sessionFrom(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const match = new RegExp(`^${sessionCookieName}=([^;]*)`).exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** Runs `step` for 0…count-1 one after the other (each waits for the previous one). */
export async function sequentially(count: number, step: (index: number) => Promise<unknown>): Promise<void> {
  await Array.from({ length: count }, (_, index) => index).reduce<Promise<unknown>>(
    (previous, index) => previous.then(() => step(index)),
    Promise.resolve(),
  );
}

/** Throws when a canary value appears in any text the tests saw (responses, log lines). */
export function assertNoCanary(texts: string[], canaries: string[]): void {
  const all = texts.join('\n');
  const leaked = canaries.filter((value) => all.includes(value));
  if (leaked.length > 0) throw new Error(`canary values leaked: ${leaked.join(', ')}`);
}

/**
 * A JWT's shape: a base64url JSON header (`{"` encodes as `eyJ`), then two more dot-separated
 * segments. The shape, not the bare prefix: a random session id or OIDC state holds `eyJ` by
 * chance about once in a hundred runs, which once failed CI.
 */
const jwtShape = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;

/** Throws when any text the tests saw (responses, log lines) holds a JWT. */
export function assertNoJwt(texts: string[]): void {
  const found = texts.map((text) => jwtShape.exec(text)?.[0]).find((match) => match !== undefined);
  if (found !== undefined) throw new Error(`a JWT leaked: ${found.slice(0, 12)}…`);
}

export interface SignedIn {
  upstream: FakeUpstream;
  proxy: Harness;
  session: string | undefined;
}

/**
 * Before each test of the file: a fake upstream, a proxy in front of it and a session signed in
 * there, in the object answered (and handed to `use`); after it, no canary value may appear in
 * anything the test saw.
 */
export function signedInEachTest(use?: (current: SignedIn) => void): SignedIn {
  const current = {} as SignedIn;
  beforeEach(async () => {
    current.upstream = await startFakeUpstream();
    current.proxy = await startProxy(current.upstream.url);
    current.session = (await current.proxy.login()).session;
    use?.(current);
  });
  afterEach(async () => {
    const { proxy, upstream } = current;
    const texts = [...proxy.seen, ...proxy.logLines];
    await proxy.close();
    await upstream.close();
    assertNoCanary(texts, [canary.secret, canary.tokenPrefix]);
  });
  return current;
}
