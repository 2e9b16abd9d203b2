import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addConnection,
  addFirstConnection,
  getConnections,
  removeConnection,
  replaceConnectionSecret,
  setConnectionWebhook,
  type AddConnectionRequest,
  type ReplaceSecretRequest,
  type SetWebhookRequest,
} from '@/proxy-api/people';
import { unwrap } from '@/contract/result';
import { proxyClient } from './client.ts';
import { sessionKeys } from './session.ts';

// The connections an admin manages (docs/decisions/0023): a parent provider's credentials, given
// once and verified by the proxy, sealed there, and never sent back to any browser.

export const connectionKeys = {
  all: ['connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
};

export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: connectionKeys.list(),
    queryFn: async ({ signal }) => unwrap(await getConnections(proxyClient, { signal })).connections,
    staleTime: 30_000,
  });

/** The list, and the session's list of connections to switch to. */
const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.current() }),
  ]);

/** `POST /connections`: verified with the service before it is kept; a wrong secret is refused. */
export function useAddConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddConnectionRequest) => unwrap(await addConnection(proxyClient, input)),
    onSuccess: () => refresh(queryClient),
  });
}

/** `PUT /connections/{id}/secret`: what fixes a connection the service stopped accepting. */
export function useReplaceSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { connectionId: string } & ReplaceSecretRequest) =>
      unwrap(await replaceConnectionSecret(proxyClient, input)),
    onSuccess: () => refresh(queryClient),
  });
}

/** `PUT /connections/{id}/webhook`: the chat webhook for its alerts (docs/decisions/0027); null removes it. */
export function useSetWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { connectionId: string } & SetWebhookRequest) =>
      unwrap(await setConnectionWebhook(proxyClient, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

/**
 * `DELETE /connections/{id}`: confirmed first (remove-connection-dialog.tsx). Whoever works
 * through it loses it at their next request, on every instance (the proxy's access changes).
 */
export function useRemoveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (connectionId: string) => unwrap(await removeConnection(proxyClient, { connectionId })),
    onSuccess: () => refresh(queryClient),
  });
}

/**
 * `POST /connections/first`: the deployment's first connection, by its first admin; the answer is
 * their session on it, straight into the cache the login guard reads. A 401 (the sign-in's cookie
 * expired or absent) is this form's answer, not an ended session's re-login dialog.
 */
export function useAddFirstConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddConnectionRequest) => unwrap(await addFirstConnection(proxyClient, input)),
    meta: { handlesAuthErrors: true },
    onSuccess: (session) => queryClient.setQueryData(sessionKeys.current(), session),
  });
}
