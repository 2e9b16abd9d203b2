import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isSessionEnded, mayPassOnRetry, means } from '@/console/lib/error-message';
import { knownUnreachable } from '@/console/lib/reachability';
import { sessionExpiry } from '@/console/lib/session-expiry';

/**
 * Errors are values (docs/decisions/0003): the API client only returns them; these global
 * callbacks decide that a 401 mid-work opens the re-login dialog (decision 0006) instead of
 * dropping the page.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isSessionEnded(error)) sessionExpiry.report();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.['handlesAuthErrors'] === true) return;
        if (isSessionEnded(error)) sessionExpiry.report();
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; 5xx, timeouts and the network may, unless the
        // server is known to be out of reach now: asking again would only hold the offline panel back.
        retry: (failures, error) =>
          failures < 2 && mayPassOnRetry(error) && !(means(error, 'network-error') && knownUnreachable()),
        refetchOnWindowFocus: false,
        // Asked whatever the browser believes of its connection: offline, a screen's data fails as
        // unreachable and the screen shows the offline panel with Retry (components/feedback.tsx),
        // where the default ('online') paused it behind a skeleton that never ended.
        networkMode: 'always',
      },
      // The same for a change: it fails at once, with what was typed kept, rather than waiting
      // paused and going out by itself once the connection returns.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
