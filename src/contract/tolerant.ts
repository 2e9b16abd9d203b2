import { z } from 'zod/mini';

// decisions.md (top): the client is tolerant. A value outside a documented enum (a fifth licence
// type, say) must not crash a screen: it survives as `{ unknown: '<wire value>' }`, which the
// console shows as "unknown" instead of throwing.
export type Unknown = { unknown: string };
export type Tolerant<T extends string> = T | Unknown;

export function tolerantEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const known = new Set<string>(values);
  return z.pipe(
    z.string(),
    z.transform((value: string): Tolerant<T[number]> =>
      known.has(value) ? (value as T[number]) : { unknown: value },
    ),
  );
}

export function isKnown<T extends string>(value: Tolerant<T>): value is T {
  return typeof value === 'string';
}

/** The value as it was on the wire, known or not. */
export function wireValue<T extends string>(value: Tolerant<T>): string {
  return typeof value === 'string' ? value : value.unknown;
}
