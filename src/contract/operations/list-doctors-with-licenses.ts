import { z } from 'zod/mini';
import {
  billingSchema,
  doctorWithLicenseSchema,
  envelopePayload,
  metaSchema,
  optionalSuspensionSchema,
} from '../schemas.ts';
import { segment, send, type CallInit, type UpstreamClient } from '../transport.ts';

// 4.6: `suspension` is omitted for PARTNER_SELF and read as "not suspended" (2.8).
export const doctorsWithLicensesPageSchema = z.object({
  doctors: z.array(doctorWithLicenseSchema),
  suspension: optionalSuspensionSchema,
  billing: billingSchema,
  meta: metaSchema,
});
export type DoctorsWithLicensesPage = z.infer<typeof doctorsWithLicensesPageSchema>;

export function listDoctorsWithLicenses(
  client: UpstreamClient,
  input: { providerId: number; limit?: number; offset?: number; search?: string },
  init?: CallInit,
) {
  const search = input.search?.trim();
  return send(
    client,
    {
      method: 'GET',
      path: `/payments/v1/subscription/provider/${segment(input.providerId)}/user`,
      query: { limit: input.limit, offset: input.offset, search: search === '' ? undefined : search },
    },
    envelopePayload(doctorsWithLicensesPageSchema),
    init,
  );
}
