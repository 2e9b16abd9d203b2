// The operations slice of the configuration (issue 49), read with the rest (config.ts): the
// Prometheus listener, the drain before shutdown and whether traces are sent. The OTEL_* names are
// OpenTelemetry's own; the exporter reads the rest of them (headers, protocol) itself.
import { z } from 'zod';

const port = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, 'must be a port number from 1 to 65535')
  .transform(Number)
  .pipe(z.number().min(1, 'must be a port number from 1 to 65535').max(65_535, 'must be at most 65535'))
  .optional();

export const operationsShape = {
  /** Prometheus's /metrics on its own listener; off when unset (issue 49, item 2). */
  METRICS_PORT: port,
  /** Where that listener binds: loopback unless said otherwise. */
  METRICS_HOST: z.string().trim().min(1).optional(),
  /** How long /readyz answers 503 after SIGTERM before the server closes (the preStop pattern). */
  DRAIN_SECONDS: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'must be a whole number of seconds from 0 to 999')
    .transform(Number)
    .optional()
    .transform((value) => value ?? 5),
  /** Traces are sent only when an OTLP endpoint is set (off by default). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }))
    .optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(200).optional(),
};

type Parsed = z.output<z.ZodObject<typeof operationsShape>>;

export interface OperationsConfig {
  metrics: { host: string; port: number } | undefined;
  drainMs: number;
  traces: { endpoint: string; serviceName: string } | undefined;
}

export function operationsConfigOf(v: Parsed): OperationsConfig {
  return {
    metrics:
      v.METRICS_PORT === undefined
        ? undefined
        : { host: v.METRICS_HOST ?? '127.0.0.1', port: v.METRICS_PORT },
    drainMs: v.DRAIN_SECONDS * 1_000,
    traces:
      v.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
        ? undefined
        : { endpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: v.OTEL_SERVICE_NAME ?? 'provider-console' },
  };
}

/** The slice alone (the backup script and tests read it without the rest of the configuration). */
export function parseOperationsConfig(env: Record<string, string | undefined>): OperationsConfig {
  return operationsConfigOf(z.object(operationsShape).parse(env));
}
