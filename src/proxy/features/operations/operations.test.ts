// Issue 49 through the app itself (app.ts mounts the hooks): the metrics listener counts the app's
// requests by route pattern, /readyz turns 503 when draining begins, a queue that fails is named,
// and the core's and the features' observers reach the meters (start/app-services.ts, app-routes.ts).
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { expect, test } from 'vitest';
import { createProxyApp } from '../../app.ts';
import { createMemoryStore } from '../../core/sessions/store.ts';
import { startFakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy } from '../../testing/harness.ts';
import { createMetrics } from './metrics.ts';
import { parseOperationsConfig } from './config.ts';
import { createOperations } from './operations.ts';

test('the app counts its requests on the metrics listener and drains through /readyz', async () => {
  const config = parseOperationsConfig({ METRICS_PORT: '1', DRAIN_SECONDS: '0' });
  expect(config.metrics).toEqual({ host: '127.0.0.1', port: 1 });
  // Port 0 for the test: any free one.
  const operations = createOperations({ ...config, metrics: { host: '127.0.0.1', port: 0 } });
  let queueUp = true;
  operations.watchQueue(async () => {
    if (!queueUp) throw new Error('down');
    return { 'watch-refresh': 3 };
  });
  const { app } = createProxyApp({
    environments: [{ id: 'qa', baseUrl: 'https://qa.example', templatesPrefix: '' }],
    store: createMemoryStore(),
    encryptionKey: new Uint8Array(32),
    operations,
  });
  const url = await operations.listen();
  try {
    expect((await app.request('http://127.0.0.1/readyz')).status).toBe(200);
    queueUp = false;
    const out = await app.request('http://127.0.0.1/readyz');
    expect(await out.json()).toMatchObject({ queue: 'not_connected' });
    queueUp = true;
    await operations.drain.begin();
    expect((await app.request('http://127.0.0.1/readyz')).status).toBe(503);
    expect((await app.request('http://127.0.0.1/healthz')).status).toBe(200);
    if (!url) throw new Error('no metrics listener');
    const text = await (await fetch(url)).text();
    const parsed = parsePrometheusTextFormat(text.replace(/^(# TYPE \S+) histogram$/gm, '$1 untyped'));
    const routes = parsed
      .filter((family) => family.name === 'console_http_request_duration_seconds_count')
      .flatMap((family) => family.metrics.map((sample) => sample.labels));
    expect(routes).toContainEqual({ route: '/readyz', method: 'GET', status: '5xx' });
    expect(routes).toContainEqual({ route: '/healthz', method: 'GET', status: '2xx' });
    const depth = parsed.find((family) => family.name === 'console_queue_depth')?.metrics;
    expect(depth).toEqual([{ labels: { queue: 'watch-refresh' }, value: '3' }]);
  } finally {
    await operations.close();
  }
});

test('everything is off unless asked for', () => {
  expect(parseOperationsConfig({})).toEqual({ metrics: undefined, drainMs: 5_000, traces: undefined });
  expect(() => parseOperationsConfig({ METRICS_PORT: '70000' })).toThrow(/at most 65535/);
  expect(
    parseOperationsConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
    }),
  ).toMatchObject({ metrics: { host: '0.0.0.0', port: 9464 }, traces: { serviceName: 'provider-console' } });
});

test('the app tells the meters of its token renewals, sign-ins and upstream calls by outcome', async () => {
  const upstream = await startFakeUpstream();
  const metrics = createMetrics({ defaults: false });
  const proxy = await startProxy(upstream.url, {
    operations: { requests: metrics.requests, readiness: {}, meters: metrics.meters },
  });
  try {
    const { session } = await proxy.login();
    expect((await proxy.login({ clientSecret: 'wrong' })).response.status).toBe(401);
    // The upstream forgets its tokens: the next call renews once, then goes through.
    upstream.validTokens.clear();
    expect((await proxy.request('/api/core/v1/provider/100/child', { session })).status).toBe(200);
    const text = await metrics.registry.metrics();
    const samples = parsePrometheusTextFormat(text.replace(/^(# TYPE \S+) histogram$/gm, '$1 untyped'));
    // Read as untyped, a histogram's _count lines are each a family of their own.
    const of = (name: string) =>
      samples.filter((family) => family.name === name).flatMap((family) => family.metrics);
    expect(of('console_token_renewals_total')).toEqual([{ labels: { outcome: 'ok' }, value: '1' }]);
    expect(of('console_sign_ins_total')).toEqual([
      { labels: { method: 'client_credentials', outcome: 'ok' }, value: '1' },
      { labels: { method: 'client_credentials', outcome: 'refused' }, value: '1' },
    ]);
    const calls = of('console_upstream_request_duration_seconds_count').map(
      (sample) => `${sample.labels?.operation} ${sample.labels?.outcome} ${sample.value}`,
    );
    // Tokens: the sign-in, the refused one and the renewal. Provider lists: the sign-in's check of its
    // provider (core/upstream/provider-check.ts), then the call refused once and answered on replay.
    expect(calls.sort()).toEqual([
      'listChildCenters client_error 1',
      'listChildCenters ok 2',
      'requestToken client_error 1',
      'requestToken ok 2',
    ]);
  } finally {
    await proxy.close();
    await upstream.close();
  }
});
