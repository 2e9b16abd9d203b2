import { describe, expect, it } from 'vitest';
import { createSimulator } from './index.ts';
import { payload, testSimulator } from './testing/client.ts';

type DoctorRow = {
  id: string;
  license: null | { type: string; isEnabled: boolean; currentUsage: number; expiresAt: string };
};

describe('D10 test clock', () => {
  it('D10 the clock is frozen until moved: now never changes by itself', async () => {
    const t = testSimulator();
    const a = await t.get('/__sim/clock');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await t.get('/__sim/clock')).body).toEqual(a.body);
    expect(a.body).toEqual({ now: '2026-11-22T10:00:00Z' });
  });

  it('D10 {"advanceDays":n} and {"now":iso} move the clock and answer the new now; moving back is a 422', async () => {
    const t = testSimulator();
    expect((await t.post('/__sim/clock', { advanceDays: 2 })).body).toEqual({ now: '2026-11-24T10:00:00Z' });
    expect((await t.post('/__sim/clock', { now: '2026-12-01T00:00:00Z' })).body).toEqual({
      now: '2026-12-01T00:00:00Z',
    });
    expect((await t.post('/__sim/clock', { now: '2026-01-01T00:00:00Z' })).status).toBe(422);
    expect((await t.post('/__sim/clock', { advanceDays: -1 })).status).toBe(400);
    expect((await t.post('/__sim/clock', { advanceDays: '1' })).status).toBe(400);
    expect((await t.post('/__sim/clock', { now: '9999-01-01T00:00:00Z' })).status).toBe(422);
  });

  it('D10 a new monthly period resets usage and re-enables a BASIC licence disabled only by its limit', async () => {
    const t = testSimulator();
    const token = await t.token();
    const before = payload<{ doctors: DoctorRow[] }>(
      await t.get('/payments/v1/subscription/provider/101/user?search=Núñez', token),
    );
    expect(before.doctors.find((d) => d.id === '101-doc-001')?.license).toMatchObject({
      currentUsage: 100,
      isEnabled: false,
    });
    await t.post('/__sim/clock', { advanceDays: 31 });
    const after = payload<{ doctors: DoctorRow[] }>(
      await t.get('/payments/v1/subscription/provider/101/user?search=Núñez', await t.token()),
    );
    expect(after.doctors.find((d) => d.id === '101-doc-001')?.license).toMatchObject({
      currentUsage: 0,
      isEnabled: true,
    });
  });

  it('3.2 a due scheduledDowngrade applies at its effective date and the block becomes null', async () => {
    const t = testSimulator();
    await t.post('/__sim/clock', { advanceDays: 31 });
    const r = payload(
      await t.get('/payments/v1/subscription/provider/201/license', await t.token('demo-processor')),
    );
    expect(r.scheduledDowngrade).toBeNull();
    expect(r.summary).toEqual([
      { type: 'BASIC', total: 6, used: 4, available: 2 },
      { type: 'ELITE', total: 3, used: 2, available: 1 },
    ]);
  });

  it('3.2 a due scheduledSwitch turns the pay-per-use centre into seats and the block becomes null', async () => {
    const t = testSimulator();
    await t.post('/__sim/clock', { advanceDays: 31 });
    const r = payload(await t.get('/payments/v1/subscription/provider/102/license', await t.token()));
    expect(r).toEqual({
      summary: [
        { type: 'BASIC', total: 4, used: 0, available: 4 },
        { type: 'ELITE', total: 1, used: 0, available: 1 },
      ],
      status: 'ACTIVE',
    });
  });

  it('D10 a TRIAL licence past expiresAt is disabled', async () => {
    const t = testSimulator();
    const token = await t.token();
    const trial = async () =>
      payload<{ licenses: { userId: string; isEnabled: boolean }[] }>(
        await t.get('/payments/v1/subscription/provider/104/license?type=TRIAL', token),
      );
    expect((await trial()).licenses.map((l) => l.isEnabled)).toEqual([true, false]);
    await t.post('/__sim/clock', { advanceDays: 6 });
    const later = payload<{ licenses: { isEnabled: boolean }[] }>(
      await t.get('/payments/v1/subscription/provider/104/license?type=TRIAL', await t.token()),
    );
    expect(later.licenses.map((l) => l.isEnabled)).toEqual([false, false]);
  });
});

