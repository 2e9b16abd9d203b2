// The active span's ids for each log line (issue 49, item 3): pino's `mixin` in core/log/logger.ts.
// Only OpenTelemetry's API here (no SDK): with tracing off there is no active span and no field.
import { trace } from '@opentelemetry/api';

export function traceFields(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}
