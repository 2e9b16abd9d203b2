import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rights } from '@/console/domain/permissions';
import { switchConnection } from '@/proxy-api/console';
import { unwrap } from '@/contract/result';
import { proxyClient } from './client.ts';
import { sessionKeys, sessionQueryOptions } from './session.ts';

// The signed-in person's side of the session (docs/decisions/0023), apart from session.ts: that
// module ships with the login page's entry, and these serve only the signed-in screens (the
// entry's budget, 160 kB gzip, has no room for what the login page never runs).

/**
 * What the signed-in session may do (docs/decisions/0023), from the session the login guard has
 * already loaded. Unknown (a screen rendered alone, in a test), it is everything: the proxy refuses
 * what the role does not allow whatever the page shows.
 */
export function useRights(): Rights {
  const { data } = useQuery(sessionQueryOptions());
  return data ?? {};
}

/**
 * `POST /auth/connection`: the same person works through another of their connections. Everything
 * cached belongs to the previous one (its centres, its people), so the cache starts again.
 */
export function useSwitchConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (connectionId: string) => unwrap(await switchConnection(proxyClient, { connectionId })),
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.current(), session);
    },
  });
}
