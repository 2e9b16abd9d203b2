// Checks an answer against the OpenAPI document (docs/openapi.json) with ajv: the operation at
// METHOD path, the response documented for its status, and the JSON body against that response's
// schema, strictly (the document's objects are closed and its enums listed). Shared by the
// simulator's tests and the conformance run; no Node APIs, so it type-checks in every project.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { z } from 'zod';

/**
 * What kind of difference: a field the document does not list, a value outside a listed enum (or
 * a constant), any other shape, an answer the document does not describe at all, or (reported by
 * the conformance run) a rule of the spec or of a decision that the answer breaks.
 */
export type ProblemKind = 'unknown-field' | 'unknown-value' | 'shape' | 'undocumented' | 'rule';
export type Problem = { kind: ProblemKind; at: string; message: string };

const mediaSchema = z.object({ schema: z.record(z.string(), z.unknown()) });
const responseSchema = z.object({ content: z.record(z.string(), mediaSchema).optional() });
const operationSchema = z.object({
  operationId: z.string(),
  responses: z.record(z.string(), responseSchema),
});
const documentSchema = z.object({
  openapi: z.string().startsWith('3.1'),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
});

type Route = {
  method: string;
  template: string;
  pattern: RegExp;
  operationId: string;
  responses: Map<string, ValidateFunction | null>;
};

const DEFS_ID = 'urn:provider-console:openapi';
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** `#/components/schemas/X` → a reference ajv resolves inside the one schema holding them all. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    out[key] =
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')
        ? `${DEFS_ID}#/$defs/${inner.slice('#/components/schemas/'.length)}`
        : rewriteRefs(inner);
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type ResponseChecker = ReturnType<typeof createResponseChecker>;

export function createResponseChecker(document: unknown) {
  const doc = documentSchema.parse(document);
  // Formats are not asserted: the document's date-time strings carry patterns of their own (D10).
  // Strict about keywords (a typo in the document fails), not about JSON Schema style.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allowUnionTypes: true,
    validateFormats: false,
    // Unions are explained branch by branch, which needs each failing union's branches and value.
    verbose: true,
  });
  ajv.addSchema({ $id: DEFS_ID, $defs: rewriteRefs(doc.components.schemas) as Record<string, object> });
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const op = operationSchema.parse(raw);
      const responses = new Map<string, ValidateFunction | null>();
      for (const [status, response] of Object.entries(op.responses)) {
        const json = response.content?.['application/json'];
        responses.set(status, json ? ajv.compile(rewriteRefs(json.schema) as object) : null);
      }
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : escape(part)))
        .join('');
      routes.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        operationId: op.operationId,
        responses,
      });
    }
  }

  const routeAt = (method: string, pathname: string) =>
    routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(pathname));

  return {
    /** The documented operation at METHOD pathname (no query), if any. */
    operationAt(method: string, pathname: string): string | undefined {
      return routeAt(method, pathname)?.operationId;
    },
    /** Every way `bodyText` differs from the component schema `name` (for answers outside the paths). */
    checkComponent(name: string, bodyText: string): Problem[] {
      const validate = ajv.getSchema(`${DEFS_ID}#/$defs/${name}`);
      if (!validate) throw new Error(`the document has no component ${name}`);
      const body = parseJson(bodyText);
      if (body === NOT_JSON) return [{ kind: 'shape', at: '', message: 'the body is not JSON' }];
      return validate(body) ? [] : explain(ajv, validate.errors ?? []);
    },
    /** Every way `bodyText` (as received, JSON or not) differs from what the document says. */
    check(method: string, pathname: string, status: number, bodyText: string): Problem[] {
      const route = routeAt(method, pathname);
      if (!route) return [{ kind: 'undocumented', at: '', message: `no operation at ${method} ${pathname}` }];
      const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => route.responses.has(k));
      if (key === undefined)
        return [
          { kind: 'undocumented', at: '', message: `${route.operationId} documents no ${status} answer` },
        ];
      const validate = route.responses.get(key);
      if (!validate) return [];
      const body = parseJson(bodyText);
      if (body === NOT_JSON) return [{ kind: 'shape', at: '', message: 'the body is not JSON' }];
      return validate(body) ? [] : explain(ajv, validate.errors ?? []);
    },
  };
}

const NOT_JSON = Symbol('not JSON');
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

const isUnion = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
const isUnder = (at: string, root: string) => at === root || at.startsWith(`${root}/`);

/**
 * ajv's errors as problems. Where a union (`anyOf`, like 4.7's four shapes) failed, the value is
 * checked against each branch alone and only the closest branch's problems (the fewest) are kept:
 * "shape 1 with an extra field" is the useful report, not four shapes' worth of mismatches.
 */
function explain(ajv: Ajv2020, errors: ErrorObject[], prefix = ''): Problem[] {
  let remaining = errors;
  const out: Problem[] = [];
  for (const union of errors.filter(isUnion).sort((a, b) => a.instancePath.length - b.instancePath.length)) {
    if (!remaining.includes(union)) continue;
    remaining = remaining.filter((e) => !isUnder(e.instancePath, union.instancePath));
    const candidates = (union.schema as object[]).map((branch) => {
      const validate = ajv.compile(branch);
      return validate(union.data)
        ? []
        : explain(ajv, validate.errors ?? [], `${prefix}${union.instancePath}`);
    });
    out.push(...candidates.reduce((a, b) => (b.length < a.length ? b : a)));
  }
  out.push(
    ...remaining
      // `propertyNames` wraps the failing key's own error, which says more.
      .filter((e) => e.keyword !== 'propertyNames')
      .map((e) => toProblem({ ...e, instancePath: `${prefix}${e.instancePath}` })),
  );
  const seen = new Set<string>();
  return out.filter((p) => {
    const id = `${p.kind} ${p.at} ${p.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function toProblem(e: ErrorObject): Problem {
  const at = e.instancePath || '/';
  if (e.keyword === 'additionalProperties') {
    const field = String((e.params as { additionalProperty?: unknown }).additionalProperty);
    return { kind: 'unknown-field', at: `${e.instancePath}/${field}`, message: `unknown field "${field}"` };
  }
  if (e.keyword === 'enum' && e.propertyName !== undefined)
    return { kind: 'unknown-value', at, message: `unknown key ${JSON.stringify(e.propertyName)}` };
  if (e.keyword === 'enum' || e.keyword === 'const') {
    const allowed = (e.params as { allowedValues?: unknown[]; allowedValue?: unknown }).allowedValues ?? [
      (e.params as { allowedValue?: unknown }).allowedValue,
    ];
    return {
      kind: 'unknown-value',
      at,
      message: `${JSON.stringify(e.data)} is not one of ${JSON.stringify(allowed)}`,
    };
  }
  return { kind: 'shape', at, message: e.message ?? e.keyword };
}
