import { z } from 'zod/mini';
import { normalizeTemplatesPrefix } from '../operations.ts';
import { envelopePayload, metaSchema, reportTemplateSchema } from '../schemas.ts';
import { send, type CallInit, type UpstreamClient } from '../transport.ts';

export const reportTemplatesPageSchema = z.object({ data: z.array(reportTemplateSchema), meta: metaSchema });
export type ReportTemplatesPage = z.infer<typeof reportTemplatesPageSchema>;

export type ListReportTemplatesInput = {
  providerId: number;
  userId?: string;
  excludeProvider?: boolean;
  limit?: number;
  offset?: number;
};

// 4.9: the path prefix before `/reportExample` is the environment's (D9, default none).
export function listReportTemplates(
  client: UpstreamClient,
  input: ListReportTemplatesInput,
  init?: CallInit,
) {
  return send(
    client,
    {
      method: 'GET',
      path: `${normalizeTemplatesPrefix(client.templatesPrefix ?? '')}/reportExample`,
      query: {
        providerId: input.providerId,
        userId: input.userId,
        excludeProvider: input.excludeProvider,
        limit: input.limit,
        offset: input.offset,
      },
    },
    envelopePayload(reportTemplatesPageSchema),
    init,
  );
}
