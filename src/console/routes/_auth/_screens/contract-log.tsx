import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { ACTIVITY_SEARCH_DEFAULTS } from '@/console/features/activity/search';
import { intParam } from '@/console/lib/search-params';

// The contract-event log's old address (docs/decisions/0016): the Activity screen replaced it
// (docs/decisions/0022), so a saved link opens its contract changes, of the same centre.
export const Route = createFileRoute('/_auth/_screens/contract-log')({
  validateSearch: z.object({ centre: intParam({ min: 0, fallback: 0 }) }),
  beforeLoad: ({ search }) => {
    throw redirect({
      to: '/activity',
      search: { ...ACTIVITY_SEARCH_DEFAULTS, action: 'contract.event', centre: search.centre },
      replace: true,
    });
  },
});
