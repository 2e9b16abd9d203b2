import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createChildCenter, type CreateChildCenterRequest } from '@/contract/operations/create-child-center';
import { runOperation } from './client.ts';
import { childCentersKeys } from './list-child-centers.ts';

// Imported, not loaded on use: the create dialog, this hook's one user, imports the operation's
// request schema, so the operation is in its chunk already (a dynamic import split nothing, and
// the build warned so: INEFFECTIVE_DYNAMIC_IMPORT).
const load = () => Promise.resolve(createChildCenter);

/** 4.3; on success only the child list is invalidated, never every query (docs/decisions/0006). */
export function useCreateChildCenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChildCenterRequest) => runOperation(load, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childCentersKeys.all }),
  });
}
