import { describe, expect, test } from 'vitest';
import { buildOpenApiDocument } from '../../src/contract/openapi/document.ts';
import { testSimulator, type Answer } from '../../src/simulator/testing/client.ts';

// Issue 46 item 13: the document states the limits the simulator enforces. Each limit is read from
// the document and tried on the simulator with a value on the bound, which must not be refused for
// that field, and with one just past the bound, a 400 naming the field: a limit the two disagree on
// fails here, whichever moved.

const document = buildOpenApiDocument();
const schemas = document.components.schemas as Record<string, Record<string, unknown>>;

/** The number a keyword of the document holds at a path of a component. */
function limit(component: string, at: (string | number)[], keyword: string): number {
  let target: unknown = schemas[component];
  for (const step of at) target = (target as Record<string | number, unknown> | undefined)?.[step];
  const value = (target as Record<string, unknown> | undefined)?.[keyword];
  if (typeof value !== 'number')
    throw new Error(`the document states no ${keyword} at ${component}/${at.join('/')}`);
  return value;
}
/** A query or path parameter's schema keyword. */
function parameter(path: string, name: string, keyword: string): number {
  const operation = Object.values(document.paths[path] ?? {})[0] as {
    parameters: { name: string; schema: Record<string, unknown> }[];
  };
  const schema = operation.parameters.find((candidate) => candidate.name === name)?.schema ?? {};
  if (typeof schema[keyword] === 'number') return schema[keyword];
  const digits = /\{0,(\d+)\}/.exec(String(schema.pattern))?.[1];
  if (keyword === 'digits' && digits) return Number(digits) + 1;
  throw new Error(`the document states no ${keyword} for ${name} at ${path}`);
}

