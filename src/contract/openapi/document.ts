// The OpenAPI 3.1 document of the Health Provider Integration Service, generated from the
// contract: what the standalone simulator serves at /openapi.json and `npm run openapi` writes
// (docs/decisions/0009). Pure data from zod schemas, so it runs anywhere.
import { normalizeTemplatesPrefix } from '../operations.ts';
import { componentSchemas, type JsonSchema } from './components.ts';
import { pathItems } from './paths.ts';
import { withSimulatorLimits } from './simulator-limits.ts';

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

export type DocumentOptions = {
  /** Where the service (or the simulator) answers; default the standalone simulator's address. */
  serverUrl?: string;
  /** D9: the path before `/reportExample` in that environment (default none). */
  templatesPrefix?: string;
};

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:4010';

const DESCRIPTION = `The upstream service of Provider Console, as the project reads its specification
(spec §1–§9). Where the specification says "not shown", each operation names the decision (D1–D12)
the simulator follows; a real environment may differ there, and \`npm run conformance\` checks one.

Schemas are strict: objects are closed and enums listed, so a validator reports every unknown field
or value. The console reads the same answers tolerantly (unknown fields ignored, unknown enum values
shown as "unknown").

Requests: the limits stated are the simulator's (lengths, counts, largest numbers, non-blank text), and
a body past one is a 400. A field a request body does not describe is ignored, not refused; its schema
is closed all the same, so that a validator tells a client of a misspelt field.

Errors: every operation but the token answers \`{"success":false,"code":<status>,"message":"…"}\`
with \`errors[]\` on 400 (D2); the token answers OAuth 2.0 errors (D1). Rate limits: not shown (a
simulator given a capacity answers 429 once its world is full).`;

export function buildOpenApiDocument(options: DocumentOptions = {}): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Health Provider Integration Service',
      version: 'v1',
      summary: 'Tokens, doctors, child providers, licences, the partner webhook and report templates.',
      description: DESCRIPTION,
    },
    servers: [
      {
        url: options.serverUrl ?? DEFAULT_SERVER_URL,
        description:
          'The standalone simulator (`npm run simulator`); each real environment has its own base URL (§9).',
      },
    ],
    tags: [
      { name: 'Authentication', description: 'Spec §5 and 4.1.' },
      { name: 'Doctors', description: 'Spec 4.2.' },
      { name: 'Child providers', description: 'Spec 4.3–4.5: a parent provider acts for its children (D3).' },
      { name: 'Licences', description: 'Spec 4.6 and 4.7.' },
      { name: 'Partner webhook', description: 'Spec 4.8 and §6.' },
      { name: 'Report templates', description: 'Spec 4.9.' },
    ],
    security: [{ bearer: [] }],
    paths: pathItems(normalizeTemplatesPrefix(options.templatesPrefix ?? '')),
    components: {
      schemas: withSimulatorLimits(componentSchemas()),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Spec §5: `Authorization: Bearer <token>` from 4.1; D1: opaque, 3600 s by default.',
        },
      },
    },
  };
}
