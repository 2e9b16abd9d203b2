import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sessionCookieName } from './session-carrier.ts';
import { canary, json, startFakeUpstream } from './testing/fake-upstream.ts';
import type { FakeUpstream } from './testing/fake-upstream.ts';
import { sessionFrom } from './testing/harness.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});

test('on SIGTERM the proxy finishes the request in flight, then exits 0; its JSON logs hold no secret', async () => {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts')], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      UPSTREAM_QA_URL: upstream.url,
      SESSION_ENCRYPTION_KEY: 'b'.repeat(64),
      DIST_DIR: path.join(import.meta.dirname, 'no-such-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /"event":"listening","url":"([^"]+)"/.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', () => reject(new Error(`exited early:\n${stdout}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await listening;
  const headers = { 'x-requested-with': 'provider-console', 'content-type': 'application/json' };
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      environment: 'qa',
      providerId: 100,
      clientId: canary.clientId,
      clientSecret: canary.secret,
    }),
  });
  expect(login.status).toBe(200);
  const session = sessionFrom(login);

  upstream.answer((_, response) => {
    setTimeout(() => json(response, 200, { success: true, code: 200, response: { slow: true } }), 400);
  });
  const inFlight = fetch(`${url}/api/core/v1/provider/100/child`, {
    headers: { ...headers, cookie: `${sessionCookieName}=${session}` },
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  child.kill('SIGTERM');
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ response: { slow: true } });
  expect(await exited).toBe(0);

  const lines = stdout.trim().split('\n');
  const events = lines.map((line) => (JSON.parse(line) as { event: string }).event);
  expect(events).toEqual(expect.arrayContaining(['listening', 'login_succeeded', 'stopping', 'stopped']));
  expect(stdout).not.toContain(canary.secret);
  expect(stdout).not.toContain(canary.tokenPrefix);
  expect(stdout).not.toContain(session);
});
