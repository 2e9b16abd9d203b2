// The document's schemas, generated from the contract's zod schemas with zod's own JSON Schema
// output, read strictly: every tolerance of the contract is replaced by the wire form it declares
// (`tolerated`, docs/decisions/0009) and every object is closed, so that a validator reports the
// unknown fields, unknown enum values and loose shapes the console's reading silently absorbs.
import { z } from 'zod/mini';
import { errorBodySchema, oauthErrorBodySchema } from '../api-error.ts';
import { createChildCenterRequestSchema } from '../operations/create-child-center.ts';
import { licensesResponseSchema } from '../operations/get-licenses.ts';
import { childCentersPageSchema } from '../operations/list-child-centers.ts';
import { doctorsWithLicensesPageSchema } from '../operations/list-doctors-with-licenses.ts';
import { reportTemplatesPageSchema } from '../operations/list-report-templates.ts';
import { doctorRegistrationSchema, registerDoctorsRequestSchema } from '../operations/register-doctors.ts';
import { partnerWebhookRequestSchema } from '../operations/send-partner-webhook.ts';
import {
  billingSchema,
  childCreationSchema,
  childCredentialsSchema,
  childListItemSchema,
  doctorRegistrationResponseSchema,
  doctorWithLicenseSchema,
  envelopeSchema,
  licenseSchema,
  metaSchema,
  reportTemplateSchema,
  scheduledDowngradeSchema,
  scheduledSwitchSchema,
  summaryRowSchema,
  suspensionSchema,
  tokenResponseSchema,
  userLicenseDetailSchema,
  webhookResultSchema,
} from '../schemas.ts';
import { wireForms } from '../tolerant.ts';

export type JsonSchema = Record<string, unknown>;

// 4.1's body is a form the contract builds from its inputs (RFC 6749 §4.4), so it is stated here.
const tokenFormSchema = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().check(z.minLength(1)),
  client_secret: z.string().check(z.minLength(1)),
});

type Component = { id: string; description: string };
const registry = z.registry<Component>();
const add = (schema: z.ZodMiniType, id: string, description: string) =>
  registry.add(schema, { id, description });

