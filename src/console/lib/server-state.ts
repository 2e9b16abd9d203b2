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

/** The state as the body of the page's JSON block; Dates (the service's clock) stay Dates. */
export function serializeState(state: DehydratedState): string {
  const json = JSON.stringify(state, function (this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    return original instanceof Date ? { [DATE]: original.toISOString() } : value;
  });
  return json.replace(/[<>&\u2028\u2029]/g, (character) => unsafe[character] ?? character);
}

/** The state written by `serializeState`, read back. */
export function parseState(text: string): DehydratedState {
  return JSON.parse(text, (_, value: unknown) => {
    if (typeof value === 'object' && value !== null && DATE in value) {
      const { [DATE]: iso } = value as Record<string, unknown>;
      if (typeof iso === 'string' && Object.keys(value).length === 1) return new Date(iso);
    }
    return value;
  }) as DehydratedState;
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
