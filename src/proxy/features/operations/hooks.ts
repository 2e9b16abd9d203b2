// What the app (app.ts, web-standard: it also runs in the browser's demo worker) takes from the
// operations feature: one middleware for metrics and traces, what readiness covers, and the meters
// the composition hands to the core's and the features' observers.
import type { MiddlewareHandler } from 'hono';
import type { ReadinessParts } from './health.ts';
import type { Meters } from './meters.ts';

export interface OperationsHooks {
  /** `app.use('*', …)` first, before the request log, so that its line carries the trace id. */
  requests: MiddlewareHandler;
  readiness: ReadinessParts;
  meters: Meters;
}
