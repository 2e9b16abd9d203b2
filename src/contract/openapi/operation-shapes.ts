// The shapes an operation's description takes (operation-specs.ts), and the parameters several
// operations share: spec 4.4–4.7's path ids and §8's paging.
import type { JsonSchema } from './components.ts';

/** A gap of the spec ("not shown") and the decision that fills it. */
export type DecisionNote = { gap: string; decision: string; rule: string };

export type Parameter = {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
};
export type OperationSpec = {
  tag: string;
  summary: string;
  description: string;
  decisions: DecisionNote[];
  parameters?: Parameter[];
  body?: { type: 'application/json' | 'application/x-www-form-urlencoded'; schema: string; example: unknown };
  ok: { schema: string; description: string; examples: Record<string, unknown> };
  /** Error statuses: D2 bodies, or D1 OAuth bodies for the token. */
  errors: number[];
};

// Spec 4.4–4.7: path ids are strings holding a positive decimal integer (the contract's pattern).
const ID_PATTERN = '^[1-9][0-9]{0,15}$';
export const pathId = (name: string, description: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: ID_PATTERN },
});
export const query = (
  name: string,
  description: string,
  schema: JsonSchema,
  required = false,
): Parameter => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});
export const offset = query('offset', 'Items to skip; default 0 (spec §8).', {
  type: 'integer',
  minimum: 0,
  default: 0,
});
export const PAGE_LIMIT = { type: 'integer', minimum: 1, maximum: 100, default: 10 };
