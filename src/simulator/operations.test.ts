import { describe, expect, it } from 'vitest';
import { payload, testSimulator } from './testing/client.ts';

type Child = { id: number; name: string; country: string; city: string };
type Meta = { total: number; offset: number; limit: number };
type DoctorRow = {
  id: string;
  name: string;
  lastname: string;
  license: null | {
    type: string;
    isEnabled: boolean;
    currentUsage: number;
    limit: number | null;
    expiresAt: string;
  };
};

const webhook = (id: string, type: string, data: unknown) => ({
  id,
  type,
  created: '2026-11-22T10:00:00Z',
  data,
});

describe('4.1 token and D1', () => {
  it('4.1 client credentials give a Bearer token with expires_in (D1)', async () => {
    const t = testSimulator();
    const r = await t.call('POST', '/api/iam/integration/token', {
      raw: 'grant_type=client_credentials&client_id=demo-parent&client_secret=demo-parent-secret',
      type: 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(typeof (r.body as { access_token: unknown }).access_token).toBe('string');
  });

  it.each([
    [
      'an unsupported grant_type',
      'grant_type=password&client_id=demo-parent&client_secret=x',
      'application/x-www-form-urlencoded',
      400,
      'unsupported_grant_type',
    ],
    [
      'a missing field',
      'grant_type=client_credentials&client_id=demo-parent',
      'application/x-www-form-urlencoded',
      400,
      'invalid_request',
    ],
    ['a JSON body', '{"grant_type":"client_credentials"}', 'application/json', 400, 'invalid_request'],
    [
      'a wrong secret',
      'grant_type=client_credentials&client_id=demo-parent&client_secret=nope',
      'application/x-www-form-urlencoded',
      401,
      'invalid_client',
    ],
    [
      'an unknown client',
      'grant_type=client_credentials&client_id=who&client_secret=nope',
      'application/x-www-form-urlencoded',
      401,
      'invalid_client',
    ],
  ])('D1 %s answers the OAuth error body', async (_what, raw, type, status, error) => {
    const t = testSimulator();
    const r = await t.call('POST', '/api/iam/integration/token', { raw, type });
    expect(r.status).toBe(status);
    expect(r.body).toEqual({ error });
  });

  it('D1 a missing, unknown or expired token gives 401 with the D2 body', async () => {
    const t = testSimulator({ tokenLifetimeSeconds: 60 });
    expect((await t.get('/core/v1/provider/100/child')).status).toBe(401);
    const unknown = await t.get('/core/v1/provider/100/child', 'not-a-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ success: false, code: 401 });
    const token = await t.token();
    expect((await t.get('/core/v1/provider/100/child', token)).status).toBe(200);
    await t.post('/__sim/clock', { now: '2026-11-22T10:01:00Z' });
    expect((await t.get('/core/v1/provider/100/child', token)).status).toBe(401);
  });
});

describe('4.5 child list (2.5, D5)', () => {
  it('4.5 without limit returns every child and meta.limit equals total', async () => {
    const t = testSimulator();
    const r = payload<{ data: Child[]; meta: Meta }>(
      await t.get('/core/v1/provider/100/child', await t.token()),
    );
    expect(r.data.length).toBeGreaterThanOrEqual(30);
    expect(r.meta).toEqual({ total: r.data.length, offset: 0, limit: r.data.length });
  });

  it('D5 children are ordered by id with id, name, country and city', async () => {
    const t = testSimulator();
    const r = payload<{ data: Child[] }>(await t.get('/core/v1/provider/100/child?limit=3', await t.token()));
    expect(r.data.map((c) => c.id)).toEqual([101, 102, 103]);
    expect(Object.keys(r.data[0] ?? {}).sort()).toEqual(['city', 'country', 'id', 'name']);
  });

  it('D5 an offset past the end gives an empty data', async () => {
    const t = testSimulator();
    const r = payload<{ data: Child[]; meta: Meta }>(
      await t.get('/core/v1/provider/100/child?offset=999', await t.token()),
    );
    expect(r.data).toEqual([]);
    expect(r.meta.offset).toBe(999);
  });

  it.each([
    'limit=0',
    'limit=-1',
    'limit=1.5',
    'limit=abc',
    'offset=-1',
    'offset=0.5',
    'limit=99999999999999999999',
    'limit=',
    'limit=1&limit=2',
  ])('D5 %s is a 400 with the D2 body and field errors', async (q) => {
    const t = testSimulator();
    const r = await t.get(`/core/v1/provider/100/child?${q}`, await t.token());
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      success: false,
      code: 400,
      errors: [expect.objectContaining({ field: expect.any(String) })],
    });
  });

  it("D3 the child list's providerId must be the caller's own and a child's token gets 403", async () => {
    const t = testSimulator();
    expect((await t.get('/core/v1/provider/200/child', await t.token())).status).toBe(403);
    expect((await t.get('/core/v1/provider/999999/child', await t.token())).status).toBe(404);
    const child = await t.token('demo-child-101');
    expect((await t.get('/core/v1/provider/101/child', child)).status).toBe(403);
  });
});

describe('4.3 and 4.4 child providers (D5)', () => {
  it('D5 a child of a self-billing parent is PARTNER_SELF managed by the parent, and its credentials mint its own token', async () => {
    const t = testSimulator();
    const parent = await t.token();
    const created = payload<{ providerId: number; clientId: string; secret: string }>(
      await t.post('/iam/v1/register/childProvider', { name: 'Nova', country: 'ES', city: 'Lleida' }, parent),
    );
    const creds = payload(await t.get(`/iam/v1/provider/${created.providerId}/credentials`, parent));
    expect(creds).toEqual({ clientId: created.clientId, secret: created.secret });
    const own = await t.token(created.clientId, created.secret);
    const users = payload<{ billing: unknown; suspension?: unknown }>(
      await t.get(`/payments/v1/subscription/provider/${created.providerId}/user`, own),
    );
    expect(users.billing).toEqual({ mode: 'PARTNER_SELF', managedBy: 'Red Salud Demo' });
    expect(users).not.toHaveProperty('suspension');
    // D5: no contract until checkout.session.completed.
    expect(
      (await t.get(`/payments/v1/subscription/provider/${created.providerId}/license`, own)).status,
    ).toBe(404);
  });

  it('D5 a child of a processor parent is PROCESSOR with no licences', async () => {
    const t = testSimulator();
    const parent = await t.token('demo-processor');
    const created = payload<{ providerId: number }>(
      await t.post('/iam/v1/register/childProvider', { name: 'Nova', country: 'ES', city: 'Soria' }, parent),
    );
    const lic = payload(
      await t.get(`/payments/v1/subscription/provider/${created.providerId}/license`, parent),
    );
    expect(lic).toEqual({ summary: [], scheduledDowngrade: null, suspension: { suspended: false } });
  });

  it.each([
    [{ name: ' ', country: 'ES', city: 'X' }, 'name'],
    [{ name: 'A', country: 'ES' }, 'city'],
    [{ name: 'A'.repeat(201), country: 'ES', city: 'X' }, 'name'],
    [{ name: 1, country: 'ES', city: 'X' }, 'name'],
  ])(
    'D5 a blank, missing, too long or mistyped field is a 400 naming it and creates nothing',
    async (body, field) => {
      const t = testSimulator();
      const token = await t.token();
      const before = JSON.stringify(t.sim.exportState().providers);
      const r = await t.post('/iam/v1/register/childProvider', body, token);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errors: [expect.objectContaining({ field })] });
      expect(JSON.stringify(t.sim.exportState().providers)).toBe(before);
    },
  );

  it('D3 credentials of a provider that is not a child → 403, unknown → 404, child token → 403', async () => {
    const t = testSimulator();
    const parent = await t.token();
    expect((await t.get('/iam/v1/provider/201/credentials', parent)).status).toBe(403);
    expect((await t.get('/iam/v1/provider/424242/credentials', parent)).status).toBe(404);
    expect((await t.get('/iam/v1/provider/102/credentials', await t.token('demo-child-101'))).status).toBe(
      403,
    );
    expect(
      (
        await t.post(
          '/iam/v1/register/childProvider',
          { name: 'a', country: 'b', city: 'c' },
          await t.token('demo-child-101'),
        )
      ).status,
    ).toBe(403);
  });
});

