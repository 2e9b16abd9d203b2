// The simulator: a core (state and rules), MSW handlers that translate HTTP, and `fetch` built on
// MSW's getResponse so that any host (a Node server, the proxy, tests) can answer a Request.
import { getResponse, type HttpHandler } from 'msw';
import { createCore, type Capacity, type SeedOption, type SimState } from './core/index.ts';
import { createControlHandlers } from './handlers/control.ts';
import { errorResponse, methodNotAllowed, methodsAt } from './handlers/http.ts';
import { createUpstreamHandlers } from './handlers/upstream.ts';

export type { Capacity, SeedOption, SimState } from './core/index.ts';
export type { SimCore } from './core/index.ts';
export { FAULT_HEADER } from './handlers/upstream.ts';

export type SimulatorOptions = {
  seed?: SeedOption;
  now?: string;
  tokenLifetimeSeconds?: number;
  state?: SimState;
  /** D9: the path prefix before `/reportExample` (default none). */
  templatesPrefix?: string;
  /** How much the world may grow between resets (default: without bound; the proxy's demo sets it). */
  capacity?: Capacity;
  /** With `state`: a world kept since its seed, whose growth counts from the seed (core/index.ts). */
  grownSinceSeed?: boolean;
  /** Called after every request that may have changed the state (the browser host persists then). */
  onChange?: (state: SimState) => void;
};

export type Simulator = ReturnType<typeof createSimulator>;

export function createSimulator(options: SimulatorOptions = {}) {
  const core = createCore(options);
  const notify = () => options.onChange?.(core.state);
  const handlers: HttpHandler[] = [
    ...createUpstreamHandlers(
      core,
      options.templatesPrefix === undefined ? {} : { templatesPrefix: options.templatesPrefix },
    ),
    ...createControlHandlers(core, { onChange: notify }),
  ];
  return {
    core,
    handlers,
    async fetch(request: Request): Promise<Response> {
      try {
        const response = await getResponse(handlers, request);
        if (request.method !== 'GET') notify();
        if (response) return response;
        const { pathname } = new URL(request.url);
        const allowed = methodsAt(handlers, pathname);
        return allowed.length > 0
          ? methodNotAllowed(request.method, pathname, allowed)
          : errorResponse({ status: 404, message: `No operation at ${request.method} ${pathname}` });
      } catch {
        // Never reached by a well-formed or malformed request; a bug still answers in the D2 shape.
        return errorResponse({ status: 500, message: 'Simulator error' });
      }
    },
    /** The methods the simulator answers at a path (a host refuses others before building a Request). */
    methodsAt: (pathname: string) => methodsAt(handlers, pathname),
    exportState: (): SimState => core.exportState(),
    reset(): void {
      core.reset();
      notify();
    },
  };
}
