import '@/console/app/styles';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/console/app/app';
import {
  keepFocus,
  prerenderedScreen,
  releaseFields,
  replayPress,
  restoreInlineStyles,
  whenHydrated,
} from '@/console/lib/prerendered';
import { createQueryClient } from '@/console/app/query-client';
import { createAppRouter } from '@/console/app/router';
import { environmentsQueryOptions, sessionQueryOptions } from '@/console/api/session';
import { isShownToUser, markChunkLoadError } from '@/console/lib/error-message';
import { inIdleTime } from '@/console/lib/idle-work';
import { activateLanguage, detectLanguage, rememberLanguage, rememberTimeZone } from '@/console/lib/i18n';

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const root: HTMLElement = found;

// A screen whose code cannot be fetched shows the in-app offline panel, not a reload that would
// end on the browser's own error page (lib/error-message.ts).
window.addEventListener('vite:preloadError', markChunkLoadError);

// `npm run dev` runs the console against the simulator in the browser (decision 0006): the token
// proxy's own app answers from a service worker (docs/decisions/0012). The dynamic import sits
// behind a build-time constant, so a production build contains neither MSW nor the proxy (checked
// by `npm run test:budget`). VITE_DEMO_WORKER=false turns it off, to develop against a running
// proxy instead.
async function startDemoWorkerInDevelopment() {
  if (import.meta.env.DEV && import.meta.env['VITE_DEMO_WORKER'] !== 'false') {
    const { startDemoWorker } = await import('@/proxy/hosts/browser-worker');
    await startDemoWorker();
  }
}

// The user's language is loaded before the first render, so that nothing flashes in English. The
// proxy renders in the language its cookie names: kept in step with the choice stored here (a choice
// made before the cookie existed, or in another tab), so that the next page comes in it.
const language = detectLanguage();
rememberLanguage(language);
const languageReady = activateLanguage(language).catch(() => {});
// The page's first use of Intl loads the browser's locale data: 15–20 ms at 1× CPU (60–80 ms on a
// phone), whichever formatter comes first (measured in Chromium). Paid now, in a task of its own
// while the screen's code and data are on their way, rather than inside hydration's one long task,
// where a screen's first number, date or sort would pay it (issue 48, traced).
inIdleTime(() => {
  void new Intl.NumberFormat(language).format(0);
  return false;
});
// A screen the proxy rendered with its data (docs/decisions/0028) is hydrated, not replaced, when it
// is in the person's language; in another, its data is kept and the screen rendered here afresh.
const screenRendered = prerenderedScreen(root) === 'screen';
const serverRendered = screenRendered && root.dataset['language'] === language;

/**
 * For the screens the proxy renders into the HTML (docs/decisions/0025): times in this zone. Once
 * the screen works and the page is idle, since the cookie serves only the next page (the lookup
 * was a task of 50 to 80 ms at 4× CPU when it was the page's first use of Intl, see above).
 */
function rememberTimeZoneWhenIdle() {
  inIdleTime(() => {
    rememberTimeZone();
    return false;
  });
}

/**
 * The router, with the code of this address's screens already on its way. The login page, and for a
 * browser holding a session the shell's frame, arrive prerendered (docs/decisions/0017): that markup
 * stays on screen until the route and its data are loaded, then is replaced in one commit by the
 * complete screen, focus, typed values and a press kept (lib/prerendered.ts). An empty page renders
 * at once.
 */
async function prepare() {
  const queryClient = createQueryClient();
  // The data the proxy rendered the screen from: the loaders below find it, and ask for none again.
  const filled = screenRendered && (await import('@/console/app/page-state')).fillFromPage(queryClient);
  const router = createAppRouter(queryClient);
  // As TanStack's own hydration does: the tree renders as on the server (no Suspense above the
  // matches), and the first mount does not load again what is loaded here.
  if (filled && serverRendered) router.ssr = { manifest: undefined };
  // Who is signed in, and where, asked at once (the login guard's queries then find them in flight).
  void queryClient.prefetchQuery(sessionQueryOptions());
  void queryClient.prefetchQuery(environmentsQueryOptions());
  // The code of the screens this address shows starts loading now, beside the session, rather than
  // after the login guard has its answer (docs/decisions/0017).
  for (const match of router.matchRoutes(router.state.location)) {
    const route = router.routesById[match.routeId as keyof typeof router.routesById];
    void router.loadRouteChunk(route)?.catch(() => {});
  }
  if (prerenderedScreen(root) !== undefined) {
    // Loaders load their screen's catalogue in the current language: the user's must be active first.
    await languageReady;
    await router.load().catch(() => {});
  }
  return { queryClient, router };
}

void Promise.all([startDemoWorkerInDevelopment().then(prepare), languageReady]).then(([prepared]) => {
  if (prepared.router.ssr) return hydrateScreen(prepared);
  const restoreFocus = keepFocus(root);
  const app = createRoot(root, {
    // A failure an error boundary shows the user in words is not also a console error; a bug is.
    onCaughtError: (error, info) => {
      if (!isShownToUser(error)) console.error(error, info.componentStack);
    },
  });
  flushSync(() =>
    app.render(
      <StrictMode>
        <App prepared={prepared} />
      </StrictMode>,
    ),
  );
  restoreFocus();
  replayPress(root);
  rememberTimeZoneWhenIdle();
  return app;
});

/**
 * The screen the proxy rendered (docs/decisions/0028), brought to life where it is: nothing is
 * replaced, so nothing moves, and focus and a value typed meanwhile stay as they are. A mismatch
 * React recovers from by rendering afresh is a bug in the server's render, reported as one.
 */
function hydrateScreen(prepared: Awaited<ReturnType<typeof prepare>>) {
  restoreInlineStyles(root);
  // The data just rendered on the server is as fresh as data can be: the screens' queries that
  // mount with it do not ask for it again (one kept fresh for no time, the activity log's, would).
  // Until the first navigation, not the end of the first commit: React hydrates each Suspense
  // boundary (every route's match is one) in a pass of its own, after the first.
  const { queryClient, router } = prepared;
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, refetchOnMount: false } });
  const stop = router.subscribe('onBeforeNavigate', () => {
    stop();
    queryClient.setDefaultOptions(defaults);
  });
  // Not in a transition (tried, docs/decisions/0030): hydration then finished later, and under load
  // a key typed meanwhile met a held field and a late effect moved a measured control.
  hydrateRoot(
    root,
    <StrictMode>
      <App prepared={prepared} />
    </StrictMode>,
    {
      onCaughtError: (error, info) => {
        if (!isShownToUser(error)) console.error(error, info.componentStack);
      },
      onRecoverableError: (error) => console.error('The server-rendered screen did not hydrate:', error),
    },
  );
  // A press made before React owns the screen is kept, and made again once it does.
  void whenHydrated(root).then(() => {
    root.removeAttribute('data-prerendered');
    releaseFields();
    replayPress(root);
    return rememberTimeZoneWhenIdle();
  });
}
