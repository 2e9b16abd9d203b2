import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sendPartnerWebhook, type PartnerWebhookRequest } from '@/contract/operations/send-partner-webhook';
import { runOperation } from './client.ts';
import { contractEventsKeys } from './contract-events.ts';
import { licensesKeys } from './get-licenses.ts';
import { doctorsWithLicensesKeys } from './list-doctors-with-licenses.ts';

// Imported, not loaded on use: the contract tab (features/contract/pending-action.ts) imports the
// operation's request schema, so it is loaded with it already (a dynamic import split nothing, and
// the build warned so: INEFFECTIVE_DYNAMIC_IMPORT).
const load = () => Promise.resolve(sendPartnerWebhook);

/**
 * What a contract event changes, fetched again: the centre's licence queries (4.7: the summary the
 * banners and plans draw, the licences by type and by doctor), its doctors (4.6: each licence's
 * `isEnabled`, which a cancellation turns off, spec 3.2) and the contract-event log. Also called when
 * another tab of this browser settled an event.
 */
export function refetchAfterContractEvent(queryClient: QueryClient, centreId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: licensesKeys.centre(centreId) }),
    queryClient.invalidateQueries({ queryKey: doctorsWithLicensesKeys.centre(centreId) }),
    queryClient.invalidateQueries({ queryKey: contractEventsKeys.all }),
  ]);
}

/**
 * 4.8 with D8's envelope. Never retried by itself (the client's default for mutations): a retry
 * is the user's, with the same event id (docs/decisions/0016). Whatever the answer, the centre's
 * data is fetched again: even a timeout may have applied the event.
 */
export function useSendPartnerWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PartnerWebhookRequest) => runOperation(load, request),
    onSettled: (_result, _error, request) => refetchAfterContractEvent(queryClient, request.data.providerId),
  });
}
