import { afterEach, beforeEach, expect, test } from 'vitest';
import { sessionCookieName } from './carrier.ts';
import { createMemoryStore, StoreUnavailableError, type MemoryStore } from './store.ts';
import { storeKey } from './sessions.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';

let upstream: FakeUpstream;
let store: MemoryStore;
let proxy: Harness;

beforeEach(async () => {
  upstream = await startFakeUpstream();
  store = createMemoryStore();
  proxy = await startProxy(upstream.url, {
    store,
    environments: [
      { id: 'qa', baseUrl: upstream.url, templatesPrefix: '' },
      { id: 'production', baseUrl: upstream.url, templatesPrefix: '' },
    ],
  });
});

afterEach(async () => {
  await proxy.close();
  await upstream.close();
});

test.each([
  ['another environment', { environment: 'production' }],
  ['another provider', { providerId: 101 }],
  ['another client id', { clientId: 'someone-else' }],
])('a session record edited in the store to %s no longer opens', async (_, edit) => {
  const { session } = await proxy.login();
  if (!session) throw new Error('no session');
  const key = await storeKey(session);
  const record = JSON.parse((await store.get(key)) ?? '{}') as Record<string, unknown>;
  await store.set(key, JSON.stringify({ ...record, ...edit }), 60_000);
  const calls = upstream.requests.length;
  const lookup = await proxy.request('/auth/session', { session });
  expect(lookup.status).toBe(401);
  expect(await lookup.json()).toMatchObject({ code: 'session_expired' });
  expect((await proxy.request('/api/core/v1/provider/100/child', { session })).status).toBe(401);
  expect(upstream.requests).toHaveLength(calls);
});

const storeDown = () => Promise.reject(new StoreUnavailableError('not_connected'));

test('logout with the session store down clears the cookie anyway and answers 503 problem+json', async () => {
  const { session } = await proxy.login();
  store.delete = storeDown;
  const response = await proxy.request('/auth/logout', { method: 'POST', session });
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(await response.json()).toMatchObject({ code: 'store_unavailable' });
  expect(response.headers.getSetCookie()).toEqual([
    `${sessionCookieName}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`,
  ]);
});
