import { describe, expect, it } from 'vitest';
import { envelope, fakeTransport, json } from '../testing.ts';
import { createChildCenter } from './create-child-center.ts';
import { getChildCenterCredentials } from './get-child-center-credentials.ts';
import { getLicenses } from './get-licenses.ts';
import { listChildCenters } from './list-child-centers.ts';
import { listDoctorsWithLicenses } from './list-doctors-with-licenses.ts';
import { listReportTemplates } from './list-report-templates.ts';
import { registerDoctors } from './register-doctors.ts';
import { requestToken } from './request-token.ts';
import { sendPartnerWebhook } from './send-partner-webhook.ts';

const page = (data: unknown[]) =>
  envelope({ data, meta: { total: data.length, offset: 0, limit: data.length } });

async function only(requests: Request[]) {
  expect(requests).toHaveLength(1);
  const request = requests[0] as Request;
  const url = new URL(request.url);
  return { request, url, query: Object.fromEntries(url.searchParams), body: await request.text() };
}

describe('the nine operations send exactly what the spec says', () => {
  it('4.1 posts a form-urlencoded client-credentials grant to /api/iam/integration/token', async () => {
    const t = fakeTransport(() => json({ access_token: 'tok', token_type: 'Bearer', expires_in: 60 }));
    const result = await requestToken(t.client, { clientId: 'demo-parent', clientSecret: 's&cret=1' });
    const { request, url, body } = await only(t.requests);
    expect(request.method).toBe('POST');
    expect(url.href).toBe('https://upstream.test/api/iam/integration/token');
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'demo-parent',
      client_secret: 's&cret=1',
    });
    expect(result).toEqual({
      ok: true,
      value: { access_token: 'tok', token_type: 'Bearer', expires_in: 60 },
    });
  });

  it('4.2 posts {doctors:[…]} as JSON to /iam/v1/register/healthProviderDoctor', async () => {
    const t = fakeTransport(() => json({ success: true, message: 'ok', doctorId: 'srv-1' }));
    const doctor = {
      name: 'Ana',
      lastname: 'Puig',
      doctorId: 'ext-1',
      healthProviderId: 101,
      doctorSpeciality: 3,
      lang: 'CA' as const,
    };
    const result = await registerDoctors(t.client, { doctors: [doctor] });
    const { request, url, body } = await only(t.requests);
    expect([request.method, url.pathname, url.search]).toEqual([
      'POST',
      '/iam/v1/register/healthProviderDoctor',
      '',
    ]);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(body)).toEqual({ doctors: [doctor] });
    expect(result.ok && result.value.doctorId).toBe('srv-1');
  });

  it('4.3 posts name, country and city to /iam/v1/register/childProvider and returns the credentials', async () => {
    const t = fakeTransport(() => envelope({ providerId: 131, clientId: 'c-131', secret: 's-131' }));
    const result = await createChildCenter(t.client, { name: 'Clínica Sol', country: 'ES', city: 'Girona' });
    const { request, url, body } = await only(t.requests);
    expect([request.method, url.pathname]).toEqual(['POST', '/iam/v1/register/childProvider']);
    expect(JSON.parse(body)).toEqual({ name: 'Clínica Sol', country: 'ES', city: 'Girona' });
    expect(result).toEqual({ ok: true, value: { providerId: 131, clientId: 'c-131', secret: 's-131' } });
  });

  it('4.4 gets /iam/v1/provider/{childProviderId}/credentials', async () => {
    const t = fakeTransport(() => envelope({ clientId: 'c', secret: 's' }));
    const result = await getChildCenterCredentials(t.client, { childProviderId: 131 });
    const { request, url } = await only(t.requests);
    expect([request.method, url.pathname, url.search]).toEqual([
      'GET',
      '/iam/v1/provider/131/credentials',
      '',
    ]);
    expect(result).toEqual({ ok: true, value: { clientId: 'c', secret: 's' } });
  });

  it('4.4 encodes a path parameter so that it cannot add a segment', async () => {
    const t = fakeTransport(() => envelope({ clientId: 'c', secret: 's' }));
    await getChildCenterCredentials(t.client, { childProviderId: '../1' });
    const { url } = await only(t.requests);
    expect(url.pathname).toBe('/iam/v1/provider/..%2F1/credentials');
  });

  it('4.5 gets /core/v1/provider/{providerId}/child without limit or offset unless given', async () => {
    const t = fakeTransport(() => page([{ id: 101, name: 'A', country: 'ES', city: 'Reus' }]));
    const all = await listChildCenters(t.client, { providerId: 100 });
    const { request, url } = await only(t.requests);
    expect([request.method, url.pathname, url.search]).toEqual(['GET', '/core/v1/provider/100/child', '']);
    expect(all.ok && all.value.data[0]?.name).toBe('A');
    const paged = fakeTransport(() => page([]));
    await listChildCenters(paged.client, { providerId: 100, limit: 10, offset: 20 });
    expect((await only(paged.requests)).query).toEqual({ limit: '10', offset: '20' });
  });

  it('4.6 gets /payments/v1/subscription/provider/{providerId}/user with limit, offset and a trimmed search', async () => {
    const t = fakeTransport(() =>
      envelope({
        doctors: [],
        suspension: { suspended: false },
        billing: { mode: 'PROCESSOR', managedBy: null },
        meta: { total: 0, offset: 10, limit: 10 },
      }),
    );
    await listDoctorsWithLicenses(t.client, { providerId: 201, limit: 10, offset: 10, search: '  garcía ' });
    const { request, url, query } = await only(t.requests);
    expect([request.method, url.pathname]).toEqual(['GET', '/payments/v1/subscription/provider/201/user']);
    expect(query).toEqual({ limit: '10', offset: '10', search: 'garcía' });
  });

  it('4.6 leaves out an empty search', async () => {
    const t = fakeTransport(() =>
      envelope({
        doctors: [],
        billing: { mode: 'PARTNER_SELF', managedBy: 'X' },
        meta: { total: 0, offset: 0, limit: 10 },
      }),
    );
    await listDoctorsWithLicenses(t.client, { providerId: 201, search: '   ' });
    expect((await only(t.requests)).url.search).toBe('');
  });

  it('4.7 gets /payments/v1/subscription/provider/{providerId}/license with userId and type', async () => {
    const t = fakeTransport(() => envelope({ licenses: [] }));
    const result = await getLicenses(t.client, { providerId: 201, userId: 'ext 1', type: 'BASIC' });
    const { request, url, query } = await only(t.requests);
    expect([request.method, url.pathname]).toEqual(['GET', '/payments/v1/subscription/provider/201/license']);
    expect(query).toEqual({ userId: 'ext 1', type: 'BASIC' });
    expect(result.ok && result.value.shape).toBe('licenses');
  });

  it('4.8 posts the D8 event as JSON to /payments/v1/partner/webhook', async () => {
    const t = fakeTransport(() => envelope({ eventId: 'evt_1', applied: true, status: 'ACTIVE' }));
    const event = {
      id: 'evt_1',
      type: 'checkout.session.completed' as const,
      created: '2026-11-22T10:00:00Z',
      data: { providerId: 101, items: [{ planType: 'BASIC' as const, quantity: 5 }] },
    };
    const result = await sendPartnerWebhook(t.client, event);
    const { request, url, body } = await only(t.requests);
    expect([request.method, url.pathname]).toEqual(['POST', '/payments/v1/partner/webhook']);
    expect(JSON.parse(body)).toEqual(event);
    expect(result).toEqual({ ok: true, value: { eventId: 'evt_1', applied: true, status: 'ACTIVE' } });
  });

  it('4.9 gets /reportExample with providerId, userId, excludeProvider, limit and offset', async () => {
    const t = fakeTransport(() => page([]));
    await listReportTemplates(t.client, {
      providerId: 100,
      userId: 'ext-1',
      excludeProvider: true,
      limit: 20,
      offset: 40,
    });
    const { request, url, query } = await only(t.requests);
    expect([request.method, url.pathname]).toEqual(['GET', '/reportExample']);
    expect(query).toEqual({
      providerId: '100',
      userId: 'ext-1',
      excludeProvider: 'true',
      limit: '20',
      offset: '40',
    });
  });

  it('4.9 puts the environment templates prefix before /reportExample (D9)', async () => {
    const t = fakeTransport(() => page([]));
    await listReportTemplates({ ...t.client, templatesPrefix: 'reports/v2/' }, { providerId: 100 });
    const { url, query } = await only(t.requests);
    expect(url.pathname).toBe('/reports/v2/reportExample');
    expect(query).toEqual({ providerId: '100' });
  });

  it('sends the client headers and accepts JSON', async () => {
    const t = fakeTransport(() => page([]));
    await listChildCenters({ ...t.client, headers: { authorization: 'Bearer x' } }, { providerId: 1 });
    const { request } = await only(t.requests);
    expect(request.headers.get('authorization')).toBe('Bearer x');
    expect(request.headers.get('accept')).toBe('application/json');
  });

  it('joins a path base such as the proxy /api onto every operation path', async () => {
    const t = fakeTransport(() => page([]));
    await listChildCenters({ ...t.client, baseUrl: 'http://127.0.0.1:8080/api/' }, { providerId: 100 });
    expect((await only(t.requests)).url.href).toBe('http://127.0.0.1:8080/api/core/v1/provider/100/child');
  });
});
