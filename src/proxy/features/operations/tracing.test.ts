// Issue 49, item 3: through the OpenTelemetry SDK's in-memory exporter, one request to a centre's
// licences gives one trace: the request's span, the upstream call's (which carried `traceparent`)
// and the database query's, with no query string or header in any attribute.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { Hono } from 'hono';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { startTracing, traceFields, type Tracing } from './tracing.ts';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let postgres: PostgresServer;

beforeAll(async () => {
  tracing = startTracing({ serviceName: 'console-test', exporter, immediate: true });
  postgres = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await tracing.shutdown();
  await postgres?.destroy();
});

test('a request gives one trace: the request, the upstream call with traceparent, and the query', async () => {
  const seen: IncomingHttpHeaders[] = [];
  const upstream = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: postgres.url() });
  await db.connect();
  // The proxy's logger with the mixin core/log/logger.ts is to take.
  const lines: string[] = [];
  const log = pino(
    { base: undefined, mixin: traceFields },
    { write: (line: string) => void lines.push(line) },
  );
  const app = new Hono();
  app.use('*', tracing.requests);
  app.get('/api/centres/:centreId/licences', async (c) => {
    await db.query('select 1 as one');
    const answer = await fetch(
      `http://127.0.0.1:${port}/centres/${c.req.param('centreId')}/licences?search=ada`,
    );
    log.info({ event: 'request' }, 'request');
    return c.json(await answer.json());
  });
  try {
    const answer = await app.request('/api/centres/4711/licences?search=ada%40example.org', {
      headers: { authorization: 'Bearer secret-token' },
    });
    expect(answer.status).toBe(200);
  } finally {
    await db.end();
    upstream.close();
  }
  const spans = exporter.getFinishedSpans();
  const request = spans.find((span) => span.name === 'GET /api/centres/:centreId/licences');
  if (!request) throw new Error('no request span');
  const traceId = request.spanContext().traceId;
  const inTrace = spans.filter((span) => span.spanContext().traceId === traceId);
  const client = inTrace.find((span) => span.attributes['http.request.method'] && span !== request);
  const query = inTrace.find(
    (span) =>
      span.attributes['db.system'] === 'postgresql' || span.attributes['db.system.name'] === 'postgresql',
  );
  expect(client, 'the upstream call').toBeDefined();
  expect(query, 'the database query').toBeDefined();
  expect(client?.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
  // W3C trace context went upstream, in this trace.
  expect(seen[0]?.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  // The log line written inside the request names the trace.
  expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ event: 'request', traceId });
  const attributes = JSON.stringify(inTrace.map((span) => span.attributes));
  expect(attributes).not.toMatch(/search=|ada|secret-token|Bearer/);
});