add(tokenFormSchema, 'TokenRequest', 'Spec 4.1: the client-credentials grant, form-encoded.');
add(tokenResponseSchema, 'TokenResponse', 'Spec 2.1; D1 adds `expires_in` (seconds, default 3600).');
add(oauthErrorBodySchema, 'OAuthError', 'D1: the token operation answers OAuth 2.0 errors (RFC 6749 §5.2).');
add(errorBodySchema, 'Error', 'D2: the error body of every operation but the token; `errors` only on 400.');
add(registerDoctorsRequestSchema, 'RegisterDoctorsRequest', 'Spec 4.2: one or more doctors.');
add(doctorRegistrationSchema, 'DoctorRegistration', 'Spec 2.2 with D4 (validation, languages).');
add(
  doctorRegistrationResponseSchema,
  'DoctorRegistrationResponse',
  'Spec 2.2. Several doctors (not shown): D4 adds `doctorIds` in request order.',
);
add(
  createChildCenterRequestSchema,
  'CreateChildCenterRequest',
  'Spec 2.3 with D5: non-blank, ≤ 200 characters.',
);
add(envelopeSchema(childCreationSchema), 'ChildCreationEnvelope', 'Spec 2.4 around 2.3.');
add(childCreationSchema, 'ChildCreation', 'Spec 2.3: keep all three values.');
add(envelopeSchema(childCredentialsSchema), 'ChildCredentialsEnvelope', 'Spec 2.4 around 2.3.');
add(childCredentialsSchema, 'ChildCredentials', 'Spec 2.3; D5: the same values as at creation.');
add(envelopeSchema(childCentersPageSchema), 'ChildCentersEnvelope', 'Spec 2.4 around 4.5.');
add(childCentersPageSchema, 'ChildCentersPage', 'Spec 4.5.');
add(
  childListItemSchema,
  'ChildListItem',
  'Spec 2.3. Other fields: not shown; D5 adds `city`, which a real service may lack.',
);
add(metaSchema, 'Meta', 'Spec 2.5.');
add(envelopeSchema(doctorsWithLicensesPageSchema), 'DoctorsWithLicensesEnvelope', 'Spec 2.4 around 4.6.');
add(
  doctorsWithLicensesPageSchema,
  'DoctorsWithLicensesPage',
  'Spec 4.6: `suspension` is present for PROCESSOR providers and omitted for PARTNER_SELF (2.8).',
);
add(doctorWithLicenseSchema, 'DoctorWithLicense', 'Spec 2.6.');
add(licenseSchema, 'License', 'Spec 2.7.');
add(suspensionSchema, 'Suspension', 'Spec 2.8: `reason` only when `suspended` is true.');
add(billingSchema, 'Billing', 'Spec 2.9.');
add(envelopeSchema(licensesResponseSchema), 'LicensesEnvelope', 'Spec 2.4 around 4.7.');
add(
  licensesResponseSchema,
  'LicensesResponse',
  'Spec 4.7, one of four shapes: licence detail (shape 4, and D7 for `type`), pay-per-use (shape 3; ' +
    'D7: only under PARTNER_SELF, so with `status`), PARTNER_SELF by seats (shape 2), processor (shape 1).',
);
add(summaryRowSchema, 'SummaryRow', 'Spec 2.10.');
add(scheduledDowngradeSchema, 'ScheduledDowngrade', 'Spec 2.11: plan 8 = BASIC, 9 = ELITE; ISO date (D10).');
add(scheduledSwitchSchema, 'ScheduledSwitch', 'Spec 2.11: `YYYY-MM-DD HH:MM:SS` in UTC (D10).');
add(userLicenseDetailSchema, 'UserLicenseDetail', 'Spec 2.12; dates per D10.');
add(partnerWebhookRequestSchema, 'PartnerWebhookEvent', 'Spec 2.14; envelope not shown: D8 (Stripe-like).');
add(envelopeSchema(webhookResultSchema), 'WebhookResultEnvelope', 'Spec 2.4 around D8.');
add(webhookResultSchema, 'WebhookResult', 'D8: a repeated event id answers `applied: false`.');
add(envelopeSchema(reportTemplatesPageSchema), 'ReportTemplatesEnvelope', 'Spec 2.4 around 4.9.');
add(reportTemplatesPageSchema, 'ReportTemplatesPage', 'Spec 4.9.');
add(reportTemplateSchema, 'ReportTemplate', 'Spec 2.13: `userId` only when `ownerType` is USER.');

/** The strict reading: wire forms in place of tolerances, closed objects, always-sent fields required. */
function strict({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) {
  const wire = wireForms.get(zodSchema);
  if (wire?.schema) {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, structuredClone(wire.schema));
  }
  if (!(zodSchema instanceof z.ZodMiniObject)) return;
  const shape: Record<string, z.core.$ZodType> = zodSchema.shape;
  jsonSchema.additionalProperties = false;
  const required = new Set(Array.isArray(jsonSchema.required) ? (jsonSchema.required as string[]) : []);
  for (const [key, field] of Object.entries(shape)) if (wireForms.get(field)?.required) required.add(key);
  if (required.size > 0) jsonSchema.required = Object.keys(shape).filter((key) => required.has(key));
}

export const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Every component schema, keyed by id, referring to each other through `#/components/schemas/…`. */
export function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    // Requests and responses alike are described as they travel (before any transform).
    io: 'input',
    metadata: registry,
    unrepresentable: 'throw',
    uri: (id) => schemaRef(id).$ref,
    override: strict,
  });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, id: _name, ...rest } = schema as JsonSchema;
    out[id] = rest;
  }
  return out;
}
