// Every string the proxy stores is storable (issue 46 item 2): PostgreSQL refuses a NUL character in
// text and jsonb, and a lone UTF-16 surrogate cannot be encoded, so an audit row holding either
// was refused and the action it recorded was lost from the trail. NUL becomes U+2400 (␀, visible
// where it is read) and a lone surrogate U+FFFD, inside strings, arrays and JSON objects alike.
// Web-standard: the in-browser demo's memory store keeps the same values as the database.

// oxlint-disable-next-line no-control-regex -- NUL is what PostgreSQL refuses
const unstorable = /\u0000|[\uD800-\uDFFF]/;
// The same two inside JSON text sent for a jsonb column (JSON.stringify escapes them).
const escapedUnstorable = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

/** The string as PostgreSQL can keep it, changed visibly only where it could not be. */
export function storableText(text: string): string {
  const kept = unstorable.test(text) ? text.replaceAll('\u0000', '\u2400').toWellFormed() : text;
  if (!escapedUnstorable.test(kept)) return kept;
  try {
    return JSON.stringify(storable(JSON.parse(kept)));
  } catch {
    return kept; // not JSON: plain text that spells an escape, storable as it is
  }
}

/** A value with every string in it made storable (plain objects and arrays walked; others kept). */
export function storable(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storable);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [storableText(key), storable(inner)]),
    );
  return value;
}
