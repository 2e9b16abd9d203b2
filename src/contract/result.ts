// Errors are values (docs/decisions/0003): every operation returns a Result, so a caller decides what
// the user sees; `unwrap` turns it into a throw where a throw is the protocol (TanStack Query).
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  throw result.error;
}
