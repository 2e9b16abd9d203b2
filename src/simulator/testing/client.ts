// A tiny HTTP client over a simulator's fetch for tests: absolute URLs on any origin. Every answer
// is checked against the OpenAPI document (document-check.ts): a mismatch fails the test.
import { createSimulator, type SimulatorOptions } from '../index.ts';
import { assertDocumented } from './document-check.ts';

export const ORIGIN = 'http://upstream.test';

export type Answer = { status: number; body: unknown; headers: Headers };

export function testSimulator(options: SimulatorOptions = {}) {
  const sim = createSimulator(options);
  const call = async (
    method: string,
    path: string,
    init: { bearer?: string; json?: unknown; raw?: string; type?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
    let body: string | undefined;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['Content-Type'] = 'application/json';
    }
    if (init.raw !== undefined) body = init.raw;
    if (init.type !== undefined) headers['Content-Type'] = init.type;
    const request = new Request(`${ORIGIN}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const response = await sim.fetch(request);
    const text = await response.text();
    assertDocumented(
      {
        method,
        pathname: new URL(request.url).pathname,
        status: response.status,
        headers: response.headers,
        text,
      },
      options.templatesPrefix,
    );
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  const token = async (clientId = 'demo-parent', secret = `${clientId}-secret`): Promise<string> => {
    const r = await call('POST', '/api/iam/integration/token', {
      raw: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: secret,
      }).toString(),
      type: 'application/x-www-form-urlencoded',
    });
    const t = (r.body as { access_token?: unknown }).access_token;
    if (typeof t !== 'string') throw new Error(`no token for ${clientId}: ${r.status}`);
    return t;
  };
  return {
    sim,
    call,
    token,
    get: (path: string, bearer?: string) => call('GET', path, bearer ? { bearer } : {}),
    post: (path: string, json: unknown, bearer?: string) =>
      call('POST', path, bearer ? { bearer, json } : { json }),
  };
}

/** The `response` of a 2.4 envelope. */
export function payload<T = Record<string, unknown>>(answer: Answer): T {
  const body = answer.body as { success?: unknown; response?: unknown };
  if (answer.status !== 200 || body.success !== true)
    throw new Error(`expected success, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return body.response as T;
}
