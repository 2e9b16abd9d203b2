import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { changeRole, getPeople, invitePerson, removePerson, type InviteRequest } from '@/proxy-api/people';
import type { Role } from '@/proxy-api/permissions';
import { unwrap } from '@/contract/result';
import { proxyClient } from './client.ts';

// The people of the current connection and their roles (docs/decisions/0023): the proxy's own
// calls, not the service's. The list is the connection's: switching connection clears the cache.

export const peopleKeys = {
  all: ['people'] as const,
  list: () => [...peopleKeys.all, 'list'] as const,
};

export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: peopleKeys.list(),
    queryFn: async ({ signal }) => unwrap(await getPeople(proxyClient, { signal })).people,
    staleTime: 30_000,
  });

/** `POST /people`: an invitation by e-mail with a role on the current connection. */
export function useInvitePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InviteRequest) => unwrap(await invitePerson(proxyClient, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

/** `PUT /people/{id}/role`: the person's next request is judged by the new role. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { personId: string; role: Role }) =>
      unwrap(await changeRole(proxyClient, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

/** `DELETE /people/{id}`: their role here goes, and their sessions through it end at once. */
export function useRemovePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (personId: string) => unwrap(await removePerson(proxyClient, { personId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