const sim = testSimulator({ seed: 'demo' });
const token = await sim.token();
const refusedFields = (answer: Answer) =>
  answer.status === 400
    ? ((answer.body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field)
    : [];

const doctor = (index: number, fields: Record<string, unknown> = {}) => ({
  name: 'Ana',
  lastname: 'Martín',
  doctorId: `limit-${index}-${Math.random().toString(36).slice(2, 8)}`,
  healthProviderId: 101,
  doctorSpeciality: 1,
  lang: 'ES',
  ...fields,
});
const doctors = (list: unknown[]) =>
  sim.post('/iam/v1/register/healthProviderDoctor', { doctors: list }, token);
const centre = (fields: Record<string, unknown>) =>
  sim.post(
    '/iam/v1/register/childProvider',
    { name: 'Centro', country: 'ES', city: 'Madrid', ...fields },
    token,
  );
const event = (data: Record<string, unknown>, fields: Record<string, unknown> = {}) =>
  sim.post(
    '/payments/v1/partner/webhook',
    {
      id: `evt_limit_${Math.random().toString(36).slice(2)}`,
      type: 'customer.subscription.updated',
      created: '2026-11-22T10:00:00Z',
      data: { providerId: 101, ...data },
      ...fields,
    },
    token,
  );

const children = (id: string, query = '') => sim.get(`/core/v1/provider/${id}/child${query}`, token);
const license = (query: string) => sim.get(`/payments/v1/subscription/provider/101/license${query}`, token);
const list = (query: string) => sim.get(`/payments/v1/subscription/provider/101/user${query}`, token);

// D8: the items' schema holds where they are read, on a creation and an update.
const items = ['allOf', 0, 'then', 'properties', 'data', 'properties', 'items'];
const seats = [...items, 'anyOf', 1];
const usage = [...items, 'anyOf', 0, 'prefixItems', 0];
const text = (length: number) => 'x'.repeat(length);
const email = (length: number) => `${text(length - '@example.com'.length)}@example.com`;

/** Each limit: the request at it, the request past it, and the field a refusal names. */
const cases: { name: string; at: () => Promise<Answer>; past: () => Promise<Answer>; field: string }[] = [
  ...(['doctorSpeciality'] as const).map((field) => {
    const max = limit('DoctorRegistration', ['properties', field], 'maximum');
    return {
      name: `${field} ≤ ${max}`,
      at: () => doctors([doctor(0, { [field]: max })]),
      past: () => doctors([doctor(0, { [field]: max + 1 })]),
      field: `doctors[0].${field}`,
    };
  }),
  ...(['name', 'lastname', 'doctorId', 'doctorDictionary'] as const).map((field) => {
    const max = limit('DoctorRegistration', ['properties', field], 'maxLength');
    return {
      name: `a doctor's ${field} ≤ ${max} characters`,
      at: () => doctors([doctor(0, { [field]: text(max) })]),
      past: () => doctors([doctor(0, { [field]: text(max + 1) })]),
      field: `doctors[0].${field}`,
    };
  }),
  {
    name: 'an e-mail ≤ its length',
    at: () =>
      doctors([
        doctor(0, { email: email(limit('DoctorRegistration', ['properties', 'email'], 'maxLength')) }),
      ]),
    past: () =>
      doctors([
        doctor(0, { email: email(limit('DoctorRegistration', ['properties', 'email'], 'maxLength') + 1) }),
      ]),
    field: 'doctors[0].email',
  },
  {
    name: 'doctors a request ≤ its count',
    at: () =>
      doctors(
        Array.from(
          { length: limit('RegisterDoctorsRequest', ['properties', 'doctors'], 'maxItems') },
          (_, i) => doctor(i),
        ),
      ),
    past: () =>
      doctors(
        Array.from(
          { length: limit('RegisterDoctorsRequest', ['properties', 'doctors'], 'maxItems') + 1 },
          (_, i) => doctor(i),
        ),
      ),
    field: 'doctors',
  },
  ...(['name', 'country', 'city'] as const).map((field) => {
    const max = limit('CreateChildCenterRequest', ['properties', field], 'maxLength');
    return {
      name: `a centre's ${field} ≤ ${max} characters`,
      at: () => centre({ [field]: text(max) }),
      past: () => centre({ [field]: text(max + 1) }),
      field,
    };
  }),
  {
    name: 'an event id ≤ its length',
    at: () =>
      event(
        { items: [{ planType: 'BASIC', quantity: 1 }] },
        { id: text(limit('PartnerWebhookEvent', ['properties', 'id'], 'maxLength')) },
      ),
    past: () =>
      event(
        { items: [{ planType: 'BASIC', quantity: 1 }] },
        { id: text(limit('PartnerWebhookEvent', ['properties', 'id'], 'maxLength') + 1) },
      ),
    field: 'id',
  },
  {
    name: 'a seat quantity ≤ its maximum',
    at: () =>
      event({
        items: [
          {
            planType: 'BASIC',
            quantity: limit('PartnerWebhookEvent', [...seats, 'items', 'properties', 'quantity'], 'maximum'),
          },
        ],
      }),
    past: () =>
      event({
        items: [
          {
            planType: 'BASIC',
            quantity:
              limit('PartnerWebhookEvent', [...seats, 'items', 'properties', 'quantity'], 'maximum') + 1,
          },
        ],
      }),
    field: 'data.items',
  },
  {
    name: 'included consultations ≤ their maximum',
    at: () =>
      event({
        items: [
          {
            planType: 'USAGE',
            includedConsultations: limit(
              'PartnerWebhookEvent',
              [...usage, 'properties', 'includedConsultations'],
              'maximum',
            ),
          },
        ],
      }),
    past: () =>
      event({
        items: [
          {
            planType: 'USAGE',
            includedConsultations:
              limit('PartnerWebhookEvent', [...usage, 'properties', 'includedConsultations'], 'maximum') + 1,
          },
        ],
      }),
    field: 'data.items',
  },
  {
    name: 'seat items ≤ their count, and present on an update',
    at: () =>
      event({
        items: ['BASIC', 'ELITE', 'TRIAL']
          .slice(0, limit('PartnerWebhookEvent', seats, 'maxItems'))
          .map((planType) => ({ planType, quantity: 1 })),
      }),
    past: () => event({}),
    field: 'data.items',
  },
];

describe('the limits the document states are the simulator’s', () => {
  test.each(cases)('$name', async ({ at, past, field }) => {
    expect(refusedFields(await at())).not.toContain(field);
    expect(refusedFields(await past()).some((refused) => refused.startsWith(field))).toBe(true);
  });

  test('blank text, where the document asks for some, is refused', async () => {
    expect(refusedFields(await doctors([doctor(0, { name: '   ' })]))).toContain('doctors[0].name');
    expect(refusedFields(await centre({ city: '   ' }))).toContain('city');
    expect(
      refusedFields(await event({ items: [{ planType: 'BASIC', quantity: 1 }] }, { id: '   ' })),
    ).toContain('id');
  });

  test('path ids, paging and query texts: the simulator reads what the document states, and no more', async () => {
    const digits = parameter('/core/v1/provider/{providerId}/child', 'providerId', 'digits');
    expect(refusedFields(await children('9'.repeat(digits)))).toEqual([]);
    expect(refusedFields(await children('9'.repeat(digits + 1)))).toContain('providerId');
    const offset = parameter('/core/v1/provider/{providerId}/child', 'offset', 'maximum');
    expect(refusedFields(await children('100', `?offset=${offset}`))).toEqual([]);
    expect(refusedFields(await children('100', `?offset=${offset + 1}`))).toContain('offset');
    const licences = '/payments/v1/subscription/provider/{providerId}/license';
    const userId = parameter(licences, 'userId', 'maxLength');
    expect(refusedFields(await license(`?userId=${text(userId)}`))).toEqual([]);
    expect(refusedFields(await license(`?userId=${text(userId + 1)}`))).toContain('userId');
    expect(refusedFields(await license('?userId='))).toContain('userId');
    const search = parameter('/payments/v1/subscription/provider/{providerId}/user', 'search', 'maxLength');
    expect(refusedFields(await list(`?search=${text(search)}`))).toEqual([]);
    expect(refusedFields(await list(`?search=${text(search + 1)}`))).toContain('search');
  });
});
