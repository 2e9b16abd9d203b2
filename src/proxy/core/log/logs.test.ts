import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createLogger } from './logger.ts';
import { canary, json, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { assertNoCanary, startProxy, type Harness } from '../../testing/harness.ts';
import { callUpstream } from '../upstream/upstream.ts';

let upstream: FakeUpstream;
let proxy: Harness;
beforeEach(async () => {
  upstream = await startFakeUpstream();
  proxy = await startProxy(upstream.url);
});
afterEach(async () => {
  await proxy.close();
  await upstream.close();
});

/** Sends raw bytes, answers the raw response. */
function raw(text: string): Promise<string> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(text));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
  });
}

type Line = Record<string, unknown>;
const lines = () => proxy.logLines.map((line) => JSON.parse(line) as Line);

test('one log line per request: method, route pattern, status, ms and request id, never the query', async () => {
  const { session } = await proxy.login();
  await proxy.request('/api/core/v1/provider/100/child?search=Dr%20Private', { session });
  const request = lines().filter((line) => line.event === 'request');
  expect(request.map((line) => [line.method, line.route, line.status])).toEqual([
    ['POST', '/auth/login', 200],
    ['GET', '/api/*', 200],
  ]);
  expect(request[1]).toMatchObject({ operation: 'listChildCenters', level: 'info' });
  for (const line of request) {
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof line.ms).toBe('number');
  }
  expect(proxy.logLines.join('\n')).not.toContain('Private');
});

test.each([
  ['a request target with a backslash', 'GET /\\evil HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400],
  ['a bad Host header', 'GET / HTTP/1.1\r\nHost: a b\r\n\r\n', 400],
  ['no Host header', 'GET / HTTP/1.1\r\n\r\n', 400],
  ['a malformed request line', 'GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400],
  [
    'headers over the limit',
    `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    431,
  ],
])(
  'Node’s own refusal of %s carries the security headers, a request id and a log line',
  async (_, text, status) => {
    const answer = await raw(text);
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const requestId = /\r\nx-request-id: ([0-9a-f-]{36})\r\n/.exec(answer)?.[1];
    expect(requestId).toBeDefined();
    expect(answer).toContain('\r\ncontent-security-policy: ');
    expect(answer).toContain('\r\nx-content-type-options: nosniff\r\n');
    expect(answer).toContain('\r\ncontent-type: application/problem+json\r\n');
    expect(lines()).toContainEqual(expect.objectContaining({ event: 'request', requestId, status }));
  },
);

test('pino redacts anything logged under a credential’s name', () => {
  const out: string[] = [];
  const log = createLogger({ write: (line: string) => void out.push(line) });
  log.info(
    {
      event: 'test',
      authorization: 'Bearer LEAK-1',
      cookie: 'session=LEAK-2',
      clientSecret: 'LEAK-3',
      request: { secret: 'LEAK-4', access_token: 'LEAK-5', headers: { authorization: 'LEAK-6' } },
    },
    'test',
  );
  const text = out.join('');
  expect(text).not.toMatch(/LEAK-/);
  expect(JSON.parse(text)).toMatchObject({ authorization: '[redacted]', clientSecret: '[redacted]' });
});

describe('log lines carry codes, never an error’s text (docs/decisions/0020)', () => {
  test('a renewed token the upstream sends with CR/LF never reaches a log line: the failure is a reason code', async () => {
    const { session } = await proxy.login();
    // The session's token expires; the upstream then hands out one that would break a header.
    upstream.validTokens.clear();
    const tainted = `${canary.tokenPrefix}-x\r\nX-Injected: ${canary.tokenPrefix}-y`;
    upstream.answer(undefined, (_, response) =>
      json(response, 200, { access_token: tainted, token_type: 'Bearer' }),
    );
    const answer = await proxy.request('/api/core/v1/provider/100/child', { session });
    expect(answer.status).toBe(502);
    expect(lines()).toContainEqual(
      expect.objectContaining({ event: 'token_renewal_failed', level: 'warn', reason: 'unexpected_body' }),
    );
    assertNoCanary(proxy.logLines, [tainted.slice(-30), 'X-Injected']);
    // A fresh login meets the same token: refused the same way.
    expect((await proxy.login()).response.status).toBe(502);
    assertNoCanary(proxy.logLines, [tainted.slice(-30), 'X-Injected']);
  });

  test('a header no request can carry is never sent, and its failure names only a code and a class', async () => {
    let sent = 0;
    const outcome = await callUpstream(
      () => {
        sent += 1;
        return Promise.resolve(new Response('{}'));
      },
      'http://upstream.test/x',
      { method: 'GET', headers: { authorization: `Bearer ${canary.tokenPrefix}\r\nX-Injected: 1` } },
      1_000,
    );
    expect(sent).toBe(0);
    expect(outcome).toEqual({ kind: 'unreachable', reason: 'request_not_built', errorClass: 'TypeError' });
  });

  test('an unreachable upstream is logged with a reason code, the error class and its system code', async () => {
    const closed = await startFakeUpstream();
    const gone = closed.url;
    await closed.close();
    const local = await startProxy(gone);
    const { response } = await local.login();
    expect(response.status).toBe(502);
    const failed = local.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.event === 'login_failed');
    expect(failed).toMatchObject({
      reason: 'connection_failed',
      errorClass: 'TypeError',
      code: 'ECONNREFUSED',
    });
    expect(Object.values(failed ?? {}).join(' ')).not.toMatch(/fetch failed|connect ECONNREFUSED/);
    await local.close();
  });
});