describe('D11 control API', () => {
  it('D11 reset goes back to the seed', async () => {
    const t = testSimulator();
    const initial = (await t.get('/__sim/state')).body;
    await t.post('/__sim/clock', { advanceDays: 3 });
    await t.post('/iam/v1/register/childProvider', { name: 'X', country: 'ES', city: 'Y' }, await t.token());
    await t.call('POST', '/__sim/reset');
    const after = (await t.get('/__sim/state')).body as { tokens: object };
    expect({ ...after, tokens: {} }).toEqual({ ...(initial as object), tokens: {} });
  });

  it('D11 providers creates a provider whose credentials mint a token', async () => {
    const t = testSimulator({ seed: 'empty' });
    const r = await t.post('/__sim/providers', {
      name: 'Solo',
      country: 'ES',
      city: 'Vic',
      selfBilling: true,
    });
    const body = r.body as { providerId: number; clientId: string; secret: string };
    expect(body.providerId).toEqual(expect.any(Number));
    expect(await t.token(body.clientId, body.secret)).toEqual(expect.any(String));
  });

  it('D11 suspension suspends with reason payment_failed, then lifts; 2.7 (b) licences follow', async () => {
    const t = testSimulator();
    await t.post('/__sim/providers/201/suspension', { suspended: true });
    const token = await t.token('demo-processor');
    const r = payload<{ doctors: DoctorRow[]; suspension: unknown }>(
      await t.get('/payments/v1/subscription/provider/201/user', token),
    );
    expect(r.suspension).toEqual({ suspended: true, reason: 'payment_failed' });
    expect(r.doctors.filter((d) => d.license).every((d) => d.license?.isEnabled === false)).toBe(true);
    await t.post('/__sim/providers/201/suspension', { suspended: false });
    const lifted = payload<{ suspension: unknown }>(
      await t.get('/payments/v1/subscription/provider/201/user', token),
    );
    expect(lifted.suspension).toEqual({ suspended: false });
    expect((await t.post('/__sim/providers/101/suspension', { suspended: true })).status).toBe(409);
  });

  it('D11 licenses assigns a seat; no seat left → 422; USAGE on a seat centre → 422 (spec §7)', async () => {
    const t = testSimulator();
    const r = await t.post('/__sim/providers/101/licenses', { userId: '101-doc-012', type: 'BASIC' });
    expect(r.body).toMatchObject({
      type: 'BASIC',
      userId: '101-doc-012',
      isEnabled: true,
      currentUsage: 0,
      limit: 100,
    });
    expect(
      (await t.post('/__sim/providers/101/licenses', { userId: '101-doc-013', type: 'ELITE' })).status,
    ).toBe(422);
    expect(
      (await t.post('/__sim/providers/101/licenses', { userId: '101-doc-013', type: 'USAGE' })).status,
    ).toBe(422);
    expect((await t.post('/__sim/providers/101/licenses', { userId: 'ghost', type: 'BASIC' })).status).toBe(
      404,
    );
    expect(
      (await t.post('/__sim/providers/101/licenses', { userId: '101-doc-013', type: 'GOLD' })).status,
    ).toBe(400);
  });

  it('D11 reports count usage and a BASIC licence at 100 is disabled (2.7 a, §8)', async () => {
    const t = testSimulator();
    const r = await t.post('/__sim/providers/101/reports', { userId: '101-doc-002', count: 500 });
    expect(r.body).toMatchObject({ type: 'BASIC', currentUsage: 100, limit: 100, isEnabled: false });
    expect((await t.post('/__sim/providers/101/reports', { userId: '101-doc-002', count: 1 })).status).toBe(
      422,
    );
  });

  it('D4 in a pay-per-use centre a doctor gets the USAGE licence on first use', async () => {
    const t = testSimulator();
    const r = await t.post('/__sim/providers/106/reports', { userId: '106-doc-001', count: 3 });
    expect(r.body).toMatchObject({ type: 'USAGE', currentUsage: 3, limit: null, isEnabled: true });
    const lic = payload<{ summary: unknown[] }>(
      await t.get('/payments/v1/subscription/provider/106/license', await t.token()),
    );
    expect(lic.summary).toEqual([{ type: 'USAGE', total: null, used: 1, available: null }]);
  });

  it('D11 scheduled-downgrade sets the pending block on a PROCESSOR centre, 409 elsewhere', async () => {
    const t = testSimulator();
    const r = await t.post('/__sim/providers/202/scheduled-downgrade', {
      quantity: { '8': 1 },
      effectiveDate: '2026-12-30T00:00:00Z',
    });
    expect(r.body).toEqual({
      scheduledDowngrade: { quantity: { '8': 1 }, effectiveDate: '2026-12-30T00:00:00Z' },
    });
    expect(
      (
        await t.post('/__sim/providers/101/scheduled-downgrade', {
          quantity: { '8': 1 },
          effectiveDate: '2026-12-30T00:00:00Z',
        })
      ).status,
    ).toBe(409);
  });

  it('D11 faults answer the injected status the given number of times, then the real answer', async () => {
    const t = testSimulator();
    const token = await t.token();
    await t.post('/__sim/faults', { match: '/core/v1/provider/100/child', status: 503, times: 2 });
    expect((await t.get('/core/v1/provider/100/child', token)).status).toBe(503);
    expect((await t.get('/core/v1/provider/100/child', token)).body).toMatchObject({
      success: false,
      code: 503,
    });
    expect((await t.get('/core/v1/provider/100/child', token)).status).toBe(200);
  });

  it('D11 a fault with a body and a delay answers that body after the delay', async () => {
    const t = testSimulator();
    const token = await t.token();
    await t.post('/__sim/faults', {
      match: 'GET /reportExample',
      status: 429,
      delayMs: 30,
      body: { slow: true },
    });
    const started = performance.now();
    const r = await t.get('/reportExample?providerId=101', token);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(r).toMatchObject({ status: 429, body: { slow: true } });
  });

  it('D11 a fault with retryAfterSeconds sends Retry-After, as a service that limits its callers would', async () => {
    const t = testSimulator();
    const token = await t.token();
    await t.post('/__sim/faults', {
      match: '/core/v1/provider/100/child',
      status: 429,
      retryAfterSeconds: 7,
    });
    const limited = await t.get('/core/v1/provider/100/child', token);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await t.get('/core/v1/provider/100/child', token)).headers.get('retry-after')).toBeNull();
  });

  it('D11 control calls reject malformed bodies with 400 and change nothing', async () => {
    const t = testSimulator();
    const before = (await t.get('/__sim/state')).body;
    for (const [path, body] of [
      ['/__sim/clock', { advanceDays: 1, now: '2026-12-01T00:00:00Z' }],
      ['/__sim/providers', { name: 'x' }],
      ['/__sim/providers/101/suspension', { suspended: 'yes' }],
      ['/__sim/providers/101/reports', { userId: '101-doc-002', count: 0 }],
      ['/__sim/faults', { match: 'x' }],
    ] as const) {
      // oxlint-disable-next-line no-await-in-loop -- each call is checked alone
      expect((await t.post(path, body)).status).toBe(400);
    }
    expect((await t.get('/__sim/state')).body).toEqual(before);
  });
});

