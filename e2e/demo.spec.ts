// Zero configuration (decision 0005): `npm start` offers the demo environment, the simulator running
// inside the proxy, with its control API on the proxy's own origin (D11) and never under /api.
import { apiDemoLogin, HEADERS as headers, SIM_HEADERS } from './console-journeys.ts';
import { expect, test } from './fixtures.ts';

test('the demo environment logs in with the D12 credentials and answers spec operations through /api', async ({
  request,
}) => {
  // The control API asks for the control token the server was given (docs/decisions/0020).
  expect((await request.post('/__sim/reset', { headers })).status()).toBe(403);
  expect((await request.post('/__sim/reset', { headers: SIM_HEADERS })).status()).toBe(200);
  const environments = (await (await request.get('/auth/environments', { headers })).json()) as {
    id: string;
  }[];
  expect(environments.map((environment) => environment.id)).toEqual(['demo']);
  await apiDemoLogin(request);
  const children = await request.get('/api/core/v1/provider/100/child?limit=2', { headers });
  expect(children.status()).toBe(200);
  const body = (await children.json()) as { response: { data: unknown[]; meta: { total: number } } };
  expect(body.response.data).toHaveLength(2);
  // D12: the demo parent has 30+ children, for paging.
  expect(body.response.meta.total).toBeGreaterThanOrEqual(30);
  expect((await request.post('/api/__sim/reset', { headers })).status()).toBe(404);
  expect((await request.post('/auth/logout', { headers })).status()).toBe(204);
  expect((await request.get('/api/core/v1/provider/100/child', { headers })).status()).toBe(401);
});
