import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { centrePageSchema, centreRecordSchema } from '../../../proxy-api/centres.ts';
import { createSimulator, type Simulator } from '../../../simulator/index.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';

// The per-parent index of the child list (spec 4.5, docs/decisions/0024), over HTTP in front of the
// simulator: what a centre's page and the list's pages are answered from, and when it is dropped.

let sim: Simulator;
let proxy: Harness;
/** Every read of the whole child list (4.5 without a limit) the service received, by path. */
let listReads: string[];
const listPath = (parent: number) => `/core/v1/provider/${parent}/child`;

beforeEach(async () => {
  sim = createSimulator({ seed: 'demo' });
  listReads = [];
  const transport = (request: Request) => {
    const url = new URL(request.url);
    // The sign-in's own check of the provider asks a page of it, not the whole list.
    if (/^\/core\/v1\/provider\/\d+\/child$/.test(url.pathname) && !url.searchParams.has('limit'))
      listReads.push(url.pathname);
    return sim.fetch(request);
  };
  proxy = await startProxy(undefined, { transports: { demo: transport }, simulatorControl: transport });
});
afterEach(() => proxy.close());

const parentLogin = async () =>
  (await proxy.login({ clientId: 'demo-parent', clientSecret: 'demo-parent-secret' })).session ?? '';
const processorLogin = async () =>
  (await proxy.login({ providerId: 200, clientId: 'demo-processor', clientSecret: 'demo-processor-secret' }))
    .session ?? '';
const centre = (session: string, id: number) => proxy.request(`/api/centres/${id}`, { session });
const control = (path: string, body: unknown) =>
  proxy.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a centre’s own record', () => {
  test('is answered from one read of the child list, whatever the centre asked', async () => {
    const session = await parentLogin();
    const first = await centre(session, 101);
    expect(first.status).toBe(200);
    expect(centreRecordSchema.parse(await first.json()).centre).toEqual({
      id: 101,
      name: 'Clínica Diagonal',
      country: 'ES',
      city: 'Barcelona',
    });
    expect((await centre(session, 102)).status).toBe(200);
    expect(listReads).toEqual([listPath(100)]);
  });

  test('a centre created through the proxy is served at once, within the index’s max age', async () => {
    const session = await parentLogin();
    expect((await centre(session, 101)).status).toBe(200);
    const created = await proxy.request('/api/iam/v1/register/childProvider', {
      session,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Clínica Nueva Índice', country: 'ES', city: 'Girona' }),
    });
    expect(created.status).toBe(200);
    const { response } = (await created.json()) as { response: { providerId: number } };
    const found = await centre(session, response.providerId);
    expect(found.status).toBe(200);
    expect(centreRecordSchema.parse(await found.json()).centre.name).toBe('Clínica Nueva Índice');
    const page = await proxy.request('/api/centres?q=nueva%20indice', { session });
    expect(centrePageSchema.parse(await page.json()).data.map((item) => item.id)).toEqual([
      response.providerId,
    ]);
  });

  test('a centre removed from the service’s list is not served past the index’s revalidation', async () => {
    const session = await parentLogin();
    expect((await centre(session, 101)).status).toBe(200);
    // The service's list without 101, from now on (D11 faults answer in its place).
    const whole = (await (await proxy.request(`/api${listPath(100)}`, { session })).json()) as {
      response: { data: { id: number }[]; meta: { total: number } };
    };
    const data = whole.response.data.filter((item) => item.id !== 101);
    const body = {
      ...whole,
      response: { data, meta: { total: data.length, offset: 0, limit: data.length } },
    };
    expect(
      (await control('/__sim/faults', { match: `GET ${listPath(100)}`, status: 200, body, times: 100 }))
        .status,
    ).toBe(200);

    // Within its max age the index answers without asking.
    proxy.clock.advance(5_000);
    expect((await centre(session, 101)).status).toBe(200);
    // Past it, a read is answered from the index while the service is asked; once it has answered,
    // 101 is gone.
    proxy.clock.advance(6_000);
    await centre(session, 101);
    await proxy.centreIndex.settled();
    expect((await centre(session, 101)).status).toBe(404);
    expect((await centre(session, 102)).status).toBe(200);
  });

  test('a centre the index does not know is looked for once more, at most once every 2 s', async () => {
    const session = await parentLogin();
    expect((await centre(session, 101)).status).toBe(200);
    // Made on the service directly (D11), not through the proxy: nothing dropped the index.
    const made = await control('/__sim/providers', {
      name: 'Directa',
      country: 'ES',
      city: 'Reus',
      parentId: 100,
    });
    const { providerId } = (await made.json()) as { providerId: number };
    expect((await centre(session, providerId)).status).toBe(404);
    expect((await centre(session, 999_999)).status).toBe(404);
    expect(listReads).toHaveLength(1);
    proxy.clock.advance(2_000);
    expect((await centre(session, providerId)).status).toBe(200);
    expect(listReads).toHaveLength(2);
  });

  test('past the index’s longest staleness a read waits for the service', async () => {
    const session = await parentLogin();
    expect((await centre(session, 101)).status).toBe(200);
    const reads = listReads.length;
    proxy.clock.advance(61_000);
    expect((await centre(session, 101)).status).toBe(200);
    expect(listReads).toHaveLength(reads + 1);
  });

  test('another parent’s centre is never served, though it is in the proxy’s memory', async () => {
    const parent = await parentLogin();
    expect((await centre(parent, 101)).status).toBe(200);
    const processor = await processorLogin();
    const refused = await centre(processor, 101);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('Diagonal');
    const page = centrePageSchema.parse(
      await (await proxy.request('/api/centres?limit=500', { session: processor })).json(),
    );
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.some((item) => item.id >= 101 && item.id < 200)).toBe(false);
    // Its own index was filled with its own token, beside the parent's.
    expect(listReads).toEqual([listPath(100), listPath(200)]);
  });

  test('a centre’s own login gets the service’s 403, and nothing is kept for it', async () => {
    const own = (
      await proxy.login({
        providerId: 101,
        clientId: 'demo-child-101',
        clientSecret: 'demo-child-101-secret',
      })
    ).session;
    const answer = await proxy.request('/api/centres/101', { session: own });
    expect(answer.status).toBe(403);
    expect(proxy.centreIndex.held().entries).toBe(0);
  });

  test('a session is needed, and a malformed id is no centre', async () => {
    expect((await centre('', 101)).status).toBe(401);
    const session = await parentLogin();
    expect((await proxy.request('/api/centres/01', { session })).status).toBe(404);
    expect((await proxy.request('/api/centres/abc', { session })).status).toBe(404);
    expect((await proxy.request('/api/centres/101', { session, method: 'DELETE' })).status).toBe(405);
  });
});

