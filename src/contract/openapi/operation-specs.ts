// What the spec (§4 tables, §7) and D1–D12 say about each of the nine operations: its
// parameters, its body and answer (as component names), its error statuses and, where the spec
// says "not shown", the decision the simulator follows.
import type { OperationId } from '../operations.ts';
import { LICENSE_TYPES } from '../schemas.ts';
import {
  CHILD_LIMIT,
  MAX_ID,
  offset,
  PAGE_LIMIT,
  pathId,
  query,
  SEARCH,
  userIdSchema,
  type OperationSpec,
} from './operation-shapes.ts';
import { examples } from './examples.ts';

export type { DecisionNote, OperationSpec, Parameter } from './operation-shapes.ts';

export const operationSpecs: Record<OperationId, OperationSpec> = {
  requestToken: {
    tag: 'Authentication',
    summary: 'Obtain a bearer token (client credentials)',
    description: 'Spec 4.1 and §5. The answer is 200 with `access_token` and `token_type` = `Bearer`.',
    decisions: [
      {
        gap: 'Token lifetime and renewal',
        decision: 'D1',
        rule: 'opaque tokens, `expires_in` 3600 s by default',
      },
      {
        gap: 'Error codes of the token operation',
        decision: 'D1',
        rule: 'OAuth 2.0 errors (RFC 6749 §5.2): 400 `invalid_request` or `unsupported_grant_type`, 401 `invalid_client`',
      },
    ],
    body: {
      type: 'application/x-www-form-urlencoded',
      schema: 'TokenRequest',
      example: examples.requestToken.request,
    },
    ok: {
      schema: 'TokenResponse',
      description: 'A token (2.1).',
      examples: { token: examples.requestToken.response },
    },
    errors: [400, 401],
  },
  registerDoctors: {
    tag: 'Doctors',
    summary: 'Register doctors under a health provider',
    description:
      'Spec 4.2: one or more doctors (2.2). Re-registering the same `doctorId` is idempotent (D4).',
    decisions: [
      {
        gap: 'Response when several doctors are sent',
        decision: 'D4',
        rule: 'the same answer plus `doctorIds`, in request order',
      },
      { gap: 'Complete list of `lang` codes', decision: 'D4', rule: 'ES EN CA FR DE IT PT, case-sensitive' },
      {
        gap: 'Error codes of doctor registration',
        decision: 'D2, D4',
        rule: 'any invalid doctor is a 400 for the whole request, fields as `doctors[i].x`',
      },
      { gap: 'Maximum doctors per request', decision: 'simulator only', rule: '100' },
      {
        gap: 'Rate limits (spec §8)',
        decision: 'simulator only',
        rule: 'a demo world bounded for the public answers 429 once it has no room for more until it is reset',
      },
    ],
    body: {
      type: 'application/json',
      schema: 'RegisterDoctorsRequest',
      example: examples.registerDoctors.request,
    },
    ok: {
      schema: 'DoctorRegistrationResponse',
      description: 'Registered.',
      examples: { one: examples.registerDoctors.response },
    },
    errors: [400, 401, 403, 404, 429],
  },
  createChildCenter: {
    tag: 'Child providers',
    summary: 'Create a child provider',
    description: 'Spec 4.3. The caller is a parent provider (D3). Keep the three values of the answer.',
    decisions: [
      {
        gap: 'Validation of name, country and city',
        decision: 'D5',
        rule: 'required, non-blank, at most 200 characters',
      },
      {
        gap: 'Billing of a new child',
        decision: 'D5',
        rule: 'PARTNER_SELF under a self-billing parent, else PROCESSOR',
      },
      {
        gap: 'Rate limits (spec §8)',
        decision: 'simulator only',
        rule: 'a demo world bounded for the public answers 429 once it has no room for more until it is reset',
      },
    ],
    body: {
      type: 'application/json',
      schema: 'CreateChildCenterRequest',
      example: examples.createChildCenter.request,
    },
    ok: {
      schema: 'ChildCreationEnvelope',
      description: 'Created.',
      examples: { created: examples.createChildCenter.response },
    },
    errors: [400, 401, 403, 429],
  },
  getChildCenterCredentials: {
    tag: 'Child providers',
    summary: "Get a child provider's credentials",
    description: "Spec 4.4. For the child's parent only (D3).",
    decisions: [
      {
        gap: 'Permission model',
        decision: 'D3',
        rule: "a child's token gets 403; a provider outside the caller's children 403",
      },
    ],
    parameters: [pathId('childProviderId', 'The child provider.')],
    ok: {
      schema: 'ChildCredentialsEnvelope',
      description: 'The credentials (D5: as at creation).',
      examples: { credentials: examples.getChildCenterCredentials.response },
    },
    errors: [400, 401, 403, 404],
  },
  listChildCenters: {
    tag: 'Child providers',
    summary: 'List child providers',
    description:
      'Spec 4.5: the children of the authenticated parent. Without `limit` every child is returned and `meta.limit` equals `meta.total` (2.5).',
    decisions: [
      {
        gap: 'Other fields of a list item',
        decision: 'D5',
        rule: '`{id, name, country, city}`, ordered by id',
      },
      {
        gap: 'Maximum `limit` for the child list',
        decision: 'D5',
        rule: 'an integer ≥ 1, no maximum; else 400',
      },
    ],
    parameters: [
      pathId('providerId', "The parent provider: the caller's own (D3)."),
      query('limit', 'Page size; when omitted all children are returned.', CHILD_LIMIT),
      offset,
    ],
    ok: {
      schema: 'ChildCentersEnvelope',
      description: 'A page of children.',
      examples: { page: examples.listChildCenters.response },
    },
    errors: [400, 401, 403, 404],
  },
  listDoctorsWithLicenses: {
    tag: 'Licences',
    summary: 'List doctors with their licences',
    description: 'Spec 4.6. `suspension` is omitted for PARTNER_SELF providers (2.8).',
    decisions: [
      { gap: 'Maximum `limit` for the user list', decision: 'D6', rule: '1 to 100, default 10; else 400' },
      { gap: 'Order', decision: 'D6', rule: 'by lastname, name, id' },
      {
        gap: 'Search details',
        decision: 'D6',
        rule: 'the simulator also ignores accents (the console must not rely on it)',
      },
    ],
    parameters: [
      pathId('providerId', 'The provider: the caller or one of its children (D3).'),
      query('limit', 'Page size; default 10.', PAGE_LIMIT),
      offset,
      query('search', 'Partial, case-insensitive match on first or last name.', SEARCH),
    ],
    ok: {
      schema: 'DoctorsWithLicensesEnvelope',
      description: 'A page of doctors.',
      examples: { page: examples.listDoctorsWithLicenses.response },
    },
    errors: [400, 401, 403, 404],
  },
  getLicenses: {
    tag: 'Licences',
    summary: 'Licence summary, or licences by user or type',
    description: 'Spec 4.7: shapes 1–3 without `userId`, shape 4 with it.',
    decisions: [
      {
        gap: 'Response shape with `type`',
        decision: 'D7',
        rule: '`{licenses}` of that type in the provider (+ `suspension` for PROCESSOR)',
      },
      { gap: '`userId` and `type` together', decision: 'D7', rule: "that user's licences of that type" },
      { gap: 'Unknown `userId` or `type`', decision: 'D7', rule: '404 and 400' },
      {
        gap: 'A PARTNER_SELF centre with no contract yet',
        decision: 'simulator only (docs/decisions/0004)',
        rule: '404',
      },
    ],
    parameters: [
      pathId('providerId', 'The provider: the caller or one of its children (D3).'),
      query('userId', "External user identifier: that user's licences.", userIdSchema),
      query('type', 'Licence detail of this type rather than the summary.', {
        type: 'string',
        enum: [...LICENSE_TYPES],
      }),
    ],
    ok: {
      schema: 'LicensesEnvelope',
      description: 'One of the four shapes.',
      examples: {
        processor: examples.getLicenses.processor,
        partnerSelf: examples.getLicenses.partnerSelf,
        payPerUse: examples.getLicenses.payPerUse,
        licenses: examples.getLicenses.licenses,
      },
    },
    errors: [400, 401, 403, 404],
  },
  sendPartnerWebhook: {
    tag: 'Partner webhook',
    summary: 'Notify a contract creation, change or cancellation',
    description:
      'Spec 4.8 and §6: for parent providers enabled for self-billing. A centre not billed by its parent gets 409.',
    decisions: [
      {
        gap: 'Request body envelope',
        decision: 'D8',
        rule: 'Stripe-like `{id, type, created, data: {providerId, items}}`',
      },
      {
        gap: 'Idempotency',
        decision: 'D8',
        rule: 'a repeated event `id` answers 200 with `applied: false` and changes nothing',
      },
      {
        gap: 'Responses per case',
        decision: 'D8',
        rule: '400 bad envelope; 403/404 per D3; 409 not PARTNER_SELF; 422 when the event does not fit the state',
      },
      {
        gap: 'Rate limits (spec §8)',
        decision: 'simulator only',
        rule: 'a demo world bounded for the public answers 429 once it has no room for more until it is reset',
      },
    ],
    body: {
      type: 'application/json',
      schema: 'PartnerWebhookEvent',
      example: examples.sendPartnerWebhook.request,
    },
    ok: {
      schema: 'WebhookResultEnvelope',
      description: 'Applied, or already applied.',
      examples: { applied: examples.sendPartnerWebhook.response },
    },
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
  listReportTemplates: {
    tag: 'Report templates',
    summary: 'List report templates',
    description:
      "Spec 4.9: only `providerId` gives the provider's templates; with `userId` the user's too; with `excludeProvider=true` only the user's.",
    decisions: [
      {
        gap: 'Path prefix before `/reportExample`',
        decision: 'D9',
        rule: 'configurable per environment (default none)',
      },
      { gap: '`excludeProvider` without `userId`', decision: 'D9', rule: '400' },
      { gap: 'Order', decision: 'D9', rule: 'by id' },
    ],
    parameters: [
      query('providerId', 'The health provider.', { type: 'integer', minimum: 1, maximum: MAX_ID }, true),
      query('userId', "When present, the user's own templates are included too.", userIdSchema),
      query('excludeProvider', "When true, only the user's templates.", { type: 'boolean' }),
      query('limit', 'Page size; default 10, maximum 100 (spec §8).', PAGE_LIMIT),
      offset,
    ],
    ok: {
      schema: 'ReportTemplatesEnvelope',
      description: 'A page of templates.',
      examples: { page: examples.listReportTemplates.response },
    },
    errors: [400, 401, 403, 404],
  },
};
