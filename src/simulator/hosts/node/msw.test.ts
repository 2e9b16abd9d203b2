import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedFetch } from '../../testing/document-check.ts';
import { setupSimulatorServer } from './msw.ts';

const { server } = setupSimulatorServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('msw/node host', () => {
  it('answers a plain fetch to any upstream origin with the simulator', async () => {
    const token = await documentedFetch('https://qa.upstream.example/api/iam/integration/token', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'demo-processor',
        client_secret: 'demo-processor-secret',
      }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const r = await documentedFetch(
      'https://qa.upstream.example/payments/v1/subscription/provider/201/license',
      {
        headers: { Authorization: `Bearer ${access_token}` },
      },
    );
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      response: { scheduledDowngrade: { quantity: { '8': 6, '9': 3 } } },
    });
  });
});
