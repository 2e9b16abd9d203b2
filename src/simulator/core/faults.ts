// D11 faults: injected answers and delays for resilience tests.
import { z } from 'zod';
import { nonBlank, parseBody } from './parse.ts';
import { fail, ok, type Fault, type SimState } from './types.ts';

/** Faults waiting to fire at once: each is looked at on every request, so their number is bounded. */
export const MAX_FAULTS = 1_000;

const faultSchema = z.object({
  match: nonBlank(500),
  status: z.number().int().min(100).max(599).optional(),
  delayMs: z.number().int().min(0).max(60_000).optional(),
  times: z.number().int().min(1).max(100_000).optional(),
  body: z.unknown().optional(),
  // A 429's or 503's `Retry-After`, in seconds (RFC 9110 §10.2.3): how a client's backoff is tested.
  retryAfterSeconds: z.number().int().min(0).max(3_600).optional(),
});

export function controlAddFault(state: SimState, body: unknown) {
  const parsed = parseBody(faultSchema, body);
  if (!parsed.ok) return parsed;
  const f = parsed.value;
  if (state.faults.length >= MAX_FAULTS)
    return fail(429, `At most ${MAX_FAULTS} faults wait to fire at once; reset the simulator to clear them`);
  if (f.status === undefined && f.delayMs === undefined)
    return fail(400, 'A fault needs a status or a delayMs', [
      { field: 'status', message: 'status or delayMs is required' },
    ]);
  const fault: Fault = {
    id: state.nextIds.fault++,
    match: f.match,
    times: f.times ?? 1,
    ...(f.status === undefined ? {} : { status: f.status }),
    ...(f.delayMs === undefined ? {} : { delayMs: f.delayMs }),
    ...(f.body === undefined ? {} : { body: f.body }),
    ...(f.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: f.retryAfterSeconds }),
  };
  state.faults.push(fault);
  return ok(fault);
}

/**
 * D11: the first fault whose `match` is contained in `"METHOD /path"` fires and is used up once.
 * Control calls (/__sim) are never faulted.
 */
export function takeFault(state: SimState, method: string, pathname: string): Fault | undefined {
  if (pathname.startsWith('/__sim')) return undefined;
  const subject = `${method.toUpperCase()} ${pathname}`;
  const index = state.faults.findIndex((f) => subject.includes(f.match));
  const fault = state.faults[index];
  if (!fault) return undefined;
  fault.times -= 1;
  if (fault.times <= 0) state.faults.splice(index, 1);
  return fault;
}
