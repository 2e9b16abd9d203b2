import { z } from 'zod/mini';
import { ISO_UTC_WIRE, isoUtcDateSchema, SPACED_UTC_WIRE, spacedUtcDateSchema } from './dates.ts';
import { LICENSE_TYPES } from './plans.ts';
import { tolerantEnum, tolerated } from './tolerant.ts';

// The resources of spec §2, read tolerantly (docs/decisions/0003): zod objects drop unknown fields,
// enums keep unknown values visible, wire field names stay as on the wire (docs/decisions/0003,
// 0008).
// zod/mini, not classic zod: its functions tree-shake, so each screen pays only for the schemas it
// parses (the console's route budgets, docs/decisions/0003).

export { LICENSE_TYPES, PLAN_IDS, type LicenseType } from './plans.ts';
export const BILLING_MODES = ['PROCESSOR', 'PARTNER_SELF'] as const;
export const CONTRACT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const OWNER_TYPES = ['USER', 'HEALTH_PROVIDER'] as const;
export const WEBHOOK_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
// D4: the seven language codes the service accepts (case-sensitive).
export const DOCTOR_LANGS = ['ES', 'EN', 'CA', 'FR', 'DE', 'IT', 'PT'] as const;

/** An identifier the spec types as a string, accepted as a number too and kept as a string. */
const idString = tolerated(
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value: string | number) => String(value)),
  ),
  { schema: { type: 'string' } },
);
/** A field the spec always sends, read as optional or null (named at each use). */
const alwaysSent = <T extends z.ZodMiniType>(schema: T, wire: Record<string, unknown>) =>
  tolerated(schema, { schema: wire, required: true });
const count = z.int().check(z.nonnegative());

// 2.1 (D1: `expires_in` may be present; optional for the client)
export const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  // 2.1: the value is `Bearer`; RFC 6749 §7.1 reads token types case-insensitively.
  token_type: tolerated(z.string(), { schema: { type: 'string', const: 'Bearer' } }),
  expires_in: z.optional(z.number().check(z.positive())),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

// 2.2 response (D4: several doctors also give `doctorIds`, simulator only: optional)
export const doctorRegistrationResponseSchema = z.object({
  success: z.boolean(),
  message: alwaysSent(z.optional(z.string()), { type: 'string' }),
  doctorId: idString,
  doctorIds: z.optional(z.array(idString)),
});
export type DoctorRegistrationResponse = z.infer<typeof doctorRegistrationResponseSchema>;

// 2.4
export function envelopeSchema<T extends z.ZodMiniType>(response: T) {
  // On a success the envelope says so: `success` true, `code` 200 (the HTTP status it mirrors).
  return z.object({
    success: tolerated(z.boolean(), { schema: { type: 'boolean', const: true } }),
    code: tolerated(z.number(), { schema: { type: 'integer', const: 200 } }),
    response,
  });
}
/** The envelope, read down to its payload: callers only ever need `response`. */
export function envelopePayload<T extends z.ZodMiniType>(response: T): z.ZodMiniType<z.output<T>> {
  // The cast only names what zod cannot infer through the generic: `response` parsed by `response`.
  return z.pipe(
    envelopeSchema(response),
    z.transform((envelope) => (envelope as { response: z.output<T> }).response),
  );
}

// 2.5
export const metaSchema = z.object({ total: count, offset: count, limit: count });
export type Meta = z.infer<typeof metaSchema>;

// 2.3
export const childCreationSchema = z.object({
  providerId: z.int(),
  clientId: z.string(),
  secret: z.string(),
});
export type ChildCreation = z.infer<typeof childCreationSchema>;
export const childCredentialsSchema = z.object({ clientId: z.string(), secret: z.string() });
export type ChildCredentials = z.infer<typeof childCredentialsSchema>;
// "Other fields of a list item: not shown"; D5 adds `city`, which a real service may lack.
export const childListItemSchema = z.object({
  id: z.int(),
  name: z.string(),
  country: z.string(),
  city: z.optional(z.string()),
});
export type ChildListItem = z.infer<typeof childListItemSchema>;

// 2.7
export const licenseSchema = z.object({
  type: tolerantEnum(LICENSE_TYPES),
  isEnabled: z.boolean(),
  currentUsage: z.number(),
  limit: z.nullable(z.number()),
  expiresAt: alwaysSent(z.optional(z.nullable(isoUtcDateSchema)), ISO_UTC_WIRE),
});
export type License = z.infer<typeof licenseSchema>;

