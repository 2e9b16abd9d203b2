// Bad input as properties: whatever is sent (bad JSON, wrong content types, wrong
// types, missing fields, huge numbers, negative or fractional paging, unknown enum values), every
// operation answers the spec's 4xx with the D2 body (D1's OAuth body for the token), never a 500,
// and the state does not change.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testSimulator } from './testing/client.ts';

const sim = testSimulator();
const token = await sim.token();
const stateOf = () => {
  const s = sim.sim.exportState() as Record<string, unknown>;
  // Tokens and the fault list are not what a malformed request could corrupt; the world is.
  return JSON.stringify({ ...s, tokens: undefined });
};

// Values that are wrong in kind for every field: numbers where strings go, strings where numbers go,
// huge, negative, fractional and non-finite-looking numbers, unknown enum values, nesting.
const oddScalar = fc.oneof(
  fc.constantFrom(
    null,
    true,
    '',
    '   ',
    -1,
    0,
    1.5,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '1e3',
    'NaN',
    'Infinity',
    'PLATINUM',
    'es',
    'checkout.session.created',
    '101',
  ),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const oddValue = fc.oneof(
  oddScalar,
  fc.array(oddScalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), oddScalar, { maxKeys: 3 }),
);

const doctorLike = fc.record(
  {
    name: oddValue,
    lastname: oddValue,
    email: fc.oneof(oddValue, fc.constant('not-an-email')),
    doctorId: oddValue,
    healthProviderId: oddValue,
    doctorSpeciality: oddValue,
    lang: oddValue,
    doctorDictionary: oddValue,
  },
  { requiredKeys: [] },
);

