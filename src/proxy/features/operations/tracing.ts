// OpenTelemetry traces (issue 49, item 3): off by default, on with OTEL_EXPORTER_OTLP_ENDPOINT.
// A span per request (this middleware, named by route pattern), per upstream call (undici's
// instrumentation, which also sends W3C `traceparent` upstream), and per database query (the
// official pg instrumentation; the official Redis one patches node-redis up to 5, not the 6 this
// proxy uses, so Redis commands are not traced: docs/operations.md). Attributes never carry a
// query string, a header value, a body or a token: the request span records the route pattern,
// method and status only, and the exporter drops what the client instrumentations might add.
import { createRequire } from 'node:module';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';

export { traceFields } from './trace-fields.ts';

export interface Tracing {
  /** `app.use('*', …)` before the request log, so that its line carries the trace id. */
  requests: MiddlewareHandler;
  /** Sends what is left and stops (main's last shutdown step). */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  serviceName: string;
  /** OTLP over HTTP to this endpoint when no exporter is given (the SDK reads OTEL_EXPORTER_OTLP_*). */
  exporter?: SpanExporter;
  /** Export each span as it ends (tests); batches otherwise. */
  immediate?: boolean;
}

/** Starts tracing for this process; call it before the database client connects. */
export function startTracing(options: TracingOptions): Tracing {
  const exporter = scrubbing(options.exporter ?? new OTLPTraceExporter());
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [
      options.immediate ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter),
    ],
  });
  // The global context manager (AsyncLocalStorage) and the W3C trace-context propagator.
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new UndiciInstrumentation(),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  // pg's instrumentation patches on `require`; this code loads pg with `import`, which the hook does
  // not see. Requiring it once here lets it patch pg's shared prototypes, whoever imported it.
  createRequire(import.meta.url)('pg');
  const tracer = provider.getTracer('provider-console');
  return {
    requests: async (c, next) => {
      const carrier: Record<string, string> = {};
      const parent = c.req.header('traceparent');
      if (parent) carrier.traceparent = parent;
      const parentContext = propagation.extract(context.active(), carrier);
      const span = tracer.startSpan(
        c.req.method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': c.req.method } },
        parentContext,
      );
      try {
        await context.with(trace.setSpan(parentContext, span), next);
      } finally {
        const route = routePath(c);
        const status = c.res.status;
        span.updateName(`${c.req.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    },
    async shutdown() {
      unregister();
      await provider.shutdown();
    },
  };
}

/** Attributes that can hold a query string, a header or a body: dropped, or cut at the path. */
const dropped = new Set([
  'url.query',
  'http.url',
  'http.target',
  'db.query.parameter',
  'user_agent.original',
]);

function scrub(attributes: Attributes): void {
  for (const key of Object.keys(attributes)) {
    if (dropped.has(key) || key.startsWith('http.request.header.') || key.startsWith('http.response.header.'))
      delete attributes[key];
  }
  const full = attributes['url.full'];
  if (typeof full === 'string') attributes['url.full'] = full.split(/[?#]/)[0];
}

function scrubbing(exporter: SpanExporter): SpanExporter {
  return {
    export(spans: ReadableSpan[], done) {
      for (const span of spans) scrub(span.attributes);
      exporter.export(spans, done);
    },
    shutdown: () => exporter.shutdown(),
    ...(exporter.forceFlush && { forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve() }),
  };
}
