import { z } from 'zod/mini';
import { childListItemSchema, envelopePayload, metaSchema } from '../schemas.ts';
import { segment, send, type CallInit, type UpstreamClient } from '../transport.ts';

export const childCentersPageSchema = z.object({ data: z.array(childListItemSchema), meta: metaSchema });
export type ChildCentersPage = z.infer<typeof childCentersPageSchema>;

// 4.5: without `limit` every child comes back and meta.limit equals meta.total (2.5, D5).
export function listChildCenters(
  client: UpstreamClient,
  input: { providerId: number; limit?: number; offset?: number },
  init?: CallInit,
) {
  return send(
    client,
    {
      method: 'GET',
      path: `/core/v1/provider/${segment(input.providerId)}/child`,
      query: { limit: input.limit, offset: input.offset },
    },
    envelopePayload(childCentersPageSchema),
    init,
  );
}
