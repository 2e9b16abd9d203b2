import { z } from 'zod/mini';
import { WEBHOOK_EVENT_TYPES, envelopePayload, webhookResultSchema } from '../schemas.ts';
import { send, type CallInit, type UpstreamClient } from '../transport.ts';

// D8: the event the console sends, validated before it leaves (the same schema types the form).
const seatItem = z.object({
  planType: z.enum(['BASIC', 'ELITE', 'TRIAL']),
  quantity: z.int().check(z.nonnegative()),
});
const usageItem = z.object({
  planType: z.literal('USAGE'),
  includedConsultations: z.int().check(z.positive()),
});

export const partnerWebhookRequestSchema = z.object({
  id: z.string().check(z.minLength(1)),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  created: z.iso.datetime(),
  data: z.object({
    providerId: z.int().check(z.positive()),
    items: z.optional(z.union([z.tuple([usageItem]), z.array(seatItem).check(z.minLength(1))])),
  }),
});
export type PartnerWebhookRequest = z.infer<typeof partnerWebhookRequestSchema>;

// 4.8
export function sendPartnerWebhook(client: UpstreamClient, input: PartnerWebhookRequest, init?: CallInit) {
  return send(
    client,
    { method: 'POST', path: '/payments/v1/partner/webhook', body: { json: input } },
    envelopePayload(webhookResultSchema),
    init,
  );
}
