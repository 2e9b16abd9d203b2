import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createSimulator } from '../../../simulator/index.ts';
import { parseConfig } from '../../config.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';

// D9: the path before `/reportExample` differs per environment. It is the proxy's configuration
// (`TEMPLATES_PREFIX_<ENVIRONMENT>`), read from the process environment; the console always asks
// `/api/reportExample` and never learns it.

let upstream: FakeUpstream;
const open: Harness[] = [];

beforeEach(async () => {
  upstream = await startFakeUpstream();
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((proxy) => proxy.close()));
  await upstream.close();
});

/** The proxy as `npm start` configures it from these variables, over the fake upstream. */
async function proxyFrom(variables: Record<string, string>) {
  const config = parseConfig({ SESSION_ENCRYPTION_KEY: randomBytes(32).toString('hex'), ...variables });
  const proxy = await startProxy(undefined, { environments: config.environments });
  open.push(proxy);
  return proxy;
}

const rule3 = '?providerId=101&userId=101-doc-002&excludeProvider=true&limit=25&offset=25';

describe('the templates prefix (D9)', () => {
  test('a configured prefix is put before /reportExample, and the query goes through untouched', async () => {
    const proxy = await proxyFrom({ UPSTREAM_QA_URL: upstream.url, TEMPLATES_PREFIX_QA: 'reports/v2/' });
    const { session } = await proxy.login({ environment: 'qa' });
    const response = await proxy.request(`/api/reportExample${rule3}`, { session });
    expect(response.status).toBe(200);
    expect(upstream.apiCalls().map((call) => call.url)).toEqual([`/reports/v2/reportExample${rule3}`]);
  });

  test('each environment sends its own prefix, and none when it has none', async () => {
    const production = await startFakeUpstream();
    try {
      const proxy = await proxyFrom({
        UPSTREAM_QA_URL: upstream.url,
        TEMPLATES_PREFIX_QA: '/qa-templates',
        UPSTREAM_PRODUCTION_URL: production.url,
      });
      const qa = await proxy.login({ environment: 'qa' });
      const prod = await proxy.login({ environment: 'production' });
      await proxy.request('/api/reportExample?providerId=101', { session: qa.session });
      await proxy.request('/api/reportExample?providerId=101', { session: prod.session });
      expect(upstream.apiCalls().map((call) => call.url)).toEqual([
        '/qa-templates/reportExample?providerId=101',
      ]);
      expect(production.apiCalls().map((call) => call.url)).toEqual(['/reportExample?providerId=101']);
    } finally {
      await production.close();
    }
  });

  test('the prefix is for templates only: other operations keep their own paths', async () => {
    const proxy = await proxyFrom({ UPSTREAM_QA_URL: upstream.url, TEMPLATES_PREFIX_QA: '/reports/v2' });
    const { session } = await proxy.login({ environment: 'qa' });
    await proxy.request('/api/payments/v1/subscription/provider/101/user?limit=20&search=P%C3%A9rez', {
      session,
    });
    expect(upstream.apiCalls().map((call) => call.url)).toEqual([
      '/payments/v1/subscription/provider/101/user?limit=20&search=P%C3%A9rez',
    ]);
  });

  test('the demo’s simulator, served under the same prefix, answers the console’s plain path', async () => {
    const config = parseConfig({ TEMPLATES_PREFIX_DEMO: '/tpl' });
    const simulator = createSimulator({ seed: 'demo', templatesPrefix: '/tpl' });
    const proxy = await startProxy(undefined, {
      environments: config.environments,
      transports: { demo: (request) => simulator.fetch(request) },
    });
    open.push(proxy);
    const { session } = await proxy.login({ clientId: 'demo-parent', clientSecret: 'demo-parent-secret' });
    const response = await proxy.request('/api/reportExample?providerId=101&userId=101-doc-002&limit=1', {
      session,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ response: { meta: { total: 65, limit: 1 } } });
  });
});