// 2.6
export const doctorWithLicenseSchema = z.object({
  id: idString,
  name: z.string(),
  lastname: z.string(),
  license: z.nullable(licenseSchema),
});
export type DoctorWithLicense = z.infer<typeof doctorWithLicenseSchema>;

// 2.8: absent for PARTNER_SELF, and "a reader treats its absence as 'no suspension'".
export const suspensionSchema = z.object({
  suspended: z.boolean(),
  reason: z.optional(tolerantEnum(['payment_failed'])),
});
export type Suspension = z.infer<typeof suspensionSchema>;
export const NO_SUSPENSION: Suspension = { suspended: false };
export const optionalSuspensionSchema = z.pipe(
  z.optional(suspensionSchema),
  z.transform((s: Suspension | undefined): Suspension => s ?? NO_SUSPENSION),
);

// 2.9
export const billingSchema = z.object({
  mode: tolerantEnum(BILLING_MODES),
  managedBy: alwaysSent(z.optional(z.nullable(z.string())), { type: ['string', 'null'] }),
});
export type Billing = z.infer<typeof billingSchema>;

// 2.10
export const summaryRowSchema = z.object({
  type: tolerantEnum(LICENSE_TYPES),
  total: z.nullable(z.number()),
  used: z.number(),
  available: z.nullable(z.number()),
});
export type SummaryRow = z.infer<typeof summaryRowSchema>;

// 2.11: plan identifiers 8 = BASIC, 9 = ELITE; others survive as keys.
const planQuantitySchema = tolerated(z.record(z.string(), z.number()), {
  schema: {
    type: 'object',
    propertyNames: { enum: ['8', '9'] },
    additionalProperties: { type: 'integer', minimum: 0 },
  },
});
export const scheduledDowngradeSchema = z.object({
  quantity: planQuantitySchema,
  effectiveDate: isoUtcDateSchema,
});
export type ScheduledDowngrade = z.infer<typeof scheduledDowngradeSchema>;
export const scheduledSwitchSchema = z.object({
  quantity: planQuantitySchema,
  effectiveDate: spacedUtcDateSchema,
});
export type ScheduledSwitch = z.infer<typeof scheduledSwitchSchema>;
export const contractStatusSchema = tolerantEnum(CONTRACT_STATUSES);

// 2.12
export const userLicenseDetailSchema = z.object({
  id: z.number(),
  type: tolerantEnum(LICENSE_TYPES),
  limit: z.nullable(z.number()),
  currentUsage: z.number(),
  isEnabled: z.boolean(),
  createdAt: spacedUtcDateSchema,
  updatedAt: spacedUtcDateSchema,
  // A licence never used yet has no last use: tolerate null or absence.
  lastUsedAt: alwaysSent(z.optional(z.nullable(spacedUtcDateSchema)), SPACED_UTC_WIRE),
  expiresAt: alwaysSent(z.optional(z.nullable(isoUtcDateSchema)), ISO_UTC_WIRE),
  userId: idString,
  name: z.string(),
  lastname: z.string(),
});
export type UserLicenseDetail = z.infer<typeof userLicenseDetailSchema>;

// 2.13
export const reportTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  type: z.number(),
  specialityId: z.number(),
  isValidated: z.boolean(),
  ownerType: tolerantEnum(OWNER_TYPES),
  providerId: idString,
  userId: z.optional(idString),
});
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;

// 2.14 + D8: a Stripe-like envelope.
export const webhookItemSchema = z.union([
  z.object({ planType: z.literal('USAGE'), includedConsultations: count }),
  z.object({ planType: tolerantEnum(LICENSE_TYPES), quantity: count }),
]);
export const webhookEventSchema = z.object({
  id: z.string().check(z.minLength(1)),
  type: tolerantEnum(WEBHOOK_EVENT_TYPES),
  created: isoUtcDateSchema,
  data: z.object({ providerId: z.int(), items: z.optional(z.array(webhookItemSchema)) }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export const webhookResultSchema = z.object({
  eventId: z.string(),
  applied: z.boolean(),
  status: z.optional(contractStatusSchema),
});
export type WebhookResult = z.infer<typeof webhookResultSchema>;
