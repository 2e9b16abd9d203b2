import { describe, expect, it } from 'vitest';
import { demoState } from '../core/index.ts';
import { FAULT_HEADER } from '../handlers/upstream.ts';
import { testSimulator } from './client.ts';
import { assertDocumented } from './document-check.ts';

const json = (body: unknown) => JSON.stringify(body);
const headers = new Headers({ 'content-type': 'application/json' });
const page = (data: unknown[], meta = { total: data.length, offset: 0, limit: data.length }) =>
  json({ success: true, code: 200, response: { data, meta } });
const child = { id: 101, name: 'Clínica Diagonal', country: 'ES', city: 'Barcelona' };
const at =
  (text: string, status = 200, pathname = '/core/v1/provider/100/child') =>
  () =>
    assertDocumented({ method: 'GET', pathname, status, headers, text });

describe("the simulator tests' document check (docs/openapi.json)", () => {
  it('accepts an answer the document describes', () => {
    expect(at(page([child]))).not.toThrow();
  });

  it('fails on a field the document does not list, naming it', () => {
    expect(at(page([{ ...child, region: 'CT' }]))).toThrow(/unknown-field at \/response\/data\/0\/region/);
  });

  it('fails on an enum value outside the documented ones', () => {
    const body = json({
      success: true,
      code: 200,
      response: { summary: [{ type: 'PLATINUM', total: 1, used: 0, available: 1 }], status: 'ACTIVE' },
    });
    expect(at(body, 200, '/payments/v1/subscription/provider/101/license')).toThrow(
      /unknown-value at \/response\/summary\/0\/type/,
    );
  });

  it('fails on a wrong shape, a status the operation does not document, and a body that is not JSON', () => {
    expect(at(json({ success: true, code: 200, response: { data: 'x', meta: {} } }))).toThrow(/shape/);
    expect(at(json({ success: false, code: 418, message: 'teapot' }), 418)).toThrow(
      /documents no 418 answer/,
    );
    expect(at('<html>', 404)).toThrow(/not JSON/);
  });

  it('D2 on a path outside the document: an error body is checked, a success is refused', () => {
    const d2 = json({ success: false, code: 404, message: 'No operation at GET /nope' });
    expect(at(d2, 404, '/nope')).not.toThrow();
    expect(at(json({ success: false, code: 404 }), 404, '/nope')).toThrow(/required property 'message'/);
    expect(at(json({ ok: true }), 200, '/nope')).toThrow(/undocumented path/);
  });

  it('leaves the control API (D11) and injected faults to the tests that use them', () => {
    expect(at('anything', 200, '/__sim/state')).not.toThrow();
    const injected = new Headers({ [FAULT_HEADER]: '1' });
    expect(() =>
      assertDocumented({
        method: 'GET',
        pathname: '/core/v1/provider/100/child',
        status: 503,
        headers: injected,
        text: '{}',
      }),
    ).not.toThrow();
  });

  it('runs on every answer of the shared test client: a state off the spec fails the call', async () => {
    const state = demoState();
    const centre = state.providers['101'];
    const licence = centre?.licenses[0];
    if (!licence) throw new Error('the demo seed has licences in centre 101');
    // A licence type the spec does not list (2.7) reaches the wire through the doctor list.
    Object.assign(licence, { type: 'PLATINUM' });
    const t = testSimulator({ state });
    const token = await t.token();
    await expect(t.get('/payments/v1/subscription/provider/101/user?limit=100', token)).rejects.toThrow(
      /unknown-value at \/response\/doctors\/\d+\/license\/type/,
    );
  });
});