describe('the index’s lifetime', () => {
  test('is dropped at logout: a new sign-in reads the service again', async () => {
    const session = await parentLogin();
    expect((await centre(session, 101)).status).toBe(200);
    expect(proxy.centreIndex.held().entries).toBe(1);
    expect((await proxy.request('/auth/logout', { method: 'POST', session })).status).toBe(204);
    expect(proxy.centreIndex.held().entries).toBe(0);
    const again = await parentLogin();
    expect((await centre(again, 101)).status).toBe(200);
    expect(listReads).toEqual([listPath(100), listPath(100)]);
  });
});

describe('the list’s pages', () => {
  test('are searched (accents and case ignored), sorted and cut on the server', async () => {
    const session = await parentLogin();
    const read = async (query: string) => {
      const answer = await proxy.request(`/api/centres${query}`, { session });
      expect(answer.status).toBe(200);
      return centrePageSchema.parse(await answer.json());
    };
    const all = await read('?limit=500');
    expect(all.meta.total).toBeGreaterThan(30);
    const names = all.data.map((item) => item.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'und', { sensitivity: 'base', numeric: true })),
    );
    const second = await read('?sort=id&dir=desc&offset=5&limit=5');
    expect(second.meta).toEqual({ total: all.meta.total, offset: 5, limit: 5 });
    const ids = all.data.map((item) => item.id).sort((a, b) => b - a);
    expect(second.data.map((item) => item.id)).toEqual(ids.slice(5, 10));
    const found = await read('?q=GRACIA');
    expect(found.data.map((item) => item.name)).toContain('Centro Médico Gràcia');
    expect(found.data.every((item) => /gr[aà]cia/i.test(`${item.name} ${item.city ?? ''}`))).toBe(true);
    expect(listReads).toHaveLength(1);
    expect((await proxy.request('/api/centres?limit=501', { session })).status).toBe(400);
    expect((await proxy.request('/api/centres?sort=secret', { session })).status).toBe(400);
  });
});
