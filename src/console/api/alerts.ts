import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  countUnread,
  getAlertChoices,
  listAlerts,
  listFailedDeliveries,
  markRead,
  putAlertChoices,
  retryDelivery,
  type AlertChoices,
  type FailedDelivery,
} from '@/proxy-api/alerts-console';
import { unwrap } from '@/contract/result';
import { proxyClient } from './client.ts';

// One's alerts on the current connection (docs/decisions/0026): the proxy's own calls. Keys start
// with 'alerts' so that marking read refreshes the list and the shell's unread count together.

export const alertKeys = {
  all: ['alerts'] as const,
  list: () => [...alertKeys.all, 'list'] as const,
  unread: () => [...alertKeys.all, 'unread'] as const,
  choices: () => [...alertKeys.all, 'choices'] as const,
  failed: () => [...alertKeys.all, 'failed'] as const,
};

/** The inbox, a keyset page at a time: unread first, then newest first (the proxy's order). */
export const alertsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: alertKeys.list(),
    queryFn: async ({ pageParam, signal }) => unwrap(await listAlerts(proxyClient, pageParam, { signal })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });

/** The shell's badge: a tiny call, read again every minute (a refresh may have raised alerts). */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.unread(),
    queryFn: async ({ signal }) => unwrap(await countUnread(proxyClient, { signal })).unread,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export const alertChoicesQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.choices(),
    queryFn: async ({ signal }) => unwrap(await getAlertChoices(proxyClient, { signal })),
    staleTime: 60_000,
  });

/** `POST /alerts/read`: one (opened) or all; the answer's count goes straight to the badge. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ids: number[] } | { all: true }) =>
      unwrap(await markRead(proxyClient, input)),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(alertKeys.unread(), unread);
      return queryClient.invalidateQueries({ queryKey: alertKeys.list() });
    },
  });
}

/** `PUT /alerts/preferences`: the whole set of choices and the e-mail language. */
export function useSaveAlertChoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AlertChoices) => unwrap(await putAlertChoices(proxyClient, input)),
    onSuccess: (saved) => queryClient.setQueryData(alertKeys.choices(), saved),
  });
}

/** An admin's view of the connection's messages that did not go out (docs/decisions/0027). */
export const failedDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.failed(),
    queryFn: async ({ signal }) => unwrap(await listFailedDeliveries(proxyClient, { signal })).deliveries,
    staleTime: 30_000,
  });

/**
 * `POST /alerts/deliveries/{id}/retry`: one attempt now, and what came of it. A sent (or dropped)
 * one leaves the list; one that failed again, or waits for the queue, stays as the proxy now has it.
 */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrap(await retryDelivery(proxyClient, id)),
    onSuccess: (answer, id) => {
      queryClient.setQueryData(alertKeys.failed(), (rows: FailedDelivery[] | undefined) =>
        answer.delivery
          ? rows?.map((row) => (row.id === id ? (answer.delivery ?? row) : row))
          : rows?.filter((row) => row.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: alertKeys.failed() });
    },
  });
}
