// Calls to the upstream service. Every call has its own deadline (issue 4: token 5 s, API 10 s)
// enforced here rather than by hono/timeout, which does not abort the fetch (toolchain.md); the
// race also covers transports that ignore the abort signal (the embedded simulator).
export type FetchLike = (input: Request) => Promise<Response>;

export type UpstreamOutcome =
  | { kind: 'response'; status: number; headers: Headers; body: Uint8Array }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; reason: string };

/** The largest upstream body the proxy buffers; bigger answers are refused as bad responses. */
const maxUpstreamBody = 16 * 1024 * 1024;

export async function callUpstream(
  transport: FetchLike,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Uint8Array },
  timeoutMs: number,
): Promise<UpstreamOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const { promise: expired, resolve: expire } = Promise.withResolvers<'timeout'>();
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('upstream deadline passed', 'TimeoutError'));
    expire('timeout');
  }, timeoutMs);
  try {
    const request = new Request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body ? Buffer.from(init.body) : undefined,
      // A redirect would leave the allow-list: pass it on as an error, never follow it (issue 4).
      redirect: 'manual',
      signal: controller.signal,
    });
    const response = await Promise.race([transport(request), expired]);
    if (response === 'timeout') return { kind: 'timeout' };
    const body = await Promise.race([readAll(response), expired]);
    if (body === 'timeout') return { kind: 'timeout' };
    return { kind: 'response', status: response.status, headers: response.headers, body };
  } catch (error) {
    if (timedOut) return { kind: 'timeout' };
    return { kind: 'unreachable', reason: describe(error) };
  } finally {
    clearTimeout(timer);
  }
}

async function readAll(response: Response): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream.
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxUpstreamBody) throw new Error('upstream body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return 'unknown error';
}

/** Parses a JSON body; undefined when it is not JSON (empty, truncated or another format). */
export function parseJson(body: Uint8Array): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(Buffer.from(body).toString('utf8')) as unknown };
  } catch {
    return undefined;
  }
}
