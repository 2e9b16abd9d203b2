import { afterEach, expect, test } from 'vitest';
import { startProxy } from '../../testing/harness.ts';
import type { Harness } from '../../testing/harness.ts';
import type { FetchLike } from '../../core/upstream/upstream.ts';
import { OPERATION_IDS } from '../../../contract/operations.ts';

// The embedded simulator's seam: an in-process fetch (`createSimulator().fetch`, decision 0004).
// These tests use a stand-in that records what it is asked; the simulator's own tests cover it.
const calls: string[] = [];
const inProcess: FetchLike = async (request) => {
  const url = new URL(request.url);
  calls.push(`${request.method} ${url.pathname}${url.search}`);
  if (url.pathname === '/api/iam/integration/token')
    return Response.json({ access_token: 'in-process-token', token_type: 'Bearer', expires_in: 3600 });
  if (url.pathname.startsWith('/__sim/')) return Response.json({ ok: true, path: url.pathname });
  return Response.json({
    success: true,
    code: 200,
    response: { auth: request.headers.get('authorization') },
  });
};

let proxy: Harness | undefined;
afterEach(async () => {
  await proxy?.close();
  calls.length = 0;
});

test('the demo environment logs in and forwards through the in-process transport', async () => {
  proxy = await startProxy(undefined, { transports: { demo: inProcess }, simulatorControl: inProcess });
  const environments = await (await proxy.request('/auth/environments')).json();
  expect(environments).toEqual([
    {
      id: 'demo',
      label: 'Demo (simulator)',
      kind: 'demo',
      // The demo is a full environment: all nine operations of spec §4.
      operations: [...OPERATION_IDS],
    },
  ]);
  const { session } = await proxy.login({ clientId: 'demo-parent', clientSecret: 'demo-parent-secret' });
  const response = await proxy.request('/api/core/v1/provider/100/child?limit=2', { session });
  expect(await response.json()).toMatchObject({ response: { auth: 'Bearer in-process-token' } });
  expect(calls).toEqual([
    'POST /api/iam/integration/token',
    // The provider check at login (spec 4.5 answers only to the parent's own token).
    'GET /core/v1/provider/100/child?offset=0&limit=1',
    'GET /core/v1/provider/100/child?limit=2',
  ]);
});

test('the simulator control API is served at /__sim on the proxy origin, with the console header', async () => {
  proxy = await startProxy(undefined, { transports: { demo: inProcess }, simulatorControl: inProcess });
  const reset = await proxy.request('/__sim/reset', { method: 'POST' });
  expect(reset.status).toBe(200);
  expect(await reset.json()).toEqual({ ok: true, path: '/__sim/reset' });
  expect(reset.headers.get('cache-control')).toBe('no-store');
  const withoutHeader = await proxy.request('/__sim/reset', { method: 'POST', csrf: false });
  expect(withoutHeader.status).toBe(403);
  const crossSite = await proxy.request('/__sim/reset', {
    method: 'POST',
    headers: { 'sec-fetch-site': 'cross-site' },
  });
  expect(crossSite.status).toBe(403);
  expect(calls).toEqual(['POST /__sim/reset']);
});

test('without the demo environment there is no /__sim at all', async () => {
  proxy = await startProxy('http://127.0.0.1:9', { simulatorControl: inProcess });
  const response = await proxy.request('/__sim/reset', { method: 'POST' });
  expect(response.status).toBe(404);
  expect(calls).toEqual([]);
});
