// Issue 49, item 2: every family named in the issue is exported, parses as Prometheus text with a
// real parser, and no label value holds an id, a name, an e-mail or a path with an id in it.
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { expect, test } from 'vitest';
import { createMetrics } from './metrics.ts';
import { startMetricsServer } from './metrics-server.ts';

const families = [
  'console_http_request_duration_seconds',
  'console_upstream_request_duration_seconds',
  'console_token_renewals_total',
  'console_sessions_active',
  'console_sign_ins_total',
  'console_audit_entries_written_total',
  'console_watch_refresh_duration_seconds',
  'console_watch_centres_read_total',
  'console_watch_changes_total',
  'console_watch_refresh_errors_total',
  'console_watch_snapshot_age_seconds',
  'console_alerts_raised_total',
  'console_alert_deliveries_total',
  'console_queue_depth',
  'process_cpu_user_seconds_total',
  'nodejs_eventloop_lag_seconds',
];

function appWith(metrics: ReturnType<typeof createMetrics>) {
  const app = new Hono();
  app.use('*', metrics.requests);
  app.get('/api/centres/:centreId/licences', (c) => c.json([]));
  app.get('/people/:email', (c) => c.json({}, 404));
  app.post('/auth/login', (c) => c.json({}, 500));
  return app;
}

test('the metrics parse as Prometheus text, hold each family, and no label holds an id, a name or an e-mail', async () => {
  const metrics = createMetrics();
  metrics.observeSessions(() => 3);
  const app = appWith(metrics);
  await app.request('/api/centres/4711/licences');
  await app.request('/api/centres/9f1c2d3e-1111-2222-3333-444455556666/licences');
  await app.request('/people/ada.lovelace@example.org');
  await app.request('/auth/login', { method: 'POST' });
  await app.request('/no/such/page/12345');
  const { meters } = metrics;
  meters.upstreamCall('listLicences', 'ok', 120);
  // A caller's mistake: an id where an operation or a kind belongs is counted as `other`.
  meters.upstreamCall('centre-4711', 'server_error', 30);
  meters.tokenRenewal('ok');
  meters.signIn('client_credentials', 'refused');
  meters.auditEntryWritten();
  meters.watcherRefresh({ ms: 800, centres: 12, changes: 2, failed: false });
  meters.snapshotAges([30, 90]);
  meters.alertRaised('licence_expiring');
  meters.alertRaised('Ada Lovelace 4711');
  meters.alertDelivery('email', 'sent');
  meters.queueDepth('watch-refresh', 4);

  const text = await metrics.registry.metrics();
  const names = new Set(parsePrometheusTextFormat(text).map((family) => family.name));
  for (const family of families) expect(names, family).toContain(family);
  // The parser folds a histogram's or a summary's samples into one and drops their labels: read
  // as untyped, each sample line keeps its own.
  const parsed = parsePrometheusTextFormat(
    text.replace(/^(# TYPE \S+) (histogram|summary)$/gm, '$1 untyped'),
  );
  // Bucket bounds and quantiles are numbers by design; every other label is checked.
  const values = parsed.flatMap((family) =>
    family.metrics.flatMap((sample) =>
      Object.entries(sample.labels ?? {})
        .filter(([key]) => key !== 'le' && key !== 'quantile')
        .map(([, value]) => value),
    ),
  );
  expect(values.length).toBeGreaterThan(20);
  for (const value of values) {
    expect(value).not.toMatch(/@|\d{3,}|[0-9a-f]{8}-[0-9a-f]{4}|ada|lovelace/i);
  }
  // Untyped, each run of one sample name is a family of its own.
  const counts = parsed
    .filter((family) => family.name === 'console_http_request_duration_seconds_count')
    .flatMap((family) => family.metrics);
  const routes = counts.map((sample) => sample.labels);
  expect(routes).toContainEqual({ route: '/api/centres/:centreId/licences', method: 'GET', status: '2xx' });
  expect(routes).toContainEqual({ route: '/people/:email', method: 'GET', status: '4xx' });
  expect(routes).toContainEqual({ route: '/auth/login', method: 'POST', status: '5xx' });
  const licences = counts.find((sample) => sample.labels?.route === '/api/centres/:centreId/licences');
  expect(licences?.value).toBe('2');
  const kinds = parsed.find((family) => family.name === 'console_alerts_raised_total')?.metrics;
  expect(kinds?.map((sample) => sample.labels?.kind).sort()).toEqual(['licence_expiring', 'other']);
  const sessions = parsed.find((family) => family.name === 'console_sessions_active');
  expect(sessions?.metrics[0]?.value).toBe('3');
});

test('the metrics listener answers /metrics on loopback and nothing else', async () => {
  const metrics = createMetrics({ defaults: false });
  const server = await startMetricsServer(metrics.registry, { host: '127.0.0.1', port: 0 });
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const answer = await fetch(server.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const parsed = parsePrometheusTextFormat(await answer.text());
    expect(parsed.map((family) => family.name)).toContain('console_sessions_active');
    expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
  } finally {
    await server.close();
  }
});

test('the Grafana dashboard reads only series this registry exports', async () => {
  const dashboard = JSON.parse(
    readFileSync(new URL('../../../../docs/grafana-dashboard.json', import.meta.url), 'utf8'),
  ) as { panels: { targets: { expr: string }[] }[] };
  // Each family's `# TYPE` line; a histogram's series add _bucket, _count and _sum to its name.
  const exported = new Set(
    (await createMetrics().registry.metrics()).match(/^# TYPE \S+/gm)?.map((line) => line.slice(7)),
  );
  const used = dashboard.panels.flatMap((panel) =>
    panel.targets.flatMap((target) => target.expr.match(/\b(?:console|process|nodejs)_[a-z0-9_]+/g) ?? []),
  );
  expect(used.length).toBeGreaterThan(15);
  for (const name of used) expect(exported, name).toContain(name.replace(/_(bucket|count|sum)$/, ''));
});
