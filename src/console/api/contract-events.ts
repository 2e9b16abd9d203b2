import { queryOptions } from '@tanstack/react-query';
import { CONTRACT_EVENT_LOG_LIMITS, getContractEvents, type ContractEvent } from '@/proxy-api/console';
import { includedConsultationsOf } from '@/console/domain/contract-events';
import { unwrap } from '@/contract/result';
import { proxyClient } from './client.ts';

// The proxy's contract-event log (the console wire, docs/decisions/0016): every partner-webhook
// event sent for the signed-in provider, by anyone signed in as it, with each attempt's answer.

export const contractEventsKeys = {
  all: ['contract-events'] as const,
  /** One centre's events, or every event of the provider. */
  list: (centreId: number | undefined) => [...contractEventsKeys.all, centreId ?? 'every'] as const,
};

/** Pages read past the first to find the centre's included consultations: what the log held before paging. */
const USAGE_PAGES = 20;
/** Below the proxy's ten pages a second per session, so that the walk is never refused for its pace. */
const PAGE_GAP_MS = 125;

export interface CentreContractEvents {
  /** The newest page (the proxy's largest), newest first: the tab shows the newest few. */
  events: readonly ContractEvent[];
  /** Whether the log holds older events than these. */
  more: boolean;
  /** 2.14's included consultations as last accepted, or null when the log's pages read hold none. */
  included: number | null;
}

/**
 * A centre's newest events, and the included consultations its contract was last given: 4.7 never
 * reads them back, so they come from the newest accepted event with a USAGE item. That event is
 * usually on the first page; past it the walk reads on, a page at a time at a pace the proxy
 * admits, and stops at the first refusal (the figure then shows as unknown, as for a log without
 * it). Others managing the same provider add to the log: fetched again on focus after 15 s.
 */
export const contractEventsQueryOptions = (centreId: number) =>
  queryOptions({
    queryKey: contractEventsKeys.list(centreId),
    queryFn: async ({ signal }): Promise<CentreContractEvents> => {
      const read = (cursor?: string) =>
        getContractEvents(
          proxyClient,
          { centreId, limit: CONTRACT_EVENT_LOG_LIMITS.page.max, cursor },
          { signal },
        );
      const first = unwrap(await read());
      let included = includedConsultationsOf(first.events, centreId);
      let next = first.next;
      for (let pages = 0; included === null && next !== null && pages < USAGE_PAGES; pages += 1) {
        // oxlint-disable-next-line no-await-in-loop -- each page starts where the one before ended
        await new Promise((resolve) => setTimeout(resolve, PAGE_GAP_MS));
        // oxlint-disable-next-line no-await-in-loop -- as above
        const page = await read(next);
        if (!page.ok) break;
        included = includedConsultationsOf(page.value.events, centreId);
        next = page.value.next;
      }
      return { events: first.events, more: first.next !== null, included };
    },
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });
