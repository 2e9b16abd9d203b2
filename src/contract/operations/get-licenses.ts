import { z } from 'zod/mini';
import {
  contractStatusSchema,
  envelopePayload,
  optionalSuspensionSchema,
  scheduledDowngradeSchema,
  scheduledSwitchSchema,
  summaryRowSchema,
  userLicenseDetailSchema,
  type LicenseType,
} from '../schemas.ts';
import { tolerated } from '../tolerant.ts';
import { segment, send, type CallInit, type UpstreamClient } from '../transport.ts';

// 4.7 answers one of four shapes (D7). Each is tagged with `shape` so that a screen switches on
// it instead of probing fields; `suspension` is always present, absent on the wire meaning "not
// suspended" (2.8).
const tagged = <const S extends string, T extends z.ZodMiniType<object>>(shape: S, schema: T) =>
  z.pipe(
    schema,
    z.transform((value: z.output<T>) => ({ shape, ...value })),
  );
// Shapes 1 and 3 always send their pending block, null when there is none (2.11).
const orNull = <T extends z.ZodMiniType>(schema: T) =>
  tolerated(
    z.pipe(
      z.optional(z.nullable(schema)),
      z.transform((value: z.output<T> | null | undefined) => value ?? null),
    ),
    { required: true },
  );

const licensesShape = tagged(
  'licenses',
  z.object({ licenses: z.array(userLicenseDetailSchema), suspension: optionalSuspensionSchema }),
);

// Shape 3: pay-per-use (D7: only under PARTNER_SELF here, so it carries `status`).
const payPerUseShape = tagged(
  'pay-per-use',
  z.object({
    contractModel: z.literal('USAGE'),
    summary: z.array(summaryRowSchema),
    scheduledSwitch: orNull(scheduledSwitchSchema),
    status: contractStatusSchema,
    suspension: optionalSuspensionSchema,
  }),
);

// Shape 2: PARTNER_SELF by seats: `scheduledDowngrade` and `suspension` are omitted.
const partnerSelfShape = tagged(
  'partner-self',
  z.object({
    summary: z.array(summaryRowSchema),
    status: contractStatusSchema,
    suspension: optionalSuspensionSchema,
  }),
);

// Shape 1: seat-based, processor-billed.
const processorShape = tagged(
  'processor',
  z.object({
    summary: z.array(summaryRowSchema),
    scheduledDowngrade: orNull(scheduledDowngradeSchema),
    suspension: optionalSuspensionSchema,
  }),
);

// Order matters: each earlier shape has a field the later ones lack.
export const licensesResponseSchema = z.union([
  licensesShape,
  payPerUseShape,
  partnerSelfShape,
  processorShape,
]);
export type LicensesResponse = z.infer<typeof licensesResponseSchema>;

export type GetLicensesInput = { providerId: number; userId?: string; type?: LicenseType };

export function getLicenses(client: UpstreamClient, input: GetLicensesInput, init?: CallInit) {
  return send(
    client,
    {
      method: 'GET',
      path: `/payments/v1/subscription/provider/${segment(input.providerId)}/license`,
      query: { userId: input.userId, type: input.type },
    },
    envelopePayload(licensesResponseSchema),
    init,
  );
}
