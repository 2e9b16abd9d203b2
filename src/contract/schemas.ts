import { z } from 'zod';
import { isoUtcDateSchema, spacedUtcDateSchema } from './dates.ts';
import { tolerantEnum } from './tolerant.ts';

// The resources of spec §2, read tolerantly (decisions.md, top): zod objects drop unknown fields,
// enums keep unknown values visible, wire field names stay as on the wire (STYLE.md point 2).

export const LICENSE_TYPES = ['BASIC', 'ELITE', 'TRIAL', 'USAGE'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
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
const idString = z.union([z.string(), z.number()]).transform(String);

// 2.1 (D1: `expires_in` may be present; optional for the client)
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().positive().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

// 2.2 response (D4: several doctors also give `doctorIds`, simulator only: optional)
export const doctorRegistrationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  doctorId: idString,
  doctorIds: z.array(idString).optional(),
});
export type DoctorRegistrationResponse = z.infer<typeof doctorRegistrationResponseSchema>;

// 2.4
export function envelopeSchema<T extends z.ZodType>(response: T) {
  return z.object({ success: z.boolean(), code: z.number(), response });
}
/** The envelope, read down to its payload: callers only ever need `response`. */
export function envelopePayload<T extends z.ZodType>(response: T): z.ZodType<z.output<T>> {
  // The cast only names what zod cannot infer through the generic: `response` parsed by `response`.
  return envelopeSchema(response).transform((envelope) => (envelope as { response: z.output<T> }).response);
}

// 2.5
export const metaSchema = z.object({
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
});
export type Meta = z.infer<typeof metaSchema>;

// 2.3
export const childCreationSchema = z.object({
  providerId: z.number().int(),
  clientId: z.string(),
  secret: z.string(),
});
export type ChildCreation = z.infer<typeof childCreationSchema>;
export const childCredentialsSchema = z.object({ clientId: z.string(), secret: z.string() });
export type ChildCredentials = z.infer<typeof childCredentialsSchema>;
// "Other fields of a list item: not shown"; D5 adds `city`, which a real service may lack.
export const childListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  city: z.string().optional(),
});
export type ChildListItem = z.infer<typeof childListItemSchema>;

// 2.7
export const licenseSchema = z.object({
  type: tolerantEnum(LICENSE_TYPES),
  isEnabled: z.boolean(),
  currentUsage: z.number(),
  limit: z.number().nullable(),
  expiresAt: isoUtcDateSchema.nullable().optional(),
});
export type License = z.infer<typeof licenseSchema>;

// 2.6
export const doctorWithLicenseSchema = z.object({
  id: idString,
  name: z.string(),
  lastname: z.string(),
  license: licenseSchema.nullable(),
});
export type DoctorWithLicense = z.infer<typeof doctorWithLicenseSchema>;

// 2.8: absent for PARTNER_SELF, and "a reader treats its absence as 'no suspension'".
export const suspensionSchema = z.object({
  suspended: z.boolean(),
  reason: tolerantEnum(['payment_failed']).optional(),
});
export type Suspension = z.infer<typeof suspensionSchema>;
export const NO_SUSPENSION: Suspension = { suspended: false };
export const optionalSuspensionSchema = suspensionSchema
  .optional()
  .transform((s): Suspension => s ?? NO_SUSPENSION);

// 2.9
export const billingSchema = z.object({
  mode: tolerantEnum(BILLING_MODES),
  managedBy: z.string().nullable().optional(),
});
export type Billing = z.infer<typeof billingSchema>;

// 2.10
export const summaryRowSchema = z.object({
  type: tolerantEnum(LICENSE_TYPES),
  total: z.number().nullable(),
  used: z.number(),
  available: z.number().nullable(),
});
export type SummaryRow = z.infer<typeof summaryRowSchema>;

// 2.11: plan identifiers 8 = BASIC, 9 = ELITE; others survive as keys.
const planQuantitySchema = z.record(z.string(), z.number());
export const PLAN_IDS = { '8': 'BASIC', '9': 'ELITE' } as const;
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
  limit: z.number().nullable(),
  currentUsage: z.number(),
  isEnabled: z.boolean(),
  createdAt: spacedUtcDateSchema,
  updatedAt: spacedUtcDateSchema,
  // A licence never used yet has no last use: tolerate null or absence.
  lastUsedAt: spacedUtcDateSchema.nullable().optional(),
  expiresAt: isoUtcDateSchema.nullable().optional(),
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
  userId: idString.optional(),
});
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;

// 2.14 + D8: a Stripe-like envelope.
export const webhookItemSchema = z.union([
  z.object({ planType: z.literal('USAGE'), includedConsultations: z.number().int().nonnegative() }),
  z.object({ planType: tolerantEnum(LICENSE_TYPES), quantity: z.number().int().nonnegative() }),
]);
export const webhookEventSchema = z.object({
  id: z.string().min(1),
  type: tolerantEnum(WEBHOOK_EVENT_TYPES),
  created: isoUtcDateSchema,
  data: z.object({ providerId: z.number().int(), items: z.array(webhookItemSchema).optional() }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export const webhookResultSchema = z.object({
  eventId: z.string(),
  applied: z.boolean(),
  status: contractStatusSchema.optional(),
});
export type WebhookResult = z.infer<typeof webhookResultSchema>;
