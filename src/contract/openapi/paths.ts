// The nine operations of spec §4 as OpenAPI path items: parameters from the spec's tables,
// bodies and answers from the contract's schemas (components.ts), and, where the spec says
// "not shown", the decision (D-number) the simulator follows.
import { operations } from '../operations.ts';
import { schemaRef, type JsonSchema } from './components.ts';
import { examples } from './examples.ts';
import { operationSpecs, type DecisionNote } from './operation-specs.ts';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid body or parameters (spec §7).',
  401: 'Authentication token missing or invalid (spec §5, D1).',
  403: 'No permission for the resource (D3).',
  404: 'Resource not found (spec §7).',
  409: "The operation does not apply to the centre's billing regime (spec §7).",
  422: "A valid body that cannot be applied to the centre's current state (spec §7, D8).",
};

/** D2's body for one status: `code` mirrors it, and `errors` is there on 400 only. */
function errorResponse(status: number) {
  const schema: JsonSchema = {
    type: 'object',
    allOf: [schemaRef('Error')],
    properties: { code: { const: status }, errors: status === 400 ? { type: 'array' } : false },
  };
  if (status === 400) schema.required = ['errors'];
  const example = examples.errors[status as keyof typeof examples.errors];
  return {
    description: `${STATUS_TEXT[status]} Body per D2.`,
    content: { 'application/json': { schema, example } },
  };
}

function oauthResponse(status: 400 | 401) {
  return {
    description: `${STATUS_TEXT[status]} OAuth 2.0 error body (D1).`,
    content: {
      'application/json': {
        schema: schemaRef('OAuthError'),
        example: status === 400 ? examples.errors.oauth400 : examples.errors.oauth401,
      },
    },
  };
}

const notes = (decisions: DecisionNote[]) =>
  decisions.length === 0
    ? ''
    : `\n\nWhere the spec says "not shown", the simulator follows:\n\n${decisions
        .map((d) => `- ${d.gap}: **${d.decision}**, ${d.rule}.`)
        .join('\n')}`;

/** `paths` of the document; `templatesPrefix` is the path before `/reportExample` (D9). */
export function pathItems(templatesPrefix = ''): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const spec = operationSpecs[op.id];
    const path = op.id === 'listReportTemplates' ? `${templatesPrefix}${op.path}` : op.path;
    const responses: Record<string, unknown> = {
      200: {
        description: spec.ok.description,
        content: {
          'application/json': {
            schema: schemaRef(spec.ok.schema),
            examples: Object.fromEntries(
              Object.entries(spec.ok.examples).map(([name, value]) => [name, { value }]),
            ),
          },
        },
      },
    };
    for (const status of spec.errors)
      responses[status] =
        op.id === 'requestToken' ? oauthResponse(status as 400 | 401) : errorResponse(status);
    out[path] = {
      ...out[path],
      [op.method.toLowerCase()]: {
        operationId: op.id,
        tags: [spec.tag],
        summary: spec.summary,
        description: `${spec.description}${notes(spec.decisions)}`,
        'x-spec-section': op.section,
        'x-decisions': spec.decisions,
        ...(op.id === 'requestToken' ? { security: [] } : {}),
        ...(spec.parameters ? { parameters: spec.parameters } : {}),
        ...(spec.body
          ? {
              requestBody: {
                required: true,
                content: {
                  [spec.body.type]: { schema: schemaRef(spec.body.schema), example: spec.body.example },
                },
              },
            }
          : {}),
        responses,
      },
    };
  }
  return out;
}
