import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { activityPageSchema, type ActivityEntry } from '../../../proxy-api/activity.ts';
import { createSimulator } from '../../../simulator/index.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';

// What the audit log records of each change made through the proxy (docs/decisions/0018), over the
// Node host in front of the simulator's demo seed (D12): one entry per sign-in, sign-out, centre
// created, credentials revealed, doctor registered or refused and contract event attempt.

let sim: ReturnType<typeof createSimulator>;
let proxy: Harness;

const PARENT = { clientId: 'demo-parent', clientSecret: 'demo-parent-secret' };
const CENTRE_101 = { providerId: 101, clientId: 'demo-child-101', clientSecret: 'demo-child-101-secret' };
const CANARY = 'ECHOED-Bearer-7c1d9e';

beforeEach(async () => {
  sim = createSimulator({ seed: 'demo' });
  const transport = (request: Request) => sim.fetch(request);
  proxy = await startProxy(undefined, {
    transports: { demo: transport },
    simulatorControl: transport,
    changesPerMinute: 12,
  });
});
afterEach(() => proxy.close());

async function signIn(credentials: Record<string, unknown>): Promise<string> {
  const { response, session } = await proxy.login(credentials);
  expect(response.status).toBe(200);
  if (!session) throw new Error('no session');
  return session;
}

const post = (session: string, path: string, body: unknown) =>
  proxy.request(`/api${path}`, {
    method: 'POST',
    session,
    headers: { 'content-type': 'application/json', 'user-agent': 'recorder-test/1.0' },
    body: JSON.stringify(body),
  });

async function activity(session: string, query = ''): Promise<ActivityEntry[]> {
  const response = await proxy.request(`/audit/entries${query}`, { session });
  expect(response.status).toBe(200);
  return activityPageSchema.parse(await response.json()).entries;
}

const doctor = (doctorId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Ana',
  lastname: 'García',
  doctorId,
  healthProviderId: 101,
  doctorSpeciality: 3,
  lang: 'ES',
  ...overrides,
});

