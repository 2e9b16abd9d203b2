// Strict readings of query strings and bodies: a malformed value is a 400 (spec §7), never a throw.
import { z } from 'zod';
import { fail, ok, type Outcome } from './types.ts';

/**
 * A query or path value that must be a decimal integer within [min, max], written as ids are (no
 * leading zero, so one number has one spelling): `1e3`, `1.5`, `-1`, `01`, `` fail.
 */
export function parseIntParam(
  name: string,
  raw: string | undefined,
  opts: { min: number; max?: number; fallback?: number },
): Outcome<number | undefined> {
  if (raw === undefined) return ok(opts.fallback);
  const max = opts.max ?? Number.MAX_SAFE_INTEGER;
  if (!/^(?:0|[1-9]\d{0,15})$/.test(raw))
    return fail(400, `${name} must be an integer`, [{ field: name, message: 'must be an integer' }]);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < opts.min || value > max)
    return fail(400, `${name} must be between ${opts.min} and ${max}`, [
      { field: name, message: `must be between ${opts.min} and ${max}` },
    ]);
  return ok(value);
}

/** A provider id in a path or query: a positive decimal integer without leading zeros. */
export function parseId(name: string, raw: string | undefined): Outcome<number> {
  if (raw === undefined || !/^[1-9]\d{0,14}$/.test(raw))
    return fail(400, `${name} must be a positive integer`, [
      { field: name, message: 'must be a positive integer' },
    ]);
  return ok(Number(raw));
}

export function zodErrors(error: z.ZodError, prefix = ''): { field: string; message: string }[] {
  return error.issues.map((issue) => ({
    field:
      issue.path.reduce<string>(
        (acc, part) =>
          typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part),
        prefix,
      ) || '(body)',
    message: issue.message,
  }));
}

export function parseBody<T>(schema: z.ZodType<T>, body: unknown, prefix = ''): Outcome<T> {
  const result = schema.safeParse(body);
  if (result.success) return ok(result.data);
  const errors = zodErrors(result.error, prefix);
  return fail(400, `Invalid request: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, errors);
}

export const nonBlank = (max: number) =>
  z
    .string()
    .refine((s) => s.trim().length > 0, 'must not be blank')
    .refine((s) => s.length <= max, `must be at most ${max} characters`);