const doctor = (over: Record<string, unknown> = {}) => ({
  name: 'Eva',
  lastname: 'Mas',
  doctorId: 'ext-1',
  healthProviderId: 101,
  doctorSpeciality: 3,
  lang: 'CA',
  email: 'eva@example.com',
  ...over,
});

describe('4.2 doctor registration (D4)', () => {
  it('D4 one doctor answers success with a service doctorId and appears with license null', async () => {
    const t = testSimulator();
    const token = await t.token();
    const r = await t.post('/iam/v1/register/healthProviderDoctor', { doctors: [doctor()] }, token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, doctorId: expect.any(String) });
    expect(r.body).not.toHaveProperty('doctorIds');
    const list = payload<{ doctors: DoctorRow[] }>(
      await t.get('/payments/v1/subscription/provider/101/user?search=Mas', token),
    );
    expect(list.doctors).toContainEqual({ id: 'ext-1', name: 'Eva', lastname: 'Mas', license: null });
  });

  it('D4 re-registering the same doctorId is idempotent: same service id, fields updated', async () => {
    const t = testSimulator();
    const token = await t.token();
    const a = await t.post('/iam/v1/register/healthProviderDoctor', { doctors: [doctor()] }, token);
    const b = await t.post(
      '/iam/v1/register/healthProviderDoctor',
      { doctors: [doctor({ lastname: 'Masó' })] },
      token,
    );
    expect((b.body as { doctorId: string }).doctorId).toBe((a.body as { doctorId: string }).doctorId);
    const list = payload<{ doctors: DoctorRow[]; meta: Meta }>(
      await t.get('/payments/v1/subscription/provider/101/user?search=eva', token),
    );
    expect(list.doctors.filter((d) => d.id === 'ext-1').map((d) => d.lastname)).toEqual(['Masó']);
  });

  it('D4 several doctors also answer doctorIds in request order', async () => {
    const t = testSimulator();
    const r = await t.post(
      '/iam/v1/register/healthProviderDoctor',
      { doctors: [doctor(), doctor({ doctorId: 'ext-2' })] },
      await t.token(),
    );
    const body = r.body as { doctorId: string; doctorIds: string[] };
    expect(body.doctorIds).toHaveLength(2);
    expect(body.doctorIds[0]).toBe(body.doctorId);
  });

  it.each([
    [{ email: 'not-an-email' }, 'doctors[1].email'],
    [{ lang: 'es' }, 'doctors[1].lang'],
    [{ doctorSpeciality: 0 }, 'doctors[1].doctorSpeciality'],
    [{ doctorSpeciality: 1.5 }, 'doctors[1].doctorSpeciality'],
    [{ name: '' }, 'doctors[1].name'],
    [{ healthProviderId: '101' }, 'doctors[1].healthProviderId'],
  ])(
    'D4 any invalid doctor rejects the whole request with an indexed field error (%o)',
    async (over, field) => {
      const t = testSimulator();
      const token = await t.token();
      const before = JSON.stringify(t.sim.exportState().providers);
      const r = await t.post(
        '/iam/v1/register/healthProviderDoctor',
        { doctors: [doctor({ doctorId: 'ok' }), doctor(over)] },
        token,
      );
      expect(r.status).toBe(400);
      expect((r.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(field);
      expect(JSON.stringify(t.sim.exportState().providers)).toBe(before);
    },
  );

  it('D4 healthProviderId unknown → 404, outside the caller and its children → 403', async () => {
    const t = testSimulator();
    const token = await t.token();
    expect(
      (
        await t.post(
          '/iam/v1/register/healthProviderDoctor',
          { doctors: [doctor({ healthProviderId: 777777 })] },
          token,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.post(
          '/iam/v1/register/healthProviderDoctor',
          { doctors: [doctor({ healthProviderId: 201 })] },
          token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('4.6 doctors with licences (2.6, 2.7, 2.8, 2.9, D6)', () => {
  it('4.6 default page size is 10 and doctors are ordered by lastname, name, id', async () => {
    const t = testSimulator();
    const r = payload<{ doctors: DoctorRow[]; meta: Meta }>(
      await t.get('/payments/v1/subscription/provider/101/user', await t.token()),
    );
    expect(r.doctors).toHaveLength(10);
    expect(r.meta).toMatchObject({ offset: 0, limit: 10 });
    const keys = r.doctors.map((d) => [d.lastname, d.name, d.id].join('\u0000'));
    expect(keys).toEqual([...keys].sort());
  });

  it('D6 limit above 100 or below 1 is a 400', async () => {
    const t = testSimulator();
    const token = await t.token();
    expect((await t.get('/payments/v1/subscription/provider/101/user?limit=101', token)).status).toBe(400);
    expect((await t.get('/payments/v1/subscription/provider/101/user?limit=0', token)).status).toBe(400);
  });

  it('D6 search is case- and accent-insensitive on first or last name', async () => {
    const t = testSimulator();
    const r = payload<{ doctors: DoctorRow[] }>(
      await t.get('/payments/v1/subscription/provider/101/user?search=NUNEZ', await t.token()),
    );
    expect(r.doctors.length).toBeGreaterThan(0);
    expect(r.doctors.every((d) => /núñez/i.test(d.lastname) || /núñez/i.test(d.name))).toBe(true);
  });

  it('2.7 a BASIC licence at 100/100 is disabled with limit 100; a doctor without licence has null', async () => {
    const t = testSimulator();
    const r = payload<{ doctors: DoctorRow[] }>(
      await t.get('/payments/v1/subscription/provider/101/user?limit=100', await t.token()),
    );
    expect(r.doctors).toContainEqual(
      expect.objectContaining({
        license: expect.objectContaining({ type: 'BASIC', currentUsage: 100, limit: 100, isEnabled: false }),
      }),
    );
    expect(r.doctors.some((d) => d.license === null)).toBe(true);
    expect(r.doctors).toContainEqual(
      expect.objectContaining({
        license: expect.objectContaining({ type: 'ELITE', limit: null, isEnabled: true }),
      }),
    );
  });

  it('2.8 the suspension block is present for PROCESSOR and omitted for PARTNER_SELF; 2.9 billing says the mode', async () => {
    const t = testSimulator();
    const processor = payload(
      await t.get('/payments/v1/subscription/provider/202/user', await t.token('demo-processor')),
    );
    expect(processor.suspension).toEqual({ suspended: true, reason: 'payment_failed' });
    expect(processor.billing).toEqual({ mode: 'PROCESSOR', managedBy: null });
    const partner = payload(await t.get('/payments/v1/subscription/provider/101/user', await t.token()));
    expect(partner).not.toHaveProperty('suspension');
  });

  it('2.7 (b) a suspended provider has every licence disabled', async () => {
    const t = testSimulator();
    const r = payload<{ doctors: DoctorRow[] }>(
      await t.get('/payments/v1/subscription/provider/202/user', await t.token('demo-processor')),
    );
    const licences = r.doctors.flatMap((d) => (d.license ? [d.license] : []));
    expect(licences.length).toBeGreaterThan(0);
    expect(licences.every((l) => !l.isEnabled)).toBe(true);
  });
});

describe('4.7 licences (2.10, 2.11, 2.12, D7)', () => {
  it('4.7 shape 1: processor seats give summary, scheduledDowngrade with ISO date and suspension', async () => {
    const t = testSimulator();
    const r = payload(
      await t.get('/payments/v1/subscription/provider/201/license', await t.token('demo-processor')),
    );
    expect(r).toEqual({
      summary: [
        { type: 'BASIC', total: 10, used: 4, available: 6 },
        { type: 'ELITE', total: 5, used: 2, available: 3 },
      ],
      scheduledDowngrade: {
        quantity: { '8': 6, '9': 3 },
        effectiveDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
      suspension: { suspended: false },
    });
  });

  it('4.7 shape 2: PARTNER_SELF gives summary and status only', async () => {
    const t = testSimulator();
    const r = payload(await t.get('/payments/v1/subscription/provider/101/license', await t.token()));
    expect(Object.keys(r).sort()).toEqual(['status', 'summary']);
    expect(r.status).toBe('ACTIVE');
  });

  it('4.7 shape 3: pay-per-use gives contractModel USAGE, one USAGE row with null total, scheduledSwitch spaced date and status', async () => {
    const t = testSimulator();
    const r = payload(await t.get('/payments/v1/subscription/provider/102/license', await t.token()));
    expect(r).toEqual({
      contractModel: 'USAGE',
      summary: [{ type: 'USAGE', total: null, used: 4, available: null }],
      scheduledSwitch: {
        quantity: { '8': 4, '9': 1 },
        effectiveDate: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
      status: 'ACTIVE',
    });
  });

  it('4.7 shape 4: userId gives that user licences (2.12) and D7 unknown userId → 404', async () => {
    const t = testSimulator();
    const token = await t.token();
    const r = payload<{ licenses: Record<string, unknown>[] }>(
      await t.get('/payments/v1/subscription/provider/101/license?userId=101-doc-001', token),
    );
    expect(r.licenses).toHaveLength(1);
    expect(Object.keys(r.licenses[0] ?? {}).sort()).toEqual(
      [
        'createdAt',
        'currentUsage',
        'expiresAt',
        'id',
        'isEnabled',
        'lastUsedAt',
        'lastname',
        'limit',
        'name',
        'type',
        'updatedAt',
        'userId',
      ].sort(),
    );
    expect(r.licenses[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await t.get('/payments/v1/subscription/provider/101/license?userId=nobody', token)).status).toBe(
      404,
    );
  });

  it('D7 type alone lists every licence of that type; a type outside the four → 400', async () => {
    const t = testSimulator();
    const token = await t.token();
    const r = payload<{ licenses: { type: string }[] }>(
      await t.get('/payments/v1/subscription/provider/101/license?type=ELITE', token),
    );
    expect(r.licenses.length).toBe(3);
    expect(r.licenses.every((l) => l.type === 'ELITE')).toBe(true);
    expect((await t.get('/payments/v1/subscription/provider/101/license?type=GOLD', token)).status).toBe(400);
    expect((await t.get('/payments/v1/subscription/provider/101/license?type=basic', token)).status).toBe(
      400,
    );
  });

  it('D7 a cancelled centre keeps its summary rows and every licence is disabled', async () => {
    const t = testSimulator();
    const token = await t.token();
    const r = payload(await t.get('/payments/v1/subscription/provider/103/license', token));
    expect(r).toEqual({ summary: [{ type: 'BASIC', total: 4, used: 3, available: 1 }], status: 'INACTIVE' });
    const users = payload<{ doctors: DoctorRow[] }>(
      await t.get('/payments/v1/subscription/provider/103/user', token),
    );
    expect(users.doctors.flatMap((d) => (d.license ? [d.license.isEnabled] : []))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('2.10 a TRIAL row appears while the centre has trial licences', async () => {
    const t = testSimulator();
    const r = payload<{ summary: { type: string }[] }>(
      await t.get('/payments/v1/subscription/provider/104/license', await t.token()),
    );
    expect(r.summary.map((s) => s.type)).toEqual(['TRIAL']);
  });
});

describe('4.8 partner webhook (3.2, 6, D8)', () => {
  it('3.2 checkout.session.completed creates the contract of a centre with none (seats)', async () => {
    const t = testSimulator();
    const token = await t.token();
    const r = await t.post(
      '/payments/v1/partner/webhook',
      webhook('evt_1', 'checkout.session.completed', {
        providerId: 105,
        items: [
          { planType: 'BASIC', quantity: 5 },
          { planType: 'ELITE', quantity: 2 },
        ],
      }),
      token,
    );
    expect(r.body).toEqual({
      success: true,
      code: 200,
      response: { eventId: 'evt_1', applied: true, status: 'ACTIVE' },
    });
    const lic = payload(await t.get('/payments/v1/subscription/provider/105/license', token));
    expect(lic.summary).toEqual([
      { type: 'BASIC', total: 5, used: 0, available: 5 },
      { type: 'ELITE', total: 2, used: 0, available: 2 },
    ]);
  });

  it('D8 a repeated event id answers applied:false and changes nothing', async () => {
    const t = testSimulator();
    const token = await t.token();
    const event = webhook('evt_same', 'customer.subscription.updated', {
      providerId: 101,
      items: [
        { planType: 'BASIC', quantity: 12 },
        { planType: 'ELITE', quantity: 3 },
      ],
    });
    await t.post('/payments/v1/partner/webhook', event, token);
    const before = JSON.stringify(t.sim.exportState());
    const again = await t.post(
      '/payments/v1/partner/webhook',
      { ...event, data: { providerId: 101, items: [{ planType: 'BASIC', quantity: 50 }] } },
      token,
    );
    expect(payload(again)).toEqual({ eventId: 'evt_same', applied: false, status: 'ACTIVE' });
    expect(JSON.stringify(t.sim.exportState())).toBe(before);
  });

  it('D8 an event id already applied to one centre, sent for a centre with no contract, is refused (409), never a null status', async () => {
    const t = testSimulator();
    const token = await t.token();
    const first = await t.post(
      '/payments/v1/partner/webhook',
      webhook('evt_used', 'customer.subscription.updated', {
        providerId: 101,
        items: [
          { planType: 'BASIC', quantity: 12 },
          { planType: 'ELITE', quantity: 3 },
        ],
      }),
      token,
    );
    expect(payload(first)).toMatchObject({ eventId: 'evt_used', applied: true });
    const before = JSON.stringify(t.sim.exportState());
    // 105 has no contract yet (D12's seed): the id names another centre's event.
    const elsewhere = await t.post(
      '/payments/v1/partner/webhook',
      webhook('evt_used', 'checkout.session.completed', {
        providerId: 105,
        items: [{ planType: 'BASIC', quantity: 2 }],
      }),
      token,
    );
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body).toEqual({
      success: false,
      code: 409,
      message: 'Event evt_used was already used for another centre',
    });
    expect(JSON.stringify(t.sim.exportState())).toBe(before);
  });

  it('D8 customer.subscription.updated with quantity 0 drops a plan from the summary (2.10)', async () => {
    const t = testSimulator();
    const token = await t.token();
    await t.post(
      '/payments/v1/partner/webhook',
      webhook('evt_2', 'checkout.session.completed', {
        providerId: 105,
        items: [
          { planType: 'BASIC', quantity: 5 },
          { planType: 'ELITE', quantity: 2 },
        ],
      }),
      token,
    );
    await t.post(
      '/payments/v1/partner/webhook',
      webhook('evt_3', 'customer.subscription.updated', {
        providerId: 105,
        items: [
          { planType: 'BASIC', quantity: 5 },
          { planType: 'ELITE', quantity: 0 },
        ],
      }),
      token,
    );
    const lic = payload<{ summary: { type: string }[] }>(
      await t.get('/payments/v1/subscription/provider/105/license', token),
    );
    expect(lic.summary.map((s) => s.type)).toEqual(['BASIC']);
  });

  it('3.2 customer.subscription.deleted sets INACTIVE and disables every licence without deleting data', async () => {
    const t = testSimulator();
    const token = await t.token();
    const r = await t.post(
      '/payments/v1/partner/webhook',
      webhook('evt_del', 'customer.subscription.deleted', { providerId: 101 }),
      token,
    );
    expect(payload(r)).toMatchObject({ applied: true, status: 'INACTIVE' });
    const users = payload<{ doctors: DoctorRow[]; meta: Meta }>(
      await t.get('/payments/v1/subscription/provider/101/user?limit=100', token),
    );
    expect(users.meta.total).toBe(24);
    expect(users.doctors.filter((d) => d.license).every((d) => d.license?.isEnabled === false)).toBe(true);
  });

  it('D8 updating an INACTIVE contract reactivates it', async () => {
    const t = testSimulator();
    const token = await t.token();
    const r = await t.post(
      '/payments/v1/partner/webhook',
      webhook('evt_re', 'customer.subscription.updated', {
        providerId: 103,
        items: [{ planType: 'BASIC', quantity: 4 }],
      }),
      token,
    );
    expect(payload(r)).toMatchObject({ status: 'ACTIVE' });
  });

  it('D8 a pay-per-use centre moving to seats gets a scheduledSwitch at its next renewal', async () => {
    const t = testSimulator();
    const token = await t.token();
    await t.post(
      '/payments/v1/partner/webhook',
      webhook('evt_sw', 'customer.subscription.updated', {
        providerId: 106,
        items: [{ planType: 'BASIC', quantity: 2 }],
      }),
      token,
    );
    const lic = payload(await t.get('/payments/v1/subscription/provider/106/license', token));
    expect(lic).toMatchObject({
      contractModel: 'USAGE',
      scheduledSwitch: { quantity: { '8': 2 }, effectiveDate: expect.any(String) },
    });
  });

  it.each([
    [
      'create while a contract is ACTIVE',
      webhook('e1', 'checkout.session.completed', {
        providerId: 101,
        items: [{ planType: 'BASIC', quantity: 50 }],
      }),
    ],
    [
      'update with no contract',
      webhook('e2', 'customer.subscription.updated', {
        providerId: 105,
        items: [{ planType: 'BASIC', quantity: 1 }],
      }),
    ],
    ['delete with no contract', webhook('e3', 'customer.subscription.deleted', { providerId: 105 })],
    ['delete when already INACTIVE', webhook('e4', 'customer.subscription.deleted', { providerId: 103 })],
    [
      'seats below the licences already assigned',
      webhook('e5', 'customer.subscription.updated', {
        providerId: 101,
        items: [
          { planType: 'BASIC', quantity: 1 },
          { planType: 'ELITE', quantity: 3 },
        ],
      }),
    ],
    [
      'a USAGE item for a cancelled centre',
      webhook('e6', 'customer.subscription.updated', {
        providerId: 103,
        items: [{ planType: 'USAGE', includedConsultations: 10 }],
      }),
    ],
  ])('D8 422 when the event does not fit the state: %s, and nothing changes', async (_what, event) => {
    const t = testSimulator();
    const token = await t.token();
    const before = JSON.stringify(t.sim.exportState().providers);
    const r = await t.post('/payments/v1/partner/webhook', event, token);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ success: false, code: 422, message: expect.any(String) });
    expect(JSON.stringify(t.sim.exportState().providers)).toBe(before);
  });

  it('D3 the webhook: processor parent → 403, not its child → 403, unknown → 404, PROCESSOR centre → 409', async () => {
    const t = testSimulator();
    const parent = await t.token();
    const processorParentEvent = webhook('x1', 'customer.subscription.deleted', { providerId: 201 });
    expect(
      (await t.post('/payments/v1/partner/webhook', processorParentEvent, await t.token('demo-processor')))
        .status,
    ).toBe(403);
    expect((await t.post('/payments/v1/partner/webhook', processorParentEvent, parent)).status).toBe(403);
    expect(
      (
        await t.post(
          '/payments/v1/partner/webhook',
          webhook('x2', 'customer.subscription.deleted', { providerId: 99999 }),
          parent,
        )
      ).status,
    ).toBe(404);
    const created = (
      await t.post('/__sim/providers', {
        name: 'P',
        country: 'ES',
        city: 'V',
        parentId: 100,
        billingMode: 'PROCESSOR',
      })
    ).body as { providerId: number };
    const r = await t.post(
      '/payments/v1/partner/webhook',
      webhook('x3', 'customer.subscription.deleted', { providerId: created.providerId }),
      parent,
    );
    expect(r.status).toBe(409);
  });

  it.each([
    [
      'an unknown type',
      { id: 'a', type: 'invoice.paid', created: '2026-11-22T10:00:00Z', data: { providerId: 101 } },
    ],
    [
      'a missing id',
      { type: 'customer.subscription.deleted', created: '2026-11-22T10:00:00Z', data: { providerId: 101 } },
    ],
    [
      'a bad created date',
      { id: 'a', type: 'customer.subscription.deleted', created: 'yesterday', data: { providerId: 101 } },
    ],
    [
      'USAGE mixed with seats',
      webhook('a', 'customer.subscription.updated', {
        providerId: 101,
        items: [
          { planType: 'USAGE', includedConsultations: 1 },
          { planType: 'BASIC', quantity: 1 },
        ],
      }),
    ],
    [
      'a huge quantity',
      webhook('a', 'customer.subscription.updated', {
        providerId: 101,
        items: [{ planType: 'BASIC', quantity: 1e300 }],
      }),
    ],
    ['a string providerId', webhook('a', 'customer.subscription.deleted', { providerId: '101' })],
  ])('D8 a bad envelope (%s) is a 400', async (_what, event) => {
    const t = testSimulator();
    const r = await t.post('/payments/v1/partner/webhook', event, await t.token());
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, errors: expect.any(Array) });
  });
});

describe('4.9 report templates (2.13, D9)', () => {
  it('4.9 rule 1: only providerId lists the provider templates (HEALTH_PROVIDER), 10 by default, ordered by id', async () => {
    const t = testSimulator();
    const r = payload<{ data: { id: number; ownerType: string; providerId: string }[]; meta: Meta }>(
      await t.get('/reportExample?providerId=101', await t.token()),
    );
    expect(r.data).toHaveLength(10);
    expect(r.meta).toEqual({ total: 45, offset: 0, limit: 10 });
    expect(
      r.data.every((d) => d.ownerType === 'HEALTH_PROVIDER' && d.providerId === '101' && !('userId' in d)),
    ).toBe(true);
    const ids = r.data.map((d) => d.id);
    expect(ids).toEqual(r.data.map((d) => d.id).sort((a, b) => a - b));
  });

  it('4.9 rule 2: with userId the user templates are included too (60+ in the demo)', async () => {
    const t = testSimulator();
    const r = payload<{ data: { ownerType: string; userId?: string }[]; meta: Meta }>(
      await t.get('/reportExample?providerId=101&userId=101-doc-002&limit=100', await t.token()),
    );
    expect(r.meta.total).toBe(65);
    expect(r.data.filter((d) => d.ownerType === 'USER').every((d) => d.userId === '101-doc-002')).toBe(true);
  });

  it('4.9 rule 3: excludeProvider=true returns only the user templates; D9 without userId → 400', async () => {
    const t = testSimulator();
    const token = await t.token();
    const r = payload<{ data: { ownerType: string }[]; meta: Meta }>(
      await t.get('/reportExample?providerId=101&userId=101-doc-002&excludeProvider=true&limit=100', token),
    );
    expect(r.meta.total).toBe(20);
    expect(r.data.every((d) => d.ownerType === 'USER')).toBe(true);
    expect((await t.get('/reportExample?providerId=101&excludeProvider=true', token)).status).toBe(400);
  });

  it('D9 providerId missing, limit above 100 → 400; unknown userId → 404', async () => {
    const t = testSimulator();
    const token = await t.token();
    expect((await t.get('/reportExample', token)).status).toBe(400);
    expect((await t.get('/reportExample?providerId=101&limit=101', token)).status).toBe(400);
    expect((await t.get('/reportExample?providerId=101&userId=ghost', token)).status).toBe(404);
  });

  it('D9 the path prefix before /reportExample is configurable', async () => {
    const t = testSimulator({ templatesPrefix: '/templates/v2' });
    const token = await t.token();
    expect((await t.get('/templates/v2/reportExample?providerId=101', token)).status).toBe(200);
    expect((await t.get('/reportExample?providerId=101', token)).status).toBe(404);
  });
});

describe('bad input never changes the state and never answers 500', () => {
  it.each([
    ['bad JSON', { raw: '{"doctors": [', type: 'application/json' }],
    ['a wrong content type', { raw: '{"doctors":[]}', type: 'text/plain' }],
    ['no body', { type: 'application/json' }],
    ['an array body', { raw: '[]', type: 'application/json' }],
  ])('§7 %s on a JSON operation is a 400 with the D2 body', async (_what, init) => {
    const t = testSimulator();
    const token = await t.token();
    for (const path of [
      '/iam/v1/register/healthProviderDoctor',
      '/iam/v1/register/childProvider',
      '/payments/v1/partner/webhook',
    ]) {
      const before = JSON.stringify(t.sim.exportState().providers);
      // oxlint-disable-next-line no-await-in-loop -- each path is checked against the state after the previous one
      const r = await t.call('POST', path, { bearer: token, ...init });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        success: false,
        code: 400,
        message: expect.any(String),
        errors: expect.any(Array),
      });
      expect(JSON.stringify(t.sim.exportState().providers)).toBe(before);
    }
  });

  it('§7 a path id that is not a positive integer is a 400', async () => {
    const t = testSimulator();
    const r = await t.get('/core/v1/provider/abc/child', await t.token());
    expect(r.status).toBe(400);
  });
});

describe('D2 error body and D3 permissions', () => {
  it('D2 errors appear only on 400; other errors carry success false, code and message', async () => {
    const t = testSimulator();
    const token = await t.token();
    const notFound = await t.get('/payments/v1/subscription/provider/424242/user', token);
    expect(notFound.body).toEqual({ success: false, code: 404, message: expect.any(String) });
    const forbidden = await t.get('/payments/v1/subscription/provider/201/user', token);
    expect(forbidden.body).toEqual({ success: false, code: 403, message: expect.any(String) });
  });

  it("D3 a child's token acts on itself only: a sibling or its parent is 403", async () => {
    const t = testSimulator();
    const child = await t.token('demo-child-101');
    expect((await t.get('/payments/v1/subscription/provider/101/user', child)).status).toBe(200);
    expect((await t.get('/payments/v1/subscription/provider/102/user', child)).status).toBe(403);
    expect((await t.get('/payments/v1/subscription/provider/100/license', child)).status).toBe(403);
  });

  it('D3 a parent acts on itself and its direct children', async () => {
    const t = testSimulator();
    const parent = await t.token();
    expect((await t.get('/payments/v1/subscription/provider/100/license', parent)).status).toBe(200);
    expect((await t.get('/payments/v1/subscription/provider/134/license', parent)).status).toBe(200);
  });

  it('§7 an unknown enum value in a body is a 400 (planType, lang)', async () => {
    const t = testSimulator();
    const token = await t.token();
    const r = await t.post(
      '/payments/v1/partner/webhook',
      webhook('g', 'customer.subscription.updated', {
        providerId: 101,
        items: [{ planType: 'GOLD', quantity: 1 }],
      }),
      token,
    );
    expect(r.status).toBe(400);
    const d = await t.post(
      '/iam/v1/register/healthProviderDoctor',
      { doctors: [doctor({ lang: 'XX' })] },
      token,
    );
    expect(d.status).toBe(400);
  });
});