describe('the audit log records', () => {
  test('a sign-in and a sign-out, with who, whose credentials, the request id, address and user agent', async () => {
    const session = await signIn(PARENT);
    const logout = await proxy.request('/auth/logout', { method: 'POST', session });
    expect(logout.status).toBe(204);
    const again = await signIn(PARENT);
    const [, signOut, signInEntry] = await activity(again);
    expect(signInEntry).toMatchObject({
      environment: 'demo',
      action: 'auth.sign_in',
      actor: { kind: 'client', providerId: 100, clientId: 'demo-parent' },
      ownerProviderId: 100,
      centreId: 100,
      outcome: { accepted: true, status: 200, code: null },
      clientAddress: '127.0.0.1',
      detail: { method: 'credentials', providerVerified: true },
    });
    expect(signOut).toMatchObject({ action: 'auth.sign_out', outcome: { status: 204 } });
    expect(signOut?.requestId).toBe(logout.headers.get('x-request-id'));
    expect(JSON.stringify(await activity(again))).not.toContain(PARENT.clientSecret);
  });

  test('each doctor registered, and each refused with the fields refused, never the service’s words', async () => {
    const session = await signIn(PARENT);
    expect(
      (await post(session, '/iam/v1/register/healthProviderDoctor', { doctors: [doctor('ext-1')] })).status,
    ).toBe(200);
    const refused = await post(session, '/iam/v1/register/healthProviderDoctor', {
      doctors: [doctor('ext-2'), doctor('ext-3', { email: 'not-an-email', lang: 'XX' })],
    });
    expect(refused.status).toBe(400);
    const entries = await activity(session, '?action=doctor.register');
    expect(entries.map((entry) => [entry.subject, entry.outcome.status, entry.detail.refusedFields])).toEqual(
      [
        // One request's doctors share its time; the later in the request is the newer entry.
        ['ext-3', 400, ['email', 'lang']],
        ['ext-2', 400, undefined],
        ['ext-1', 200, undefined],
      ],
    );
    expect(entries[2]).toMatchObject({
      centreId: 101,
      userAgent: 'recorder-test/1.0',
      detail: { name: 'Ana', lastname: 'García', serviceDoctorId: expect.any(String) },
    });
  });

  test('a centre created with its new id, and its credentials revealed, without either secret', async () => {
    const session = await signIn(PARENT);
    const created = await post(session, '/iam/v1/register/childProvider', {
      name: 'Clínica Nueva',
      country: 'ES',
      city: 'Girona',
    });
    expect(created.status).toBe(200);
    const { response } = (await created.json()) as { response: { providerId: number; secret: string } };
    const revealed = await proxy.request(`/api/iam/v1/provider/${response.providerId}/credentials`, {
      session,
    });
    expect(revealed.status).toBe(200);
    const entries = await activity(session, '?action=centre.create,centre.credentials_reveal');
    expect(entries).toMatchObject([
      { action: 'centre.credentials_reveal', centreId: response.providerId, outcome: { status: 200 } },
      {
        action: 'centre.create',
        centreId: response.providerId,
        detail: { name: 'Clínica Nueva', country: 'ES', city: 'Girona' },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(response.secret);
  });

  test('no text of the service in any entry, whatever it echoes', async () => {
    const session = await signIn(PARENT);
    const echo = { success: false, code: 422, message: `${CANARY} was not accepted`, error: `${CANARY} x` };
    for (const match of [
      'POST /payments',
      'POST /iam/v1/register/healthProviderDoctor',
      'POST /iam/v1/register/childProvider',
      'GET /iam/v1/provider',
    ])
      sim.core.addFault({ match, status: 422, body: echo });
    await post(session, '/payments/v1/partner/webhook', {
      id: 'evt_echo',
      type: 'customer.subscription.deleted',
      data: { providerId: 107 },
    });
    await post(session, '/iam/v1/register/healthProviderDoctor', { doctors: [doctor('ext-9')] });
    await post(session, '/iam/v1/register/childProvider', { name: 'X', country: 'ES', city: 'Y' });
    await proxy.request('/api/iam/v1/provider/101/credentials', { session });
    const entries = await activity(session);
    expect(entries.filter((entry) => entry.outcome.status === 422)).toHaveLength(4);
    expect(JSON.stringify(entries)).not.toContain(CANARY);
    const csv = await (await proxy.request('/audit/entries.csv', { session })).text();
    expect(csv).not.toContain(CANARY);
  });
});

const event = (id: string, providerId: number) => ({
  id,
  type: 'customer.subscription.deleted',
  created: '2026-11-22T10:00:00Z',
  data: { providerId },
});

describe('before a change leaves', () => {
  test('an event id reused with another body is refused, and the service never sees it', async () => {
    const session = await signIn(PARENT);
    expect((await post(session, '/payments/v1/partner/webhook', event('evt_once', 107))).status).toBe(200);
    // The same body again is a retry: forwarded (D8 answers applied: false).
    expect((await post(session, '/payments/v1/partner/webhook', event('evt_once', 107))).status).toBe(200);
    const reused = await post(session, '/payments/v1/partner/webhook', event('evt_once', 108));
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'event_id_reused' });
    expect(sim.exportState().providers['108']?.contract?.status).toBe('ACTIVE');
    const entries = await activity(session, '?action=contract.event');
    expect(entries.map((entry) => entry.centreId)).toEqual([107, 107]);
  });

  test('a session past its changes per minute gets a 429 in words, and nothing more is sent or recorded', async () => {
    const session = await signIn(PARENT);
    const statuses: number[] = [];
    for (let index = 0; index < 14; index += 1)
      statuses.push(
        // oxlint-disable-next-line no-await-in-loop -- one after the other
        (await post(session, '/payments/v1/partner/webhook', event(`evt_flood_${index}`, 999))).status,
      );
    expect(statuses.slice(0, 12).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
    const refused = await post(session, '/payments/v1/partner/webhook', event('evt_more', 999));
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({
      code: 'too_many_changes',
      detail: expect.stringContaining('12 changes in the last minute'),
    });
    expect(await activity(session, '?action=contract.event&limit=200')).toHaveLength(12);
    // Another session is not held up, and reading is not a change.
    const colleague = await signIn(PARENT);
    expect((await post(colleague, '/payments/v1/partner/webhook', event('evt_other', 999))).status).not.toBe(
      429,
    );
    proxy.clock.advance(61_000);
    expect((await post(session, '/payments/v1/partner/webhook', event('evt_later', 999))).status).not.toBe(
      429,
    );
  });
});

describe('reading the log', () => {
  test("a centre's own login reads its own entries only, never its parent's about it", async () => {
    const parent = await signIn(PARENT);
    await post(parent, '/iam/v1/register/healthProviderDoctor', { doctors: [doctor('by-parent')] });
    const centre = await signIn(CENTRE_101);
    await post(centre, '/iam/v1/register/healthProviderDoctor', { doctors: [doctor('by-centre')] });
    const own = await activity(centre);
    expect(own.map((entry) => entry.subject ?? entry.action)).toEqual(['by-centre', 'auth.sign_in']);
    expect(own.every((entry) => entry.ownerProviderId === 101)).toBe(true);
    expect(await activity(centre, '?centreId=101&action=doctor.register')).toHaveLength(1);
    const parents = await activity(parent, '?action=doctor.register');
    expect(parents.map((entry) => entry.subject)).toEqual(['by-parent']);
  });
});
