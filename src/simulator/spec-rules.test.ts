// Rules of spec §2.5–§6 that the other suites exercise only in passing, each with a test whose
// title names it, so that a rule without a test shows (decision 0004).
// oxlint-disable no-await-in-loop -- the steps of each test run in order against one simulator
import { describe, expect, it } from 'vitest';
import { payload, testSimulator } from './testing/client.ts';

const event = (id: string, type: string, data: unknown) => ({
  id,
  type,
  created: '2026-11-22T10:00:00Z',
  data,
});

describe('spec §2 resources as the simulator answers them', () => {
  it('2.5 meta carries total, the offset applied and the limit applied', async () => {
    const t = testSimulator();
    const token = await t.token();
    const page = payload<{ data: unknown[]; meta: unknown }>(
      await t.get('/core/v1/provider/100/child?limit=7&offset=3', token),
    );
    const all = payload<{ meta: { total: number } }>(await t.get('/core/v1/provider/100/child', token));
    expect(page.meta).toEqual({ total: all.meta.total, offset: 3, limit: 7 });
    expect(page.data).toHaveLength(7);
  });

  it('2.6 a doctor row has exactly id (the external id), name, lastname and license (object or null)', async () => {
    const t = testSimulator();
    const { doctors } = payload<{ doctors: Record<string, unknown>[] }>(
      await t.get('/payments/v1/subscription/provider/101/user?limit=100', await t.token()),
    );
    for (const d of doctors) expect(Object.keys(d).sort()).toEqual(['id', 'lastname', 'license', 'name']);
    expect(doctors.some((d) => d.license === null)).toBe(true);
    expect(doctors.some((d) => d.license !== null)).toBe(true);
  });

  it('2.11 scheduledDowngrade quantity maps plan ids 8/9 with an ISO date; scheduledSwitch uses YYYY-MM-DD HH:MM:SS', async () => {
    const t = testSimulator();
    const down = payload<{ scheduledDowngrade: { quantity: Record<string, number>; effectiveDate: string } }>(
      await t.get('/payments/v1/subscription/provider/201/license', await t.token('demo-processor')),
    );
    expect(Object.keys(down.scheduledDowngrade.quantity).every((k) => k === '8' || k === '9')).toBe(true);
    expect(down.scheduledDowngrade.effectiveDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    const usage = payload<{ scheduledSwitch: { quantity: Record<string, number>; effectiveDate: string } }>(
      await t.get('/payments/v1/subscription/provider/102/license', await t.token()),
    );
    expect(Object.keys(usage.scheduledSwitch.quantity).every((k) => k === '8' || k === '9')).toBe(true);
    expect(usage.scheduledSwitch.effectiveDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('2.13 a template has its fields, providerId as a string, and userId only when ownerType is USER', async () => {
    const t = testSimulator();
    const token = await t.token();
    const { doctors } = payload<{ doctors: { id: string }[] }>(
      await t.get('/payments/v1/subscription/provider/101/user?limit=100', token),
    );
    const seen = new Set<string>();
    for (const d of doctors) {
      const { data } = payload<{ data: Record<string, unknown>[] }>(
        await t.get(`/reportExample?providerId=101&userId=${d.id}&limit=100`, token),
      );
      for (const x of data) {
        seen.add(String(x.ownerType));
        expect(x).toMatchObject({
          id: expect.any(Number),
          name: expect.any(String),
          description: expect.any(String),
          type: expect.any(Number),
          specialityId: expect.any(Number),
          isValidated: expect.any(Boolean),
          providerId: '101',
        });
        expect('userId' in x).toBe(x.ownerType === 'USER');
      }
    }
    expect([...seen].sort()).toEqual(['HEALTH_PROVIDER', 'USER']);
  });

  it('2.14 a pay-per-use notification holds exactly one USAGE item with includedConsultations', async () => {
    const t = testSimulator();
    const token = await t.token();
    const two = await t.post(
      '/payments/v1/partner/webhook',
      event('evt_214a', 'checkout.session.completed', {
        providerId: 105,
        items: [
          { planType: 'USAGE', includedConsultations: 100 },
          { planType: 'USAGE', includedConsultations: 200 },
        ],
      }),
      token,
    );
    expect(two.status).toBe(400);
    const missing = await t.post(
      '/payments/v1/partner/webhook',
      event('evt_214b', 'checkout.session.completed', { providerId: 105, items: [{ planType: 'USAGE' }] }),
      token,
    );
    expect(missing.status).toBe(400);
    const one = await t.post(
      '/payments/v1/partner/webhook',
      event('evt_214c', 'checkout.session.completed', {
        providerId: 105,
        items: [{ planType: 'USAGE', includedConsultations: 300 }],
      }),
      token,
    );
    expect(one.status).toBe(200);
    expect(payload(await t.get('/payments/v1/subscription/provider/105/license', token))).toMatchObject({
      contractModel: 'USAGE',
      status: 'ACTIVE',
    });
  });
});

describe('spec §3 states', () => {
  it('3.1 every licence type, contract status and enabled state of the state sets appears in the demo', async () => {
    const t = testSimulator();
    const token = await t.token();
    const types = new Set<string>();
    const enabled = new Set<boolean>();
    const statuses = new Set<string>();
    for (const id of [101, 102, 103, 104, 106]) {
      const l = payload<{ status: string }>(
        await t.get(`/payments/v1/subscription/provider/${id}/license`, token),
      );
      statuses.add(l.status);
      const u = payload<{ doctors: { license: { type: string; isEnabled: boolean } | null }[] }>(
        await t.get(`/payments/v1/subscription/provider/${id}/user?limit=100`, token),
      );
      for (const d of u.doctors)
        if (d.license) {
          types.add(d.license.type);
          enabled.add(d.license.isEnabled);
        }
    }
    expect([...types].sort()).toEqual(['BASIC', 'ELITE', 'TRIAL', 'USAGE']);
    expect([...statuses].sort()).toEqual(['ACTIVE', 'INACTIVE']);
    expect([...enabled].sort()).toEqual([false, true]);
    const suspended = payload<{ suspension: unknown }>(
      await t.get('/payments/v1/subscription/provider/202/user', await t.token('demo-processor')),
    );
    expect(suspended.suspension).toEqual({ suspended: true, reason: 'payment_failed' });
  });
});

describe('spec 4.8, §5 and §6', () => {
  it('4.8 a center not configured for self-billing gets 409 and nothing changes', async () => {
    const t = testSimulator();
    const token = await t.token();
    // A PROCESSOR child of the self-billing parent, made through the control API (D11).
    const created = await t.post('/__sim/providers', {
      name: 'Centro por procesador',
      country: 'ES',
      city: 'Vic',
      parentId: 100,
      billingMode: 'PROCESSOR',
    });
    const { providerId } = created.body as { providerId: number };
    const before = JSON.stringify(t.sim.exportState().providers);
    const r = await t.post(
      '/payments/v1/partner/webhook',
      event('evt_48', 'checkout.session.completed', {
        providerId,
        items: [{ planType: 'BASIC', quantity: 2 }],
      }),
      token,
    );
    expect(r.status).toBe(409);
    expect(JSON.stringify(t.sim.exportState().providers)).toBe(before);
  });

  it('§5.3 a child has its own clientId and secret, returned at creation and by 4.4, and they mint its own token', async () => {
    const t = testSimulator();
    const token = await t.token();
    const created = payload<{ providerId: number; clientId: string; secret: string }>(
      await t.post('/iam/v1/register/childProvider', { name: 'Nou', country: 'ES', city: 'Reus' }, token),
    );
    const again = payload(await t.get(`/iam/v1/provider/${created.providerId}/credentials`, token));
    expect(again).toEqual({ clientId: created.clientId, secret: created.secret });
    const own = await t.token(created.clientId, created.secret);
    expect((await t.get(`/payments/v1/subscription/provider/${created.providerId}/user`, own)).status).toBe(
      200,
    );
    expect((await t.get('/payments/v1/subscription/provider/100/user', own)).status).toBe(403);
  });

  it('§5.5 a missing or invalid token gives 401 and a token lacking permission gives 403', async () => {
    const t = testSimulator();
    expect((await t.get('/core/v1/provider/100/child')).status).toBe(401);
    expect((await t.get('/core/v1/provider/100/child', 'not-a-token')).status).toBe(401);
    expect((await t.get('/core/v1/provider/200/child', await t.token())).status).toBe(403);
  });

  it('§6 the webhook takes exactly the three event types; any other type is a 400', async () => {
    const t = testSimulator();
    const token = await t.token();
    const other = await t.post(
      '/payments/v1/partner/webhook',
      event('evt_6a', 'invoice.paid', { providerId: 105, items: [{ planType: 'BASIC', quantity: 1 }] }),
      token,
    );
    expect(other.status).toBe(400);
    const steps = [
      event('evt_6b', 'checkout.session.completed', {
        providerId: 105,
        items: [{ planType: 'BASIC', quantity: 2 }],
      }),
      event('evt_6c', 'customer.subscription.updated', {
        providerId: 105,
        items: [{ planType: 'BASIC', quantity: 3 }],
      }),
      event('evt_6d', 'customer.subscription.deleted', { providerId: 105 }),
    ];
    const statuses: string[] = [];
    for (const step of steps) {
      statuses.push(
        payload<{ status: string }>(await t.post('/payments/v1/partner/webhook', step, token)).status,
      );
    }
    expect(statuses).toEqual(['ACTIVE', 'ACTIVE', 'INACTIVE']);
  });
});
