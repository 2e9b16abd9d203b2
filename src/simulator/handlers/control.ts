// D11: the simulator's control API under /__sim (never forwarded under /api by the proxy).
import { HttpResponse, type HttpHandler } from 'msw';
import type { Outcome, SimCore, SimState } from '../core/index.ts';
import { errorResponse, readJson, route } from './http.ts';

const answer = <T>(outcome: Outcome<T>): Response =>
  outcome.ok ? HttpResponse.json(outcome.value as object) : errorResponse(outcome.error);

/**
 * D11 `GET /__sim/state` for debugging, without what would let its reader act as a provider: no
 * client secret and no token (only how many are live). A demo's control API is reachable by anyone
 * who can reach the demo.
 */
export function inspectableState(state: SimState) {
  const { tokens, ...rest } = state;
  return {
    ...rest,
    providers: Object.fromEntries(
      Object.entries(state.providers).map(([id, provider]) => [id, { ...provider, secret: '[redacted]' }]),
    ),
    liveTokens: Object.keys(tokens).length,
  };
}

export function createControlHandlers(core: SimCore, hooks: { onChange?: () => void } = {}): HttpHandler[] {
  const changed = <T>(outcome: Outcome<T>): Outcome<T> => {
    if (outcome.ok) hooks.onChange?.();
    return outcome;
  };
  const withBody =
    (run: (body: unknown, params: Record<string, string>) => Outcome<unknown>) =>
    async ({ request, params }: { request: Request; params: Record<string, string> }) => {
      const body = await readJson(request);
      return answer(body.ok ? changed(run(body.value, params)) : body);
    };
  return [
    route('POST', '/__sim/reset', () => {
      core.reset();
      hooks.onChange?.();
      return HttpResponse.json({ reset: true, now: core.state.now });
    }),
    route(
      'GET',
      '/__sim/state',
      () =>
        new Response(JSON.stringify(inspectableState(core.state)), {
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
    route('GET', '/__sim/clock', () => HttpResponse.json({ now: core.state.now })),
    route(
      'POST',
      '/__sim/clock',
      withBody((body) => core.moveClock(body)),
    ),
    route(
      'POST',
      '/__sim/providers',
      withBody((body) => core.createProvider(body)),
    ),
    route(
      'POST',
      '/__sim/providers/{id}/suspension',
      withBody((body, p) => core.setSuspension(p.id ?? '', body)),
    ),
    route(
      'POST',
      '/__sim/providers/{id}/licenses',
      withBody((body, p) => core.assignLicense(p.id ?? '', body)),
    ),
    route(
      'POST',
      '/__sim/providers/{id}/reports',
      withBody((body, p) => core.recordReports(p.id ?? '', body)),
    ),
    route(
      'POST',
      '/__sim/providers/{id}/scheduled-downgrade',
      withBody((body, p) => core.scheduleDowngrade(p.id ?? '', body)),
    ),
    route(
      'POST',
      '/__sim/faults',
      withBody((body) => core.addFault(body)),
    ),
  ];
}
