import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createSimulator } from '../../../simulator/index.ts';
import { contractEventsSchema, type ContractEvent } from '../../../proxy-api/console.ts';
import { readContractEvents } from './contract-events.ts';
import { createMemoryAuditStore } from '../audit/memory-store.ts';
import { entry } from '../../testing/audit-store-suite.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';

// The contract-event log (docs/decisions/0016), a view of the audit log (docs/decisions/0018), over
// the proxy's Node host in front of the simulator: what is written (forwarded partner-webhook
// calls, each attempt with its answer), what is not, and who may read it.

type Simulator = ReturnType<typeof createSimulator>;
let sim: Simulator;
let proxy: Harness;

const PARENT = { clientId: 'demo-parent', clientSecret: 'demo-parent-secret' };
const PROCESSOR = { providerId: 200, clientId: 'demo-processor', clientSecret: 'demo-processor-secret' };
const CENTRE_101 = { providerId: 101, clientId: 'demo-child-101', clientSecret: 'demo-child-101-secret' };

beforeEach(async () => {
  sim = createSimulator({ seed: 'demo' });
  const transport = (request: Request) => sim.fetch(request);
  // The API deadline is the harness's 1 s: a fault delayed past it is a timeout.
  proxy = await startProxy(undefined, { transports: { demo: transport }, simulatorControl: transport });
});
afterEach(() => proxy.close());

async function signIn(credentials: Record<string, unknown>): Promise<string> {
  const { response, session } = await proxy.login(credentials);
  expect(response.status).toBe(200);
  if (!session) throw new Error('no session');
  return session;
}

const event = (id: string, type: string, data: Record<string, unknown>) => ({
  id,
  type,
  created: '2026-11-22T10:00:00Z',
  data,
});

