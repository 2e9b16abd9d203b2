// Issue 49, item 2: every upstream call is told to the observer once, by the spec's operation
// (never the path, which holds ids) and how it ended, whatever the caller and whatever the transport.
import { expect, test } from 'vitest';
import type { EnvironmentConfig } from './environments.ts';
import { observeCalls, type CallOutcome } from './observed.ts';
import { callUpstream, type FetchLike } from './upstream.ts';

const env = {
  id: 'qa',
  baseUrl: 'https://upstream.example/base',
  templatesPrefix: '',
} satisfies EnvironmentConfig;
const get = { method: 'GET', headers: {} };

function observed(transport: FetchLike) {
  const calls: [string, CallOutcome][] = [];
  const wrapped = observeCalls(transport, env, (operation, outcome, ms) => {
    expect(ms).toBeGreaterThanOrEqual(0);
    calls.push([operation, outcome]);
  });
  return {
    calls,
    call: (path: string, timeoutMs = 1_000) => callUpstream(wrapped, `${env.baseUrl}${path}`, get, timeoutMs),
  };
}

test('answers are told by operation and status class; a path no operation matches is `other`', async () => {
  const statuses: Record<string, number> = {
    '/core/v1/provider/100/child': 200,
    '/iam/v1/provider/4711/credentials': 404,
  };
  const { calls, call } = observed(
    async (request) =>
      new Response('{}', { status: statuses[new URL(request.url).pathname.slice(5)] ?? 503 }),
  );
  await call('/core/v1/provider/100/child');
  await call('/iam/v1/provider/4711/credentials');
  await call('/no/such/4711');
  expect(calls).toEqual([
    ['listChildCenters', 'ok'],
    ['getChildCenterCredentials', 'client_error'],
    ['other', 'server_error'],
  ]);
});

/** A transport that stops on the deadline's abort, and one that ignores it and answers late. */
const stops: FetchLike = (request) =>
  new Promise((_, reject) =>
    request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)),
  );
const late: FetchLike = () => new Promise((resolve) => setTimeout(() => resolve(new Response('{}')), 150));

test('a call past its deadline is a timeout, whether the transport stops on the abort or answers late anyway', async () => {
  const first = observed(stops);
  expect((await first.call('/core/v1/provider/100/child', 50)).kind).toBe('timeout');
  const second = observed(late);
  expect((await second.call('/core/v1/provider/100/child', 50)).kind).toBe('timeout');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect([...first.calls, ...second.calls]).toEqual([
    ['listChildCenters', 'timeout'],
    ['listChildCenters', 'timeout'],
  ]);
});

test('a transport that fails is a network error', async () => {
  const { calls, call } = observed(async () => {
    throw new TypeError('fetch failed');
  });
  expect((await call('/core/v1/provider/100/child')).kind).toBe('unreachable');
  expect(calls).toEqual([['listChildCenters', 'network_error']]);
});
