// Every signed-in screen rendered by the proxy into its page (docs/decisions/0028, issue 48): the
// console's own router, loaded on the server with the same route loaders and query options as in
// the browser, whose calls the proxy answers in process as the session that asked (so what the
// session may not see is never fetched, let alone rendered); then rendered with Mantine's styles,
// the person's language and time zone, and the query cache it filled dehydrated beside it. The
// console hydrates that markup (main.tsx) from that cache, asking for none of it again. Built for
// the server only (tools/build/prerender.ts, `dist/server/`); never imported by the console's entry.
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { answerCallsWith, type ServerTransport } from '@/console/api/client';
import { renderComplete } from '@/console/app/prerender';
import { createQueryClient } from '@/console/app/query-client';
import { createAppRouter, type AppRouter } from '@/console/app/router';
import { inTurn } from '@/console/app/server-queue';
import { activateLanguage } from '@/console/lib/i18n';
import { serializeState } from '@/console/lib/server-state';
import type { RenderScreen, ScreenRequest } from '@/proxy-api/first-screen';

interface ContextStore<T> {
  run<R>(store: T, callback: () => R): R;
  getStore(): T | undefined;
}

// Node's AsyncLocalStorage, without Node's types in the console's project: each render's calls
// (and any a slow render still makes after the proxy gave up on it) go out as its own session,
// whatever render runs next.
const { AsyncLocalStorage } = (
  globalThis as unknown as { process: { getBuiltinModule(id: string): unknown } }
).process.getBuiltinModule('node:async_hooks') as { AsyncLocalStorage: new <T>() => ContextStore<T> };
const calls = new AsyncLocalStorage<ServerTransport>();
answerCallsWith(() => calls.getStore());

export const renderScreen: RenderScreen = (request) =>
  inTurn(() => calls.run({ origin: request.origin, fetch: request.fetch }, () => renderOne(request)));

async function renderOne(request: ScreenRequest) {
  await activateLanguage(request.language);
  const queryClient = createQueryClient();
  // One try: a render that would wait on a retry is better left to the browser.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [request.url] }));
  // The browser restores scrolling itself; the server's inline script for it would be one more
  // script in the page and one more node for hydration to skip.
  router.options.scrollRestoration = false;
  await router.load();
  // oxlint-disable-next-line no-underscore-dangle -- the router's own outcome of a server load (a render or a redirect), public in its types
  const result = router._serverResult;
  // An address the console would change at once (its search made canonical, a tab chosen, the
  // login for a session that ended): the browser is sent there, and that page is rendered.
  if (result?.type === 'redirect') {
    const href = result.redirect.headers.get('location') ?? result.redirect.options.href;
    // Never to itself (the browser would come back for ever), never off this origin.
    const elsewhere = href !== undefined && href !== request.url;
    return elsewhere && href.startsWith('/') && !href.startsWith('//') ? { redirect: href } : undefined;
  }
  if (!loadedWhole(router, request.url)) return undefined;
  // A loader may start a read without awaiting it (a page of doctors the screen keeps the previous
  // one of while the next loads): the page waits for it here, within the proxy's budget, so that
  // it arrives with the screen and the browser does not ask again.
  while (queryClient.isFetching() > 0)
    // oxlint-disable-next-line no-await-in-loop -- polled until the reads under way have ended
    await new Promise((resolve) => setTimeout(resolve, 5));
  // A read that failed (an unknown doctor in the address) is shown from its error, which does not
  // travel as data: the browser renders that screen and says what failed itself.
  if (
    queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0
  )
    return undefined;
  const render = () =>
    renderComplete(request.nonce, request.language, <RouterProvider router={router} />, {
      queryClient,
      timeZone: request.timeZone,
    });
  let markup = await render();
  // What the screen reads itself as it mounts (a centre's banners, a tab's counts) is read now and
  // the screen rendered again with it, so that it too is in the page and not asked for again.
  if (await readWhatItAskedFor(queryClient)) markup = await render();
  return { markup, state: serializeState(dehydrate(queryClient)) };
}

/** At most this many reads a screen starts itself are made for its page; the rest are the browser's. */
const ASKED_FOR_AT_MOST = 20;

/**
 * The reads a render asked for that nothing started (on the server a query starts only in an
 * effect, which never runs there), made; one that fails is forgotten, for the browser to make and
 * show. Whether any arrived.
 */
async function readWhatItAskedFor(queryClient: QueryClient): Promise<boolean> {
  const asked = queryClient
    .getQueryCache()
    .findAll({
      predicate: (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        // An observer's options: a read switched off (or decided by a function) waits for the browser.
        [undefined, true].includes((query.options as { enabled?: unknown }).enabled as undefined),
    })
    .slice(0, ASKED_FOR_AT_MOST);
  if (asked.length === 0) return false;
  await Promise.all(
    asked.map((query) =>
      query.fetch().catch(() => queryClient.removeQueries({ queryKey: query.queryKey, exact: true })),
    ),
  );
  return asked.some((query) => query.state.status === 'success');
}

/**
 * Whether the screen asked for loaded as the browser would show it: each route loaded, or refused
 * (its parent's not-found panel shows, and what is below it waits), and none failed. An error is the
 * browser's to show (it may retry), as today.
 */
function loadedWhole(router: AppRouter, url: string): boolean {
  const { location, matches, status } = router.state;
  const asked = new URL(url, 'http://console.invalid').pathname;
  // A refusal (not for this role, not offered here) shows in the shell as in the browser: what is
  // below the refusing route never loads.
  const refused = matches.findIndex((match) => match.status === 'notFound');
  const shown = refused === -1 ? matches : matches.slice(0, refused);
  return (
    status === 'idle' &&
    location.pathname === asked &&
    shown.length > 0 &&
    shown.every((match) => match.status === 'success')
  );
}
