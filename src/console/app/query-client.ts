import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/contract/api-error-value';
import { sessionExpiry } from '@/console/lib/session-expiry';

const isUnauthenticated = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * Errors are values (STYLE.md point 7): the API client only returns them; these global callbacks
 * decide that a 401 mid-work opens the re-login dialog (issue 5) instead of dropping the page.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthenticated(error)) sessionExpiry.report();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.['handlesAuthErrors'] === true) return;
        if (isUnauthenticated(error)) sessionExpiry.report();
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; 5xx, timeouts and the network may.
        retry: (failures, error) =>
          failures < 2 && !(isApiError(error) && error.status !== undefined && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
