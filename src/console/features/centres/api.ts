import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChildCentersPage, ChildCreation, ChildCredentials, CreateChildCenterRequest } from '@/contract';

// The contract (and full zod with it) is imported on the first call, not with the screens: a
// route chunk may add at most 35 kB gzip and the contract alone is about 30 (decision 0006).
const contract = () => Promise.all([import('@/contract'), import('@/console/lib/api-client')]);

export const centresKeys = {
  all: ['centres'] as const,
  list: (providerId: number) => [...centresKeys.all, providerId, 'list'] as const,
  credentials: (providerId: number, centreId: number) =>
    [...centresKeys.all, providerId, 'credentials', centreId] as const,
};

/** 4.5 without a limit: every child of the parent (D5), shared by the route loader and the screen. */
export const childCentersQueryOptions = (providerId: number) =>
  queryOptions({
    queryKey: centresKeys.list(providerId),
    queryFn: async ({ signal }): Promise<ChildCentersPage> => {
      const [{ listChildCenters, unwrap }, { apiClient }] = await contract();
      return unwrap(await listChildCenters(apiClient, { providerId }, { signal }));
    },
    staleTime: 30_000,
  });

/**
 * 4.4, only on an explicit click: never prefetched, never kept (`gcTime: 0`), and removed from the
 * cache when the dialog closes (issue 5).
 */
export const childCenterCredentialsQueryOptions = (providerId: number, centreId: number) =>
  queryOptions({
    queryKey: centresKeys.credentials(providerId, centreId),
    queryFn: async ({ signal }): Promise<ChildCredentials> => {
      const [{ getChildCenterCredentials, unwrap }, { apiClient }] = await contract();
      return unwrap(await getChildCenterCredentials(apiClient, { childProviderId: centreId }, { signal }));
    },
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

/** 4.3; on success only the centres key prefix is invalidated (STYLE.md point 3). */
export function useCreateChildCenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateChildCenterRequest): Promise<ChildCreation> => {
      const [{ createChildCenter, unwrap }, { apiClient }] = await contract();
      return unwrap(await createChildCenter(apiClient, input));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: centresKeys.all }),
  });
}
