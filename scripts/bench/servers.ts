// The processes `npm run bench` measures, each started as a user would start it: the standalone
// simulator with a generated world (`--centres N --doctors M`) as the QA environment's upstream,
// and the token proxy in front of it serving the built console (the demo environment on too, so
// that the login page is the one `npm start` shows). Ports 8890–8899 (docs/decisions/0017).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TestBrowser } from '../../src/proxy/testing/browser.ts';
import { sessionCookieName } from '../../src/proxy/core/sessions/carrier.ts';
import { copyDataDir, embeddedEngineFlags } from '../data-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface Started {
  url: string;
  pid: number;
  /** User + system CPU time the process has used, in µs (Linux /proc). */
  cpuMicros(): number;
  stop(): Promise<void>;
}

const ticksPerSecond = 100;

/** A process's user + system CPU time so far, in µs (Linux /proc). */
export function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      // oxlint-disable-next-line no-await-in-loop -- polling until it answers
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    // oxlint-disable-next-line no-await-in-loop -- as above
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function start(args: string[], env: Record<string, string>, probe: string, url: string): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    // Logs (one JSON line per request) go nowhere: writing them is part of the proxy's cost, reading
    // them is not part of the bench's.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${args.join(' ')}`);
  return waitFor(probe, child).then(() => ({
    url,
    pid,
    cpuMicros: () => cpuOf(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  }));
}

/**
 * The floor's reference (issue 24, item 3): a minimal undici forwarder to `upstreamUrl` with a fixed
 * token, answering `/api/…` like the proxy does (undici-forwarder.ts).
 */
export function startForwarder(port: number, upstreamUrl: string, token: string): Promise<Started> {
  const url = `http://127.0.0.1:${port}`;
  return start(
    [
      'scripts/bench/undici-forwarder.ts',
      '--port',
      String(port),
      '--upstream',
      upstreamUrl,
      '--token',
      token,
    ],
    {},
    `${url}/healthz`,
    url,
  );
}

/**
 * `npm start` itself (scripts/start.ts) with the watcher on and `args` (a generated demo world), its
 * embedded database in a folder of its own: the demo people's connections are the demo parent's.
 */
export async function startDemo(port: number, args: string[]): Promise<Started> {
  const url = `http://127.0.0.1:${port}`;
  const data = copyDataDir();
  const started = await start(
    [...embeddedEngineFlags, 'scripts/start.ts', '--port', String(port), ...args],
    { DATA_DIR: data.dir, WATCH: 'true' },
    `${url}/healthz`,
    url,
  );
  return { ...started, stop: () => started.stop().finally(() => data.remove()) };
}

/** The standalone simulator with N centres × M doctors under the demo parent (D12 logins). */
export function startSimulator(port: number, centres: number, doctors: number): Promise<Started> {
  const url = `http://127.0.0.1:${port}`;
  return start(
    [
      'src/simulator/hosts/node/server.ts',
      '--port',
      String(port),
      '--centres',
      String(centres),
      '--doctors',
      String(doctors),
      '--quiet',
    ],
    {},
    `${url}/__sim/state`,
    url,
  );
}

/**
 * The token proxy (`node src/proxy/main.ts`) serving dist/, with the simulator as QA and its
 * embedded database (as `npm start` runs it) in a folder of its own.
 */
export async function startProxy(
  port: number,
  upstreamUrl: string,
  extra: { env?: Record<string, string>; nodeFlags?: string[] } = {},
): Promise<Started> {
  const url = `http://127.0.0.1:${port}`;
  const data = copyDataDir();
  const started = await start(
    [...embeddedEngineFlags, ...(extra.nodeFlags ?? []), 'src/proxy/main.ts'],
    {
      DATA_DIR: data.dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      UPSTREAM_QA_URL: upstreamUrl,
      DEMO: 'true',
      SESSION_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      // The watcher's refresh of the demo world would run on the proxy's thread during the loads;
      // its own cost is `npm run bench:watch`'s figure (docs/decisions/0025).
      WATCH: 'false',
      ...extra.env,
    },
    `${url}/healthz`,
    url,
  );
  return { ...started, stop: () => started.stop().finally(() => data.remove()) };
}

export const consoleHeader = { 'x-requested-with': 'provider-console' };

/** Signs in to the proxy as the demo parent on QA; the session cookie. */
export async function signIn(proxyUrl: string): Promise<string> {
  const response = await fetch(`${proxyUrl}/auth/login`, {
    method: 'POST',
    headers: { ...consoleHeader, 'content-type': 'application/json' },
    body: JSON.stringify({
      environment: 'qa',
      providerId: 100,
      clientId: 'demo-parent',
      clientSecret: 'demo-parent-secret',
    }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

/**
 * Signs in to the proxy as a demo person (`demo-ana`, …) through its embedded OpenID provider
 * (docs/decisions/0023), as the browser would: the session cookie.
 */
export async function signInPerson(proxyUrl: string, subject: string): Promise<string> {
  const browser = new TestBrowser();
  const started = await browser.navigate(`${proxyUrl}/auth/organisation/start?returnTo=/overview`);
  const action = /action="([^"]+\/login)"/.exec(await started.response.text())?.[1];
  if (!action) throw new Error('the embedded provider showed no sign-in form');
  await browser.submit(new URL(action, proxyUrl).href, { account: subject });
  const session = browser.cookie(new URL(proxyUrl).host, sessionCookieName);
  if (!session)
    throw new Error(`${subject} could not sign in; the last answer: ${browser.seen.at(-1)?.slice(0, 300)}`);
  return `${sessionCookieName}=${session}`;
}

/** A token straight from the simulator (spec 4.1), for the direct reference. */
export async function upstreamToken(simulatorUrl: string): Promise<string> {
  const response = await fetch(`${simulatorUrl}/api/iam/integration/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo-parent&client_secret=demo-parent-secret',
  });
  const body = (await response.json()) as { access_token?: unknown };
  if (typeof body.access_token !== 'string') throw new Error('the simulator gave no token');
  return body.access_token;
}

/** The first centre of the signed-in parent (bench.ts, parts.ts: a centre's tabs). */
export async function firstCentreOf(proxyUrl: string, cookie: string): Promise<{ id: number; name: string }> {
  const response = await fetch(`${proxyUrl}/api/core/v1/provider/100/child?limit=1`, {
    headers: { cookie, 'x-requested-with': 'provider-console' },
  });
  const body = (await response.json()) as { response?: { data?: { id?: unknown; name?: unknown }[] } };
  const { id, name } = body.response?.data?.[0] ?? {};
  if (typeof id !== 'number' || typeof name !== 'string')
    throw new Error('the generated world has no centre');
  return { id, name };
}