/** Bodies that fail the schema of each JSON operation by at least one field. */
const bodies: Record<string, fc.Arbitrary<unknown>> = {
  '/iam/v1/register/healthProviderDoctor': fc.oneof(
    oddValue,
    fc.record({ doctors: fc.oneof(oddValue, fc.array(doctorLike, { maxLength: 3 })) }),
  ),
  '/iam/v1/register/childProvider': fc.oneof(
    oddValue,
    fc.record({ name: oddValue, country: oddValue, city: oddValue }, { requiredKeys: [] }),
  ),
  '/payments/v1/partner/webhook': fc.oneof(
    oddValue,
    fc.record(
      {
        id: oddValue,
        type: fc.oneof(oddValue, fc.constant('customer.subscription.paused')),
        created: oddValue,
        data: fc.oneof(
          oddValue,
          fc.record(
            {
              providerId: oddValue,
              items: fc.oneof(
                oddValue,
                fc.array(
                  fc.record(
                    { planType: oddValue, quantity: oddValue, includedConsultations: oddValue },
                    { requiredKeys: [] },
                  ),
                  { maxLength: 3 },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  ),
  '/__sim/clock': fc.oneof(
    oddValue,
    fc.record({ advanceDays: oddValue, now: oddValue }, { requiredKeys: [] }),
  ),
  '/__sim/providers': fc.oneof(
    oddValue,
    fc.record(
      {
        name: oddValue,
        country: oddValue,
        city: oddValue,
        parentId: oddValue,
        billingMode: oddValue,
        selfBilling: oddValue,
      },
      { requiredKeys: [] },
    ),
  ),
  '/__sim/providers/201/suspension': fc.oneof(oddValue, fc.record({ suspended: oddValue })),
  '/__sim/providers/101/licenses': fc.oneof(
    oddValue,
    fc.record({ userId: oddValue, type: oddValue }, { requiredKeys: [] }),
  ),
  '/__sim/providers/101/reports': fc.oneof(
    oddValue,
    fc.record({ userId: oddValue, count: oddValue }, { requiredKeys: [] }),
  ),
  '/__sim/providers/201/scheduled-downgrade': fc.oneof(
    oddValue,
    fc.record({ quantity: oddValue, effectiveDate: oddValue }, { requiredKeys: [] }),
  ),
  '/__sim/faults': fc.oneof(
    oddValue,
    fc.record(
      { match: oddValue, status: oddValue, delayMs: oddValue, times: oddValue, body: oddValue },
      { requiredKeys: [] },
    ),
  ),
};

/** What a refusal must look like: a 4xx with the D2 body, the world unchanged. */
const refusal = (status: number, body: unknown, before: string) => ({
  is4xx: status >= 400 && status < 500,
  d2:
    typeof body === 'object' &&
    body !== null &&
    (body as { success?: unknown }).success === false &&
    (body as { code?: unknown }).code === status &&
    typeof (body as { message?: unknown }).message === 'string',
  unchanged: stateOf() === before,
});
const refused = { is4xx: true, d2: true, unchanged: true };

describe('bad input as properties (§7, D2)', () => {
  it('§7 any malformed JSON body on a JSON operation or /__sim call is a 4xx with the D2 body and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...Object.keys(bodies))
          .chain((path) => fc.tuple(fc.constant(path), bodies[path] as fc.Arbitrary<unknown>)),
        async ([path, value]) => {
          const before = stateOf();
          const r = await sim.call('POST', path, { bearer: token, json: value });
          // A body that happens to be valid is not malformed: only refusals are checked.
          fc.pre(r.status !== 200);
          expect(refusal(r.status, r.body, before)).toEqual(refused);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('§7 any body text with any content type on a JSON operation is never a 500 and never a change', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/iam/v1/register/healthProviderDoctor',
          '/iam/v1/register/childProvider',
          '/payments/v1/partner/webhook',
          '/__sim/clock',
          '/__sim/faults',
        ),
        fc.oneof(
          fc.string(),
          fc.constantFrom('{', '{"a":', '[1,', 'null', '"x"', '\u0000', '{"doctors":[{}]}'),
        ),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-8',
          'multipart/form-data',
        ),
        async (path, raw, type) => {
          const before = stateOf();
          const r = await sim.call('POST', path, { bearer: token, raw, type });
          expect(refusal(r.status, r.body, before)).toEqual(refused);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('§7 any query value on the four lists is a 200 page or a 4xx with the D2 body, never a 500 or a change', async () => {
    const weird = fc.oneof(
      fc.constantFrom(
        '-1',
        '0',
        '1.5',
        '1e3',
        '',
        ' 1',
        '0x10',
        '99999999999999999999',
        '100',
        '101',
        'true',
        'TRUE',
        'PLATINUM',
        'USAGE',
        'ext-101-1',
        '%',
      ),
      fc.string({ maxLength: 8 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/core/v1/provider/100/child',
          '/payments/v1/subscription/provider/101/user',
          '/payments/v1/subscription/provider/101/license',
          '/reportExample',
          '/iam/v1/provider/101/credentials',
        ),
        fc.dictionary(
          fc.constantFrom('limit', 'offset', 'search', 'userId', 'type', 'providerId', 'excludeProvider'),
          weird,
          { maxKeys: 4 },
        ),
        async (path, params) => {
          const before = stateOf();
          const r = await sim.get(`${path}?${new URLSearchParams(params).toString()}`, token);
          const page = (r.body as { success?: unknown; response?: unknown }).success === true;
          expect(stateOf()).toBe(before);
          // A valid query gives a page; anything else is a refusal in the D2 shape.
          expect(r.status === 200 ? page : refusal(r.status, r.body, before)).toEqual(
            r.status === 200 ? true : refused,
          );
        },
      ),
      { numRuns: 600 },
    );
  });

  it('D1 any malformed token request is a 400 or 401 with an OAuth error body and mints nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('grant_type', 'client_id', 'client_secret', 'scope'),
          fc.oneof(
            fc.string({ maxLength: 10 }),
            fc.constantFrom('client_credentials', 'password', 'demo-parent'),
          ),
          { maxKeys: 4 },
        ),
        fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'),
        async (fields, type) => {
          const valid =
            type === 'application/x-www-form-urlencoded' &&
            fields.grant_type === 'client_credentials' &&
            fields.client_id === 'demo-parent' &&
            fields.client_secret === 'demo-parent-secret';
          fc.pre(!valid);
          const before = JSON.stringify(sim.sim.exportState().tokens);
          const r = await sim.call('POST', '/api/iam/integration/token', {
            raw: new URLSearchParams(fields).toString(),
            type,
          });
          expect([400, 401]).toContain(r.status);
          expect(r.body).toEqual({
            error: expect.stringMatching(/^(invalid_request|unsupported_grant_type|invalid_client)$/),
          });
          expect(JSON.stringify(sim.sim.exportState().tokens)).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });
});
