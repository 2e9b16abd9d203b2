import { z } from 'zod/mini';

// URL search parameters are user input (docs/decisions/0006: list state lives in the URL, and a link
// reproduces a view). Each helper reads one parameter and falls back to its default when the value
// is missing or invalid, so `?page=abc` shows page 1 instead of an error, and links may leave any
// parameter out. The router parses `?q=123` as the number 123: text accepts numbers too.

/** `schema`, or `fallback` when the value is missing or does not parse. */
export function withFallback<S extends z.ZodMiniType>(schema: S, fallback: Exclude<z.output<S>, undefined>) {
  // zod/mini's own names: `z.catch` is not a promise's catch, `_default` is its default.
  // oxlint-disable-next-line promise/valid-params, no-underscore-dangle
  return z.catch(z._default(schema, fallback), fallback);
}

/** Free text (a search), trimmed to `maxLength`; anything that is not text becomes ''. */
export function textParam(maxLength = 200) {
  return withFallback(
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((value: string | number) => String(value).slice(0, maxLength)),
    ),
    '',
  );
}

/** Text matching `pattern` (a country code), else `fallback`. */
export function patternParam(pattern: RegExp, fallback = '') {
  return withFallback(z.string().check(z.regex(pattern)), fallback);
}

/** One of a fixed set of values (a sort column, a filter), else `fallback`. */
export function oneOfParam<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return withFallback(z.enum(values), fallback);
}

/** A whole number within bounds (an offset, a row), else `fallback`. */
export function intParam(options: { min: number; max?: number; fallback: number }) {
  return withFallback(
    z.int().check(z.minimum(options.min), z.maximum(options.max ?? Number.MAX_SAFE_INTEGER)),
    options.fallback,
  );
}

/** A page number, from 1. A page past the end is the table's business: it shows the last one. */
export const pageParam = () => intParam({ min: 1, fallback: 1 });

/** The page sizes a paged table offers; never above 100 (spec §8: the maximum page size). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export const isPageSize = (value: unknown): value is PageSize =>
  typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value);

/** One of PAGE_SIZES, else `fallback`. */
export function pageSizeParam(fallback: PageSize = DEFAULT_PAGE_SIZE) {
  return withFallback(
    z.pipe(
      z.number(),
      z.transform((value: number, context): PageSize => {
        if (isPageSize(value)) return value;
        context.issues.push({ code: 'custom', message: 'not a page size', input: value });
        return fallback;
      }),
    ),
    fallback,
  );
}
