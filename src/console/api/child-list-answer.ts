// What the child list's worker does for one request, without the worker around it (so that a test
// can run it): 4.5 through the proxy, parsed and validated by the contract (docs/decisions/0024).
import { CONSOLE_HEADERS } from '@/proxy-api/console';
import { listChildCenters } from '@/contract/operations/list-child-centers';
import type { FetchLike } from '@/contract/transport';
import { errorFields, type ListReply, type ListRequest } from './child-list-messages.ts';

export async function answerListRequest(
  request: Extract<ListRequest, { providerId: number }>,
  fetch: FetchLike,
  signal?: AbortSignal,
): Promise<ListReply> {
  const client = { baseUrl: `${request.origin}/api`, fetch, headers: { ...CONSOLE_HEADERS } };
  const result = await listChildCenters(client, { providerId: request.providerId }, { signal });
  return result.ok
    ? { id: request.id, ok: true, value: result.value }
    : { id: request.id, ok: false, error: errorFields(result.error) };
}
