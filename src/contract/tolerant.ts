import { z } from 'zod/mini';

// The client is tolerant (docs/decisions/0003). A value outside a documented enum (a fifth licence
// type, say) must not crash a screen: it survives as `{ unknown: '<wire value>' }`, which the
// console shows as "unknown" instead of throwing.
export type Unknown = { unknown: string };
export type Tolerant<T extends string> = T | Unknown;

/**
 * What a tolerant schema accepts beyond the specification, stated as the documented wire form:
 * JSON Schema keywords that replace the generated ones (`schema`), and `required` when the reading
 * tolerates the absence of a field the specification always sends. The OpenAPI document and the
 * conformance run read with these forms, so they report what this reading silently absorbs
 * (docs/decisions/0009).
 */
export type WireForm = { schema?: Record<string, unknown>; required?: true };
export const wireForms = z.registry<WireForm>();

/** Marks `schema` as a tolerant reading of `wire` (see WireForm). */
export function tolerated<T extends z.ZodMiniType>(schema: T, wire: WireForm): T {
  wireForms.add(schema, wire);
  return schema;
}

export function tolerantEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const known = new Set<string>(values);
  return tolerated(
    z.pipe(
      z.string(),
      z.transform((value: string): Tolerant<T[number]> =>
        known.has(value) ? (value as T[number]) : { unknown: value },
      ),
    ),
    { schema: { type: 'string', enum: [...values] } },
  );
}

export function isKnown<T extends string>(value: Tolerant<T>): value is T {
  return typeof value === 'string';
}

/** The value as it was on the wire, known or not. */
export function wireValue<T extends string>(value: Tolerant<T>): string {
  return typeof value === 'string' ? value : value.unknown;
}

/** A wire value kept as text (the watcher's state), read back as the tolerant enum would read it. */
export function asTolerant<const T extends string>(values: readonly T[], value: string): Tolerant<T> {
  return (values as readonly string[]).includes(value) ? (value as T) : { unknown: value };
}