describe('D12 demo seed and determinism', () => {
  it('D12 the two fixed logins work and the parents have the documented kinds', async () => {
    const t = testSimulator();
    const parent = payload<{ data: unknown[] }>(
      await t.get('/core/v1/provider/100/child', await t.token('demo-parent')),
    );
    expect(parent.data.length).toBeGreaterThanOrEqual(30);
    const proc = payload<{ data: unknown[] }>(
      await t.get('/core/v1/provider/200/child', await t.token('demo-processor')),
    );
    expect(proc.data.length).toBeGreaterThan(0);
  });

  it('same seed ⇒ byte-identical GET /__sim/state (demo and generated)', async () => {
    for (const seed of ['demo', { centres: 50, doctors: 5, templates: 3, seed: 7 }] as const) {
      const a = createSimulator({ seed });
      const b = createSimulator({ seed });
      // oxlint-disable-next-line no-await-in-loop -- two worlds compared per seed
      const [x, y] = await Promise.all([
        a.fetch(new Request('http://a/__sim/state')),
        b.fetch(new Request('http://b/__sim/state')),
      ]);
      // oxlint-disable-next-line no-await-in-loop -- as above
      expect(await x.text()).toBe(await y.text());
    }
    const other = createSimulator({ seed: { centres: 50, doctors: 5, templates: 3, seed: 8 } });
    expect(JSON.stringify(other.exportState())).not.toBe(
      JSON.stringify(
        createSimulator({ seed: { centres: 50, doctors: 5, templates: 3, seed: 7 } }).exportState(),
      ),
    );
  });

  it('a state exported and passed back as `state` gives the same simulator', () => {
    const a = createSimulator();
    void a.core.moveClock({ advanceDays: 4 });
    const b = createSimulator({ state: a.exportState() });
    expect(JSON.stringify(b.exportState())).toBe(JSON.stringify(a.exportState()));
  });

  it('the generator builds N centres × M doctors × K templates under the demo parent', async () => {
    const t = testSimulator({ seed: { centres: 12, doctors: 4, templates: 2 } });
    const token = await t.token();
    const list = payload<{ data: { id: number }[]; meta: { total: number } }>(
      await t.get('/core/v1/provider/100/child', token),
    );
    expect(list.meta.total).toBe(12);
    const first = list.data[0]?.id ?? 0;
    const users = payload<{ meta: { total: number } }>(
      await t.get(`/payments/v1/subscription/provider/${first}/user`, token),
    );
    expect(users.meta.total).toBe(4);
    const templates = payload<{ meta: { total: number } }>(
      await t.get(`/reportExample?providerId=${first}`, token),
    );
    expect(templates.meta.total).toBe(2);
  });
});
