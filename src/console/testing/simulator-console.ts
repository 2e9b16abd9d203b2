import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CONSOLE_HEADERS } from '@/proxy-api/console';
import { createInBrowserProxy, proxyPaths, type InBrowserProxy } from '@/proxy/hosts/browser';
import { createSimulator, type SeedOption } from '@/simulator';

// The console's integration tests run against the token proxy's own app (the in-browser host,
// docs/decisions/0012) in front of the spec-faithful simulator, over msw/node: the screens meet the
// same rules, status codes and bodies as in `npm start`, from the same code. There is no second,
// hand-written fake of the proxy to drift from it.

export type Credentials = { providerId: number; clientId: string; secret: string };
export type CentreInput = { name: string; country: string; city: string };

export const DEMO_PARENT: Credentials = {
  providerId: 100,
  clientId: 'demo-parent',
  secret: 'demo-parent-secret',
};

type Recorded = { method: string; path: string; query: URLSearchParams; xRequestedWith: string | null };

/** Where the proxy answers in jsdom: the page's own origin, as the proxy serves the console. */
const proxyUrl = (path: string) => new URL(path, globalThis.location.href);

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: unknown }, what: string): T {
  if (!result.ok) throw new Error(`${what} failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

/**
 * One simulator and one msw/node server for a test file; the simulator goes back to `seed` and a
 * fresh proxy (no session, no login counts) answers every test. Unhandled requests fail.
 */
export function setupSimulatorConsole(options: { seed?: SeedOption } = {}) {
  const sim = createSimulator({ seed: options.seed ?? 'empty' });
  const server = setupServer();
  const requests: Recorded[] = [];
  let proxy: InBrowserProxy | undefined;
  server.events.on('request:start', ({ request }) => {
    // A liveness probe is the transport's own question, not a request of the screen's.
    if (new URL(request.url).pathname === '/healthz') return;
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      query: new URL(request.url).searchParams,
      xRequestedWith: request.headers.get('x-requested-with'),
    });
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    requests.length = 0;
    const current = createInBrowserProxy(sim);
    proxy = current;
    server.resetHandlers(
      http.all(
        ({ request }) => {
          const url = new URL(request.url);
          return url.origin === globalThis.location.origin && proxyPaths.test(url.pathname);
        },
        ({ request }) => current.fetch(request),
      ),
      // The proxy's liveness probe (features/operations/health.ts), which the console's fetch asks
      // when a request is slow to answer (lib/reachability.ts).
      http.head(proxyUrl('/healthz').href, () => new HttpResponse(null, { status: 200 })),
    );
  });
  afterEach(async () => {
    sim.reset();
    localStorage.clear();
    await proxy?.close();
  });
  afterAll(() => server.close());

  return {
    sim,
    server,
    /** Every request the console sent this test, in order. */
    requests,
    /** D11 `POST /__sim/providers`: a parent (no `parentId`) or a child of `parentId`. */
    createProvider(input: CentreInput & { parentId?: number }): Credentials {
      return unwrap(sim.core.createProvider(input), 'createProvider') as Credentials;
    },
    /** A parent with exactly these children, in this order (ids ascending). */
    parentWith(centres: readonly CentreInput[]): { parent: Credentials; children: Credentials[] } {
      const parent = this.createProvider({ name: 'Red de Prueba', country: 'ES', city: 'Girona' });
      const children = centres.map((centre) =>
        this.createProvider({ ...centre, parentId: parent.providerId }),
      );
      return { parent, children };
    },
    /** D11 `POST /__sim/faults`. */
    fault(fault: { match: string; status?: number; times?: number; body?: unknown }) {
      unwrap(sim.core.addFault(fault), 'addFault');
    },
    /** Signs in through the proxy, as the login screen would: the session starts before render. */
    async signIn(credentials: Credentials): Promise<void> {
      const response = await fetch(proxyUrl('/auth/login'), {
        method: 'POST',
        headers: { ...CONSOLE_HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify({
          environment: 'demo',
          providerId: credentials.providerId,
          clientId: credentials.clientId,
          clientSecret: credentials.secret,
        }),
      });
      if (!response.ok) throw new Error(`sign-in failed with ${response.status}`);
      // `requests` records what the console sends: this set-up call is not part of it.
      requests.length = 0;
    },
    /**
     * The proxy offers only the development environment, with its two operations (D3); what the
     * simulator cannot say, so the one answer written in a test.
     */
    onlyDevelopment() {
      server.use(
        http.get('*/auth/environments', () =>
          HttpResponse.json([
            {
              id: 'demo',
              label: 'Development',
              kind: 'development',
              operations: ['requestToken', 'registerDoctors'],
            },
          ]),
        ),
      );
    },
    /** The session ends at the proxy (idle timeout, logout elsewhere): the next call answers 401. */
    async endSession(): Promise<void> {
      await fetch(proxyUrl('/auth/logout'), { method: 'POST', headers: CONSOLE_HEADERS });
    },
    /** The requests whose path ends with `suffix`. */
    sent(suffix: string): Recorded[] {
      return requests.filter((request) => request.path.endsWith(suffix));
    },
  };
}
