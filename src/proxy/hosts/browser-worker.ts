// `npm run dev`: the console against the simulator with no server (decision 0006): the proxy's app
// (browser.ts) answers `/auth`, `/api` and `/__sim` from MSW's service worker, over a simulator
// whose state is kept in localStorage (a reload keeps what was created, not the sign-in).
//
// The console's entry imports this only behind `import.meta.env.DEV` with a dynamic import, so no
// MSW reaches a production build (`npm run test:budget`); the worker script is served by the dev
// server alone (`msw/vite` in vite.config.ts).
import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import { createPersistentDemoSimulator } from '../../simulator/hosts/browser/index.ts';
import { createInBrowserProxy, proxyPaths } from './browser.ts';

export async function startDemoWorker(options: { storageKey?: string; workerUrl?: string } = {}) {
  const sim = createPersistentDemoSimulator(globalThis.localStorage, options.storageKey);
  const proxy = createInBrowserProxy(sim);
  const origin = globalThis.location.origin;
  const worker = setupWorker(
    http.all(
      ({ request }) => {
        const url = new URL(request.url);
        return url.origin === origin && proxyPaths.test(url.pathname);
      },
      ({ request }) => proxy.fetch(request),
    ),
  );
  await worker.start({
    quiet: true,
    onUnhandledFrame: 'bypass',
    serviceWorker: { url: options.workerUrl ?? '/mockServiceWorker.js' },
  });
  return { sim, worker, reset: () => sim.reset(), stop: () => worker.stop() };
}
