// The limits the simulator enforces on request bodies where the spec says nothing (issue 46 item
// 13; D4, D5, D8): stated in the document, so that a body the document allows is never refused by
// the simulator for its size or blankness, and one past a stated limit is. The contract's own
// schemas (the console's, generated into the components) keep the spec's reading; these are added
// to the document only. tools/openapi/limits.test.ts probes the simulator at each one.
import type { JsonSchema } from './components.ts';

/** A limit: keywords added (a keyword set to null is taken away) at a path of a component. */
type Limit = { component: string; at: (string | number)[]; add: JsonSchema };

/** Non-blank (D4, D5, D8): at least one character that is not white space, as `trim()` reads it. */
const nonBlank = { pattern: '\\S' };
const seats = ['properties', 'data', 'properties', 'items', 'anyOf', 1];
const usage = ['properties', 'data', 'properties', 'items', 'anyOf', 0, 'prefixItems', 0];

export const SIMULATOR_LIMITS: readonly Limit[] = [
  ...['name', 'lastname', 'doctorId'].map((field) => ({
    component: 'DoctorRegistration',
    at: ['properties', field],
    add: nonBlank,
  })),
  { component: 'DoctorRegistration', at: ['properties', 'email'], add: { maxLength: 254 } },
  {
    component: 'DoctorRegistration',
    at: ['properties', 'doctorSpeciality'],
    add: { maximum: 2_147_483_647 },
  },
  { component: 'DoctorRegistration', at: ['properties', 'doctorDictionary'], add: { maxLength: 2_000 } },
  { component: 'RegisterDoctorsRequest', at: ['properties', 'doctors'], add: { maxItems: 100 } },
  ...['name', 'country', 'city'].map((field) => ({
    component: 'CreateChildCenterRequest',
    at: ['properties', field],
    add: nonBlank,
  })),
  { component: 'PartnerWebhookEvent', at: ['properties', 'id'], add: { maxLength: 255, ...nonBlank } },
  { component: 'PartnerWebhookEvent', at: seats, add: { maxItems: 3 } },
  {
    component: 'PartnerWebhookEvent',
    at: [...seats, 'items', 'properties', 'quantity'],
    add: { maximum: 100_000 },
  },
  {
    component: 'PartnerWebhookEvent',
    at: [...usage, 'properties', 'includedConsultations'],
    // The simulator takes 0 as well (the console sends 1 or more).
    add: { exclusiveMinimum: null, minimum: 0, maximum: 10_000_000 },
  },
];

/**
 * D8: a creation and an update carry their items, read as described; a cancellation's are ignored
 * (the simulator reads no items there), so the items' schema applies to the first two only.
 */
function itemsWhereRead(event: JsonSchema): void {
  const data = (event.properties as Record<string, JsonSchema>).data as JsonSchema;
  const fields = data.properties as Record<string, JsonSchema>;
  const items = fields.items;
  fields.items = {
    description: 'Read on a creation and an update (required there); ignored on a cancellation.',
  };
  event.allOf = [
    {
      if: { properties: { type: { enum: ['checkout.session.completed', 'customer.subscription.updated'] } } },
      // oxlint-disable-next-line unicorn/no-thenable -- JSON Schema's if/then, not a promise
      then: { properties: { data: { required: ['providerId', 'items'], properties: { items } } } },
    },
  ];
}

/** The components with the simulator's limits added; throws when a limit names no schema. */
export function withSimulatorLimits(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  for (const { component, at, add } of SIMULATOR_LIMITS) {
    let target: unknown = schemas[component];
    for (const step of at) target = (target as Record<string | number, unknown> | undefined)?.[step];
    if (target === null || typeof target !== 'object')
      throw new Error(`no schema at ${component}/${at.join('/')} for a simulator limit`);
    for (const [keyword, value] of Object.entries(add))
      if (value === null) delete (target as JsonSchema)[keyword];
      else (target as JsonSchema)[keyword] = structuredClone(value);
  }
  if (schemas.PartnerWebhookEvent) itemsWhereRead(schemas.PartnerWebhookEvent);
  return schemas;
}
