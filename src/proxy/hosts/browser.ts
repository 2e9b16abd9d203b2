// The in-browser host (docs/decisions/0012): the proxy's own app, unchanged, answering Requests
// inside the page, with the simulator as the demo environment's upstream. It serves the dev
// server's demo (browser-worker.ts, through MSW's service worker) and the console's Vitest tests
// (src/console/testing, through msw/node), so that both meet the proxy itself, not a copy of it.
// What differs from the Node host is only what a page cannot do: the session id stays in this
// host's memory (a service worker cannot set an HttpOnly cookie), the sessions live in the memory
// store, the audit log in memory (the same interface and suite as the database's, docs/decisions/0018),
// and there is no client address to count (the limiter counts this page as one address).
import { createProxyApp, type ProxyOptions } from '../app.ts';
import { memoryCarrier } from '../core/sessions/carrier.ts';
import { createMemoryStore } from '../core/sessions/store.ts';
import type { FetchLike } from '../core/upstream/upstream.ts';

export interface InBrowserProxy {
  /** Answers a request to `/auth`, `/api`, `/__sim`, `/contract-events` or `/audit` as the proxy would. */
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export interface InBrowserProxyOptions {
  /** D9: the path the simulator serves templates under. */
  templatesPrefix?: string;
  /** The proxy's clock (sessions and the login limiter), default Date.now. */
  now?: () => number;
  logger?: ProxyOptions['logger'];
}

/** The paths this host answers; anything else (the dev server's modules, assets) passes by. */
// `alerts` too (docs/decisions/0026): the shell asks a person's unread count; without a database the
// proxy answers as `npm start` would without one, not the dev server's page.
export const proxyPaths = /^\/(auth|api|__sim|contract-events|audit|alerts)(\/|$)/;

export function createInBrowserProxy(
  simulator: { fetch: FetchLike },
  options: InBrowserProxyOptions = {},
): InBrowserProxy {
  const now = options.now ?? Date.now;
  const store = createMemoryStore({ now });
  const transport: FetchLike = (request) => simulator.fetch(request);
  const proxy = createProxyApp({
    environments: [{ id: 'demo', templatesPrefix: options.templatesPrefix ?? '' }],
    store,
    // A key per page: the sessions die with the page, as the memory store does.
    encryptionKey: crypto.getRandomValues(new Uint8Array(32)),
    transports: { demo: transport },
    simulatorControl: transport,
    carrier: memoryCarrier(),
    // The page reads a service worker's answer as it is: it would never decode a compressed one.
    compress: false,
    now,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    fetch: async (request) => proxy.app.fetch(request, { clientAddress: 'this-page' }),
    close: () => store.close(),
  };
}
