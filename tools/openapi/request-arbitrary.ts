// Requests generated from the OpenAPI document (issue 46 item 13): a fast-check arbitrary for a
// JSON Schema of the document, biased to its limits, where it produces the value at a limit and
// the value just past it as often as any other. Covers the keywords the document's request schemas
// use ($ref, const, enum, anyOf, allOf, objects, arrays with prefixItems, strings with lengths and
// patterns, integers, booleans); an unknown keyword fails the test that meets it.
import * as fc from 'fast-check';

export type Schema = Record<string, unknown>;

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
/** Past a limit, a little beyond: also the form a careless client sends. */
const stretch = (length: number) => 'x'.repeat(length);

function integers(schema: Schema): fc.Arbitrary<number> {
  const exclusive = num(schema.exclusiveMinimum);
  const min = num(schema.minimum) ?? (exclusive === undefined ? -1_000 : exclusive + 1);
  const max = num(schema.maximum) ?? min + 1_000_000;
  const inside = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
  return fc.oneof(
    { weight: 4, arbitrary: inside },
    fc.constantFrom(min, max, min - 1, max + 1).filter(Number.isSafeInteger),
  );
}

function strings(schema: Schema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = num(schema.maxLength);
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : undefined;
  const inside = pattern
    ? fc
        .stringMatching(pattern)
        .filter((text) => text.length >= minLength && text.length <= (maxLength ?? 1e6))
    : fc.string({ minLength, maxLength: Math.min(maxLength ?? 40, minLength + 40) });
  const edges = [
    ...(maxLength === undefined ? [] : [stretch(maxLength), stretch(maxLength + 1)]),
    ...(minLength > 0 ? [stretch(minLength - 1)] : []),
    // Blank: what a non-blank pattern refuses.
    ...(pattern ? ['   '] : []),
  ];
  return edges.length > 0 ? fc.oneof({ weight: 4, arbitrary: inside }, fc.constantFrom(...edges)) : inside;
}

function arrays(schema: Schema, item: (s: Schema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> {
  if (Array.isArray(schema.prefixItems)) return fc.tuple(...(schema.prefixItems as Schema[]).map(item));
  const element = item((schema.items as Schema | undefined) ?? {});
  const minLength = num(schema.minItems) ?? 0;
  const maxItems = num(schema.maxItems);
  const inside = fc.array(element, { minLength, maxLength: Math.min(maxItems ?? 3, minLength + 3) });
  const edges = [
    ...(maxItems === undefined ? [] : [maxItems + 1]),
    ...(minLength > 0 ? [minLength - 1] : []),
  ].map((length) => fc.array(element, { minLength: length, maxLength: length }));
  return edges.length > 0 ? fc.oneof({ weight: 4, arbitrary: inside }, ...edges) : inside;
}

function objects(schema: Schema, item: (s: Schema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = (schema.required as string[] | undefined) ?? [];
  return fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, item(inner)])),
    // Each optional field absent or present; a required one is left out now and then.
    { requiredKeys: required.filter((_, index) => index % 4 !== 3) },
  );
}

/** `b` laid over `a`: properties merged field by field, required fields joined. */
function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  const inner = { ...(a.properties as Record<string, Schema> | undefined) };
  for (const [key, value] of Object.entries((b.properties as Record<string, Schema> | undefined) ?? {}))
    inner[key] = inner[key] ? merge(inner[key], value) : value;
  if (a.properties || b.properties) out.properties = inner;
  const required = [...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])];
  if (required.length > 0) out.required = [...new Set(required)];
  return out;
}

/** A schema with its conditional parts (`allOf` of `if`/`then`) as if each condition held. */
function withBranches(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  return (allOf as Schema[]).reduce((out, part) => (part.then ? merge(out, part.then as Schema) : out), rest);
}

/** Values for `schema` within the document `components`, at and around its limits. */
export function requestArbitrary(schema: Schema, components: Record<string, Schema>): fc.Arbitrary<unknown> {
  const item = (inner: Schema): fc.Arbitrary<unknown> => requestArbitrary(inner, components);
  if (typeof schema.$ref === 'string') {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`no component ${schema.$ref}`);
    return item(target);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.oneof(fc.constantFrom(...schema.enum), fc.constant('NOT_LISTED'));
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map(item));
  switch (schema.type) {
    case 'integer':
      return integers(schema);
    case 'string':
      return strings(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return arrays(schema, item);
    case 'object':
      return objects(withBranches(schema), item);
    default:
      throw new Error(`no arbitrary for the schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}
