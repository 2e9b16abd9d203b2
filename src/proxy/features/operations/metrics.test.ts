// Issue 49, item 2: every family named in the issue is exported, parses as Prometheus text with a
// real parser, and no label value holds an id, a name, an e-mail or a path with an id in it; and
// `npm start` feeds each family from where the thing happens (the core's and the features'
// observers, wired in start/).
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { expect, test } from 'vitest';
import { sessionCookieName } from '../../core/sessions/carrier.ts';
import { TestBrowser } from '../../testing/browser.ts';
import { sessionFrom } from '../../testing/harness.ts';
import { processHeaders, spawnProxy } from '../../testing/process.ts';
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
  meters.auditEntriesWritten(2);
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

/** The value of each sample of `family` (histograms and summaries read as untyped: their _count). */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const untyped = text.replace(/^(# TYPE \S+) (histogram|summary)$/gm, '$1 untyped');
  return parsePrometheusTextFormat(untyped)
    .filter((family) => family.name === name)
    .flatMap((family) => family.metrics)
    .map((sample) => ({ labels: sample.labels ?? {}, value: Number(sample.value) }));
}
const total = (text: string, name: string) => samples(text, name).reduce((sum, s) => sum + s.value, 0);

/** Polls `check` every 200 ms until it holds; throws past `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  // oxlint-disable-next-line no-await-in-loop -- one poll after the other
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('npm start with METRICS_PORT: after sign-ins, requests and a refresh, every family the run fed has samples', async () => {
  const metricsPort = '9711';
  const proxy = spawnProxy({ METRICS_PORT: metricsPort, WATCH: 'true' });
  try {
    const url = await proxy.listening;
    const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    // A client-credential sign-in, one refused, and a few calls through /api.
    const demo = await fetch(`${url}/auth/demo-login`, {
      method: 'POST',
      headers: processHeaders,
      body: '{"as":"parent"}',
    });
    expect(demo.status).toBe(200);
    const cookie = `${sessionCookieName}=${sessionFrom(demo) ?? ''}`;
    const wrong = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: processHeaders,
      body: JSON.stringify({
        environment: 'demo',
        providerId: 100,
        clientId: 'demo-parent',
        clientSecret: 'no',
      }),
    });
    expect(wrong.status).toBe(401);
    for (const path of ['/api/core/v1/provider/100/child', '/api/iam/v1/provider/101/credentials'])
      // oxlint-disable-next-line no-await-in-loop -- one call after the other, as a page makes them
      expect((await fetch(`${url}${path}`, { headers: { ...processHeaders, cookie } })).status).toBeLessThan(
        500,
      );
    // A person through the embedded provider, who asks for their connection to be read again.
    const browser = new TestBrowser();
    const started = await browser.navigate(`${url}/auth/organisation/start?returnTo=/centres`);
    const action = /action="([^"]+\/login)"/.exec(await started.response.text())?.[1] ?? '';
    await browser.submit(new URL(action, url).href, { account: 'demo-sofia' });
    const person = browser.cookie(new URL(url).host, sessionCookieName);
    expect(person).toBeDefined();
    const asked = await fetch(`${url}/watch/refresh`, {
      method: 'POST',
      headers: { ...processHeaders, cookie: `${sessionCookieName}=${person ?? ''}` },
    });
    expect(asked.status).toBe(202);
    // Scraped until the watcher's job has run.
    let text = '';
    await until(async () => {
      text = await scrape();
      return total(text, 'console_watch_refresh_duration_seconds_count') > 0;
    }, 60_000);
    const names = new Set(parsePrometheusTextFormat(text).map((family) => family.name));
    for (const family of families) expect(names, family).toContain(family);
    // What this run did, each counted once it happened.
    expect(samples(text, 'console_sign_ins_total')).toEqual(
      expect.arrayContaining([
        { labels: { method: 'client_credentials', outcome: 'ok' }, value: 1 },
        { labels: { method: 'client_credentials', outcome: 'refused' }, value: 1 },
        { labels: { method: 'organisation', outcome: 'ok' }, value: 1 },
      ]),
    );
    const calls = samples(text, 'console_upstream_request_duration_seconds_count');
    expect(calls.map((call) => call.labels.operation)).toEqual(
      expect.arrayContaining(['requestToken', 'listChildCenters', 'getChildCenterCredentials']),
    );
    expect(total(text, 'console_sessions_active')).toBeGreaterThanOrEqual(2);
    expect(total(text, 'console_watch_centres_read_total')).toBeGreaterThan(0);
    expect(total(text, 'console_watch_snapshot_age_seconds_count')).toBeGreaterThan(0);
    expect(samples(text, 'console_queue_depth').length).toBeGreaterThan(0);
    // The alerts the refresh raised, as its log line says (written a moment later), are the counter's.
    const refreshed = /"event":"watch_refreshed"[^\n]*"alerts":(\d+)/;
    await until(() => refreshed.test(proxy.stdout()), 10_000);
    const raised = Number(refreshed.exec(proxy.stdout())?.[1]);
    expect(total(text, 'console_alerts_raised_total')).toBe(raised);
    expect(total(text, 'console_audit_entries_written_total')).toBeGreaterThanOrEqual(3 + raised);
    const labels = parsePrometheusTextFormat(
      text.replace(/^(# TYPE \S+) (histogram|summary)$/gm, '$1 untyped'),
    )
      .flatMap((family) => family.metrics.flatMap((sample) => Object.entries(sample.labels ?? {})))
      .filter(([key]) => key !== 'le' && key !== 'quantile')
      .map(([, value]) => value);
    for (const value of labels)
      expect(value).not.toMatch(/@|\d{3,}|[0-9a-f]{8}-[0-9a-f]{4}|sofia|demo-parent/i);
  } finally {
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  }
}, 120_000);
