import { describe, expect, it } from 'vitest';
import { MAX_TOKENS_PER_PROVIDER } from './core/request-token.ts';
import { createSimulator } from './index.ts';

const login = (sim: ReturnType<typeof createSimulator>, clientId: string, secret: string) =>
  sim.fetch(
    new Request('http://sim.test/api/iam/integration/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: secret,
      }),
    }),
  );

const state = async (sim: ReturnType<typeof createSimulator>) =>
  await (await sim.fetch(new Request('http://sim.test/__sim/state'))).text();

describe('D1, D11: tokens held by the simulator', () => {
  it('20,000 logins leave a bounded number of tokens, and the newest still work', async () => {
    const sim = createSimulator({ seed: 'demo' });
    let last = '';
    for (let index = 0; index < 20_000; index++) {
      // oxlint-disable-next-line no-await-in-loop -- one login after the other, as a long demo does
      const response = await login(
        sim,
        index % 2 ? 'demo-parent' : 'demo-processor',
        index % 2 ? 'demo-parent-secret' : 'demo-processor-secret',
      );
      // oxlint-disable-next-line no-await-in-loop -- the answer of this login
      if (index % 2) last = ((await response.json()) as { access_token: string }).access_token;
    }
    expect(Object.keys(sim.exportState().tokens)).toHaveLength(2 * MAX_TOKENS_PER_PROVIDER);
    const list = await sim.fetch(
      new Request('http://sim.test/core/v1/provider/100/child?limit=1', {
        headers: { Authorization: `Bearer ${last}` },
      }),
    );
    expect(list.status).toBe(200);
  });

  it('expired tokens are forgotten once the clock passes them', async () => {
    const sim = createSimulator({ seed: 'demo', tokenLifetimeSeconds: 60 });
    await login(sim, 'demo-parent', 'demo-parent-secret');
    await login(sim, 'demo-processor', 'demo-processor-secret');
    expect(Object.keys(sim.exportState().tokens)).toHaveLength(2);
    await sim.fetch(
      new Request('http://sim.test/__sim/clock', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ advanceDays: 1 }),
      }),
    );
    expect(sim.exportState().tokens).toEqual({});
  });

  it('GET /__sim/state holds no token and no client secret', async () => {
    const sim = createSimulator({ seed: 'demo' });
    const token = (
      (await (await login(sim, 'demo-parent', 'demo-parent-secret')).json()) as { access_token: string }
    ).access_token;
    const text = await state(sim);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/demo-[a-z0-9-]+-secret/);
    expect(JSON.parse(text)).toMatchObject({
      liveTokens: 1,
      providers: { 100: { clientId: 'demo-parent', secret: '[redacted]' } },
    });
  });
});
