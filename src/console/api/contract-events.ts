import { queryOptions } from '@tanstack/react-query';
import { CONTRACT_EVENT_LOG_LIMITS, getContractEvents } from '@/proxy-api/console';
import { unwrap } from '@/contract/result';
import { proxyClient } from './client.ts';

// The proxy's contract-event log (the console wire, docs/decisions/0016): every partner-webhook
// event sent for the signed-in provider, by anyone signed in as it, with each attempt's answer.

export const contractEventsKeys = {
  all: ['contract-events'] as const,
  /** One centre's events, or every event of the provider. */
  list: (centreId: number | undefined) => [...contractEventsKeys.all, centreId ?? 'every'] as const,
};

/**
 * The newest page (the proxy's largest), newest first: the tab shows the newest few and reads what
 * the centre's contract did from them. Others managing the same provider add to it: fetched again
 * on focus after 15 s.
 */
export const contractEventsQueryOptions = (centreId?: number) =>
  queryOptions({
    queryKey: contractEventsKeys.list(centreId),
    queryFn: async ({ signal }) =>
      unwrap(
        await getContractEvents(
          proxyClient,
          { centreId, limit: CONTRACT_EVENT_LOG_LIMITS.page.max },
          { signal },
        ),
      ).events,
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });
