import { z } from 'zod/mini';
import { intParam, pageParam } from '@/console/lib/search-params';

// The contract-event log page's state, in the URL (docs/decisions/0006): one centre (0: every one) and
// the page. Its own module: a route's search schema ships with the entry.
export const contractLogSearchSchema = z.object({
  centre: intParam({ min: 0, fallback: 0 }),
  page: pageParam(),
});
export type ContractLogSearch = z.output<typeof contractLogSearchSchema>;
export const CONTRACT_LOG_SEARCH_DEFAULTS: ContractLogSearch = contractLogSearchSchema.parse({});
