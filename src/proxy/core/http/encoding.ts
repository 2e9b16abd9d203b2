// Which content encoding to send (RFC 9110 12.5.3): the built files' precompressed copies
// (features/site), the watcher's kept gzip (features/watch) and the answers gzipped per request
// (compression.ts) all choose by the request's Accept-Encoding the same way.
import { parseAccept } from 'hono/utils/accept';

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to send: the best the browser accepts among those the file has (br before gzip). */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[],
): ContentEncoding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const q = (name: string) =>
    accepts.find((accept) => accept.type.toLowerCase() === name)?.q ??
    accepts.find((accept) => accept.type === '*')?.q ??
    0;
  let best: { encoding: ContentEncoding; q: number } | undefined;
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = q(encoding);
    if (available.includes(encoding) && weight > 0 && (!best || weight > best.q))
      best = { encoding, q: weight };
  }
  return best?.encoding;
}