function sendWebhook(session: string, body: unknown) {
  return proxy.request('/api/payments/v1/partner/webhook', {
    method: 'POST',
    session,
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function readLog(session: string, query = ''): Promise<ContractEvent[]> {
  const response = await proxy.request(`/contract-events${query}`, { session });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return contractEventsSchema.parse(await response.json()).events;
}

describe('the contract-event log', () => {
  test('records a forwarded event with its answer, and a retry of the same id as a second attempt', async () => {
    const session = await signIn(PARENT);
    const body = event('evt_log_1', 'customer.subscription.updated', {
      providerId: 101,
      items: [
        { planType: 'BASIC', quantity: 12 },
        { planType: 'ELITE', quantity: 3 },
      ],
    });
    expect((await sendWebhook(session, body)).status).toBe(200);
    proxy.clock.advance(60_000);
    expect((await sendWebhook(session, body)).status).toBe(200);

    const [logged, ...others] = await readLog(session);
    expect(others).toEqual([]);
    expect(logged).toEqual({
      eventId: 'evt_log_1',
      type: 'customer.subscription.updated',
      centreId: 101,
      created: '2026-11-22T10:00:00Z',
      items: [
        { planType: 'BASIC', quantity: 12 },
        { planType: 'ELITE', quantity: 3 },
      ],
      attempts: [
        {
          at: '2026-11-23T08:00:00.000Z',
          clientId: 'demo-parent',
          status: 200,
          applied: true,
          contractStatus: 'ACTIVE',
        },
        // D8: the repeated id changed nothing.
        {
          at: '2026-11-23T08:01:00.000Z',
          clientId: 'demo-parent',
          status: 200,
          applied: false,
          contractStatus: 'ACTIVE',
        },
      ],
    });
  });

  test('records refusals by their status, never the service’s words, and a timeout as the proxy’s 504', async () => {
    const session = await signIn(PARENT);
    // D8: a creation while a contract is ACTIVE → 422.
    const refused = await sendWebhook(
      session,
      event('evt_log_2', 'checkout.session.completed', {
        providerId: 101,
        items: [{ planType: 'BASIC', quantity: 1 }],
      }),
    );
    expect(refused.status).toBe(422);
    // D11: the service answers after the proxy's deadline, and applies the cancellation then.
    sim.core.addFault({ match: 'POST /payments/v1/partner/webhook', delayMs: 1_400 });
    const cancel = event('evt_log_3', 'customer.subscription.deleted', { providerId: 107 });
    expect((await sendWebhook(session, cancel)).status).toBe(504);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await sendWebhook(session, cancel)).status).toBe(200);

    const [cancelled, create] = await readLog(session);
    expect(create?.attempts).toEqual([{ at: expect.any(String), clientId: 'demo-parent', status: 422 }]);
    const audit = JSON.stringify(
      await proxy.audit.page({
        scope: { environment: 'demo', ownerProviderId: 100 },
        filter: {},
        limit: 100,
      }),
    );
    expect(audit).not.toContain('already has an active contract');
    expect(cancelled?.eventId).toBe('evt_log_3');
    expect(cancelled?.items).toBeUndefined();
    expect(cancelled?.attempts).toEqual([
      expect.objectContaining({ status: 504, code: 'upstream_timeout' }),
      // The late first attempt had applied it: the retry changed nothing (D8).
      expect.objectContaining({ status: 200, applied: false, contractStatus: 'INACTIVE' }),
    ]);
  });

  test('is written only for partner-webhook calls that were forwarded', async () => {
    const session = await signIn(PARENT);
    // Other operations, forwarded or not.
    expect((await proxy.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
    const register = await proxy.request('/api/iam/v1/register/healthProviderDoctor', {
      method: 'POST',
      session,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ doctors: [] }),
    });
    expect(register.status).toBe(400);
    // The webhook refused before it leaves: no session, no console header, not JSON, not JSON typed.
    const body = event('evt_not_sent', 'customer.subscription.deleted', { providerId: 107 });
    expect((await sendWebhook('A'.repeat(43), body)).status).toBe(401);
    const noHeader = await proxy.request('/api/payments/v1/partner/webhook', {
      method: 'POST',
      session,
      csrf: false,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(noHeader.status).toBe(403);
    expect((await sendWebhook(session, '{"id":')).status).toBe(400);
    const asText = await proxy.request('/api/payments/v1/partner/webhook', {
      method: 'POST',
      session,
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(body),
    });
    expect(asText.status).toBe(415);
    // Forwarded, but with no event id to name it by: the service answers 400, the log has nothing.
    expect((await sendWebhook(session, { type: 'customer.subscription.deleted' })).status).toBe(400);

    expect(await readLog(session)).toEqual([]);
    expect(sim.exportState().providers['107']?.contract?.status).toBe('ACTIVE');
  });

  test('filters by centre, and refuses a bad filter, another method and a request without the console header', async () => {
    const session = await signIn(PARENT);
    await sendWebhook(session, event('evt_a', 'customer.subscription.deleted', { providerId: 107 }));
    await sendWebhook(session, event('evt_b', 'customer.subscription.deleted', { providerId: 108 }));
    expect((await readLog(session)).map((logged) => logged.eventId)).toEqual(['evt_b', 'evt_a']);
    expect((await readLog(session, '?centreId=107')).map((logged) => logged.eventId)).toEqual(['evt_a']);
    expect((await readLog(session, '?centreId=999')).map((logged) => logged.eventId)).toEqual([]);
    const bad = await proxy.request('/contract-events?centreId=abc', { session });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_request' });
    const post = await proxy.request('/contract-events', { method: 'POST', session });
    expect(post.status).toBe(405);
    expect((await proxy.request('/contract-events', { session, csrf: false })).status).toBe(403);
    expect((await proxy.request('/contract-events')).status).toBe(401);
    expect((await proxy.request('/contract-events/x', { session })).status).toBe(404);
  });

  test('is unreadable by another parent and by a centre’s own login', async () => {
    const parent = await signIn(PARENT);
    await sendWebhook(parent, event('evt_private', 'customer.subscription.deleted', { providerId: 101 }));
    expect(await readLog(parent)).toHaveLength(1);

    const processor = await signIn(PROCESSOR);
    expect(await readLog(processor)).toEqual([]);
    expect(await readLog(processor, '?centreId=101')).toEqual([]);
    const centre = await signIn(CENTRE_101);
    expect(await readLog(centre)).toEqual([]);
    expect(await readLog(centre, '?centreId=101')).toEqual([]);
    // Another session of the same parent shares it.
    const colleague = await signIn(PARENT);
    expect((await readLog(colleague)).map((logged) => logged.eventId)).toEqual(['evt_private']);
  });
});

const scope = { environment: 'qa', ownerProviderId: 100 };
const at = Date.parse('2026-11-23T08:00:00Z');
const day = 86_400_000;
const attempt = (eventId: string, time: number, status = 200, digest = 'd') =>
  entry('qa', {
    at: time,
    subject: eventId,
    outcome: { status, code: null },
    detail: { eventId, type: 'customer.subscription.deleted', bodyDigest: digest },
  });

describe('the log as a view of the audit log', () => {
  test('an event is its id and its body: an id sent with two bodies is two events', async () => {
    const audit = createMemoryAuditStore();
    await audit.append([attempt('evt_same', at, 200, 'first'), attempt('evt_same', at + 1, 200, 'second')]);
    const { events } = await readContractEvents(audit, scope, { since: 0 });
    expect(events.map((logged) => logged.attempts.length)).toEqual([1, 1]);
  });

  test('reads within the retention only, and an event’s latest 20 attempts, oldest first', async () => {
    const audit = createMemoryAuditStore();
    await audit.append([attempt('old', at), attempt('recent', at + 30 * day)]);
    const ids = async (since: number) =>
      (await readContractEvents(audit, scope, { since })).events.map((e) => e.eventId);
    expect(await ids(at)).toEqual(['recent', 'old']);
    expect(await ids(at + day)).toEqual(['recent']);
    await audit.append(
      Array.from({ length: 25 }, (_, index) => attempt('recent', at + 31 * day + index * 1_000, 504)),
    );
    const [recent] = (await readContractEvents(audit, scope, { since: at + day })).events;
    expect(recent?.attempts).toHaveLength(20);
    expect(recent?.attempts[19]?.at).toBe(new Date(at + 31 * day + 24_000).toISOString());
  });
});
