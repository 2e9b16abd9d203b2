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

// Spec 4.4–4.7: path ids are strings holding a positive decimal integer, of at most 15 digits as the
// simulator reads them (so every one is a safe integer; issue 46 item 13).
const ID_PATTERN = '^[1-9][0-9]{0,14}$';
/** The largest id the simulator reads, in a path or a query. */
export const MAX_ID = 999_999_999_999_999;
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
  maximum: Number.MAX_SAFE_INTEGER,
  default: 0,
});
/** 4.5's page size: no maximum but the largest safe integer (D5). */
export const CHILD_LIMIT = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
/** 4.6's search: the simulator reads at most 100 characters. */
export const SEARCH = { type: 'string', maxLength: 100 };
/** A user id in a query (4.7, 4.9): the simulator reads 1 to 100 characters. */
export const userIdSchema = { type: 'string', minLength: 1, maxLength: 100 };
export const PAGE_LIMIT = { type: 'integer', minimum: 1, maximum: 100, default: 10 };
