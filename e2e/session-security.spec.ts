// Canary values used as client secret and token appear in no response, no
// browser storage and no built file, and the browser holds the session cookie with exactly the
// safe attributes. The proxy runs as its own process here, in front of a small fake upstream that
// issues the canary token, so the canaries are known exactly.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CONSOLE_HEADERS } from '../src/proxy-api/console.ts';
import { copyDataDir, embeddedEngineFlags } from '../scripts/data-dir.ts';
import { listeningUrl } from '../scripts/proxy-output.ts';

const root = path.resolve(import.meta.dirname, '..');
const canarySecret = `E2E-CANARY-SECRET-${randomBytes(6).toString('hex')}`;
const canaryToken = `E2E-CANARY-TOKEN-${randomBytes(6).toString('hex')}`;

let upstream: http.Server;
let proxy: ChildProcess;
let data: ReturnType<typeof copyDataDir>;
let proxyUrl = '';
let proxyOutput = '';

test.beforeAll(async () => {
  data = copyDataDir();
  upstream = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      if (request.url === '/api/iam/integration/token') {
        const form = new URLSearchParams(body);
        if (form.get('client_id') === 'e2e-client' && form.get('client_secret') === canarySecret)
          send(response, 200, { access_token: canaryToken, token_type: 'Bearer' });
        else send(response, 401, { error: 'invalid_client' });
      } else if (request.headers.authorization === `Bearer ${canaryToken}`) {
        send(response, 200, {
          success: true,
          code: 200,
          response: { data: [], meta: { total: 0, offset: 0, limit: 0 } },
        });
      } else send(response, 401, { success: false, code: 401, message: 'invalid token' });
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  proxy = spawn(process.execPath, [...embeddedEngineFlags, path.join(root, 'src/proxy/main.ts')], {
    env: {
      // Its embedded database in a folder of its own (docs/decisions/0018).
      DATA_DIR: data.dir,
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      UPSTREAM_QA_URL: `http://127.0.0.1:${port}`,
      SESSION_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      DIST_DIR: path.join(root, 'dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const hear = listeningUrl();
  proxyUrl = await new Promise<string>((resolve, reject) => {
    proxy.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      proxyOutput += text;
      const url = hear(text);
      if (url) resolve(url);
    });
    proxy.once('exit', () => reject(new Error(`the proxy exited:\n${proxyOutput}`)));
  });
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => proxy.once('exit', resolve));
  proxy.kill('SIGTERM');
  await exited;
  data.remove();
  await new Promise((resolve) => upstream.close(resolve));
});

function send(response: http.ServerResponse, status: number, value: unknown) {
  // An upstream cookie too: it must never reach the browser.
  response.writeHead(status, { 'content-type': 'application/json', 'set-cookie': 'upstream=1' });
  response.end(JSON.stringify(value));
}

function builtFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? builtFiles(full) : [full];
  });
}

async function browserStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page: it must be self-contained
    const dump = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => {
        const key = storage.key(i) ?? '';
        return `${key}=${storage.getItem(key) ?? ''}`;
      });
    const databases = await indexedDB.databases();
    return JSON.stringify({
      local: dump(localStorage),
      session: dump(sessionStorage),
      cookie: document.cookie,
      databases: databases.map((database) => database.name),
      caches: await caches.keys(),
    });
  });
}

test('after a login the secret and the token are in no response, browser storage, log line or built file', async ({
  page,
  context,
}) => {
  // Every response the page receives, headers and body, as the browser's network layer saw it.
  const captured: Promise<string>[] = [];
  page.on('response', (response) => {
    captured.push(
      Promise.all([response.allHeaders(), response.text().catch(() => '')]).then(
        ([headers, body]) => `${response.url()} ${JSON.stringify(headers)}\n${body}`,
      ),
    );
  });
  await page.goto(proxyUrl);
  await expect(page.locator('#root')).not.toBeEmpty();
  const results = await page.evaluate(
    async ({ secret, consoleHeaders }) => {
      const headers = { ...consoleHeaders, 'content-type': 'application/json' };
      const login = await fetch('/auth/login', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          environment: 'qa',
          providerId: 100,
          clientId: 'e2e-client',
          clientSecret: secret,
        }),
      });
      const children = await fetch('/api/core/v1/provider/100/child', { headers });
      const session = await fetch('/auth/session', { headers });
      const responses = [login, children, session];
      // Read the bodies as the console would (and so that the network layer keeps them).
      const bodies = await Promise.all(responses.map((response) => response.text()));
      return { statuses: responses.map((response) => response.status), bodies };
    },
    { secret: canarySecret, consoleHeaders: CONSOLE_HEADERS },
  );
  expect(results.statuses).toEqual([200, 200, 200]);
  const seen = [...(await Promise.all(captured)), ...results.bodies];

  const cookies = await context.cookies(proxyUrl);
  expect(cookies.map((cookie) => cookie.name).toSorted()).toEqual([
    '__Host-provider-console-session',
    // The person's language and time zone, for the pages the proxy renders: no secret in either.
    'provider-console-language',
    'provider-console-time-zone',
  ]);
  const sessionCookie = cookies.find((cookie) => cookie.name === '__Host-provider-console-session');
  expect(sessionCookie).toEqual(
    expect.objectContaining({
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    }),
  );
  expect(sessionCookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The console's other cookie is the browser's time zone, for the overview the proxy renders
  // (docs/decisions/0025): a zone's name, nothing the session could be read from.
  expect(cookies.find((cookie) => cookie.name === 'provider-console-time-zone')?.value).toMatch(
    /^[A-Za-z0-9_%+-]{1,64}$/,
  );

  // Log lines are written in batches (docs/decisions/0017): the login's is there within 250 ms.
  await expect.poll(() => proxyOutput).toContain('"event":"login_succeeded"');
  const storage = await browserStorage(page);
  const dist = builtFiles(path.join(root, 'dist')).map((file) => readFileSync(file, 'latin1'));
  const places = {
    responses: seen.join('\n'),
    storage,
    cookies: JSON.stringify(cookies),
    logs: proxyOutput,
    dist: dist.join('\n'),
  };
  const leaks = Object.entries(places).flatMap(([place, text]) =>
    [canarySecret, canaryToken]
      .filter((canary) => text.includes(canary))
      .map((canary) => `${canary} in ${place}`),
  );
  expect(leaks).toEqual([]);
  // The session itself is readable by no script.
  expect(storage).not.toContain(sessionCookie?.value ?? 'no cookie');
  expect(places.responses.length).toBeGreaterThan(1000);
});
