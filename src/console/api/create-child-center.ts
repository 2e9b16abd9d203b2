import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateChildCenterRequest } from '@/contract/operations/create-child-center';
import { runOperation } from './client.ts';
import { childCentersKeys } from './list-child-centers.ts';

const load = () =>
  import('@/contract/operations/create-child-center').then((module) => module.createChildCenter);

/** 4.3; on success only the child list is invalidated, never every query (docs/decisions/0006). */
export function useCreateChildCenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChildCenterRequest) => runOperation(load, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childCentersKeys.all }),
  });
}
