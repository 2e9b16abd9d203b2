// Bounded connections and concurrency (docs/decisions/0020): a session's requests in flight, the
// connections the proxy accepts, and the connections it opens to an upstream.
import type http from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { sessionCookieName } from '../sessions/carrier.ts';
import { json, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy } from '../../testing/harness.ts';
import { processHeaders, signInOnQa, spawnProxy } from '../../testing/process.ts';

let upstream: FakeUpstream;
/** Lets every held upstream answer go. */
let release: () => void = () => {};

beforeEach(async () => {
  upstream = await startFakeUpstream();
  const gate = Promise.withResolvers<void>();
  release = gate.resolve;
  // Provider 999's child list hangs until released; everything else answers at once.
  upstream.answer(async (request, response) => {
    if (request.url.includes('/provider/999/')) await gate.promise;
    json(response, 200, { success: true, code: 200, response: { url: request.url } });
  });
});
afterEach(async () => {
  release();
  await upstream.close();
});

const hung = '/api/core/v1/provider/999/child';
const served = '/api/core/v1/provider/100/child';

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    // oxlint-disable-next-line no-await-in-loop -- polling
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('one session holds at most MAX_REQUESTS_PER_SESSION requests in flight; past it 429 at once, other sessions unaffected', async () => {
  const proxy = await startProxy(upstream.url, { maxRequestsPerSession: 4, apiTimeoutMs: 20_000 });
  const a = (await proxy.login()).session;
  const b = (await proxy.login()).session;
  const held = Array.from({ length: 4 }, () => proxy.request(hung, { session: a }));
  await until(() => upstream.apiCalls().length === 4);

  const started = performance.now();
  const refused = await proxy.request(hung, { session: a, signal: AbortSignal.timeout(5_000) });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('1');
  expect(await refused.json()).toMatchObject({ code: 'too_many_requests' });
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(upstream.apiCalls()).toHaveLength(4);
  // Another session is served meanwhile.
  expect((await proxy.request(served, { session: b })).status).toBe(200);

  release();
  expect((await Promise.all(held)).map((response) => response.status)).toEqual([200, 200, 200, 200]);
  expect((await proxy.request(served, { session: a })).status).toBe(200);
  await proxy.close();
});

test('an answer passed on as a stream holds its place until it has ended', async () => {
  const proxy = await startProxy(upstream.url, { maxRequestsPerSession: 1, apiTimeoutMs: 20_000 });
  const { session } = await proxy.login();
  const finish = Promise.withResolvers<http.ServerResponse>();
  upstream.answer((_, response) => {
    // Chunked, with no declared length: passed on as a stream (docs/decisions/0017).
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write(`{"response":{"filler":"${'x'.repeat(300_000)}`);
    finish.resolve(response);
  });
  // Read by hand: the harness's client would wait for the whole body before answering.
  const first = await fetch(`${proxy.url}${served}`, {
    headers: { 'x-requested-with': 'provider-console', cookie: `${sessionCookieName}=${session}` },
  });
  expect(first.status).toBe(200);
  // Its headers are in, its body is not: the session still has one request in flight.
  expect((await proxy.request(served, { session })).status).toBe(429);
  (await finish.promise).end('"}}');
  expect((await first.json()) as unknown).toMatchObject({ response: { filler: expect.any(String) } });
  upstream.answer((_, response) => json(response, 200, { success: true }));
  const deadline = Date.now() + 5_000;
  let status = 0;
  while (status !== 200 && Date.now() < deadline)
    // oxlint-disable-next-line no-await-in-loop -- the place is given back as the stream closes
    status = (await proxy.request(served, { session })).status;
  expect(status).toBe(200);
  await proxy.close();
});

test('past MAX_CONNECTIONS a new connection is closed at once; one closing makes room', async () => {
  const proxy = await startProxy(upstream.url, { maxConnections: 2 });
  const { hostname, port } = new URL(proxy.url);
  const open = async (): Promise<Socket> => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    return socket;
  };
  const idle = [await open(), await open()];
  await new Promise((resolve) => setTimeout(resolve, 100));
  const refused = await proxy
    .request('/healthz', {
      csrf: false,
      headers: { connection: 'close' },
      signal: AbortSignal.timeout(5_000),
    })
    .then(
      (response) => response.status,
      (error: unknown) => (error instanceof Error ? error.name : 'failed'),
    );
  expect(refused).toBe('TypeError');
  idle[0]?.destroy();
  let status: number | string = 0;
  const deadline = Date.now() + 5_000;
  while (status !== 200 && Date.now() < deadline)
    // oxlint-disable-next-line no-await-in-loop -- the server counts the closed connection shortly
    status = await proxy.request('/healthz', { csrf: false, headers: { connection: 'close' } }).then(
      (response) => response.status,
      () => 'failed',
    );
  expect(status).toBe(200);
  idle[1]?.destroy();
  await proxy.close();
});

test('at most UPSTREAM_CONNECTIONS connections reach an upstream at once; the other calls wait their turn', async () => {
  const proxy = spawnProxy({
    HOST: '127.0.0.1',
    UPSTREAM_QA_URL: upstream.url,
    SESSION_ENCRYPTION_KEY: 'c'.repeat(64),
    UPSTREAM_CONNECTIONS: '3',
  });
  const url = await proxy.listening;
  const { cookie } = await signInOnQa(url);
  upstream.resetConnections();
  const calls = Array.from({ length: 10 }, () =>
    fetch(`${url}${hung}`, { headers: { ...processHeaders, cookie } }),
  );
  await until(() => upstream.apiCalls().length >= 3);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(upstream.apiCalls()).toHaveLength(3);
  expect(upstream.mostConnections()).toBeLessThanOrEqual(3);
  release();
  expect((await Promise.all(calls)).map((response) => response.status)).toEqual(Array(10).fill(200));
  expect(upstream.mostConnections()).toBeLessThanOrEqual(3);
  proxy.child.kill('SIGTERM');
  await proxy.exited;
});
