// The query cache a server-rendered screen was drawn from (docs/decisions/0028), carried in the page
// as JSON inside `<script type="application/json">`: the browser hydrates its cache from it and
// asks for none of it again. A value a centre's owner chose (a name) may hold `</script>`: every
// `<`, `>` and `&` is written as a JSON escape, so nothing in the data can close the element or
// open a comment, and the block is never run as script (CSP holds, spec 4.6).
import type { DehydratedState } from '@tanstack/react-query';
import { SCREEN_STATE_ID } from '@/proxy-api/first-screen';

const DATE = '$date';

const unsafe: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The state as the body of the page's JSON block; Dates (the service's clock) stay Dates. They are
 * tagged before the state is written, rather than by a replacer that JSON.stringify would call for
 * every value of a 10,000-centre list (twice the proxy's time for that page, measured).
 */
export function serializeState(state: DehydratedState): string {
  const json = JSON.stringify(tagDates(state));
  return json.replace(/[<>&\u2028\u2029]/g, (character) => unsafe[character] ?? character);
}

/**
 * The state written by `serializeState`, read back. Parsed plainly and its tagged dates then found
 * in one walk: a reviver, called for every value, made the centres list's page (665 kB of state)
 * one task of 115 ms at 4× CPU before hydration; this is about a sixth of that.
 */
export function parseState(text: string): DehydratedState {
  return untagDates(JSON.parse(text)) as DehydratedState;
}

/** `value` with each Date in it as `{ $date }`; objects holding none are the same objects. */
function tagDates(value: unknown): unknown {
  if (value instanceof Date) return { [DATE]: value.toISOString() };
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] = value;
    value.forEach((item: unknown, index) => {
      const tagged = tagDates(item);
      if (tagged === item) return;
      if (out === value) out = [...value];
      out[index] = tagged;
    });
    return out;
  }
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const tagged = tagDates(item);
    if (tagged === item) continue;
    // Copied once, at its first date: the server's cache keeps its own objects.
    out ??= { ...(value as Record<string, unknown>) };
    out[key] = tagged;
  }
  return out ?? value;
}

/** A parsed state with each `{ $date }` (and nothing more) a Date again, changed in place. */
function untagDates(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = untagDates(value[index]);
    return value;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  const iso = object[DATE];
  if (keys.length === 1 && typeof iso === 'string') return new Date(iso);
  for (const key of keys) object[key] = untagDates(object[key]);
  return object;
}

/** The page's state block, if the proxy rendered this screen; removed once read. */
export function takeState(): DehydratedState | undefined {
  const element = document.getElementById(SCREEN_STATE_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return parseState(element.textContent);
  } catch {
    return undefined;
  }
}
